/// Builds one client-to-server WebSocket frame by hand (RFC 6455 §5.2), masked as a client's
/// must be: for the load generator and for tests that play clients no library would be.
package enum ClientFrame {
    /// The bytes of one frame.
    ///
    /// - Parameters:
    ///   - opcode: 1 text, 2 binary, 0 continuation, 8 close, 9 ping, 10 pong.
    ///   - payload: The unmasked payload.
    ///   - fin: Whether this is the message's last frame.
    ///   - mask: The four masking bytes.
    package static func masked(
        opcode: UInt8, payload: [UInt8], fin: Bool = true, mask: [UInt8] = [0x5a, 0x17, 0xc3, 0x81]
    ) -> [UInt8] {
        var frame: [UInt8] = [(fin ? 0x80 : 0) | opcode]
        frame.reserveCapacity(14 + payload.count)
        // The mask bit, then a 7-bit length, or 126 and 16 bits, or 127 and 64 bits (big-endian).
        let extra = payload.count < 126 ? 0 : payload.count < 65536 ? 2 : 8
        frame.append(0x80 | (extra == 0 ? UInt8(payload.count) : extra == 2 ? 126 : 127))
        for i in stride(from: extra - 1, through: 0, by: -1) {
            frame.append(UInt8(truncatingIfNeeded: UInt64(payload.count) >> UInt64(8 * i)))
        }
        frame += mask.prefix(4)
        for (i, b) in payload.enumerated() { frame.append(b ^ mask[i & 3]) }
        return frame
    }
}
