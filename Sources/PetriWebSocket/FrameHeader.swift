/// The first bytes of a WebSocket frame (RFC 6455 §5.2): FIN, opcode, mask bit and payload
/// length, without the masking key a client's frame carries after them.
enum FrameHeader {
    /// The longest header: two bytes and a 64-bit length.
    static let maximumSize = 10

    /// Writes a header at `destination` and returns how many bytes it took (2, 4 or 10).
    ///
    /// - Parameters:
    ///   - opcode: 1 text, 2 binary, 0 continuation, 8 close, 9 ping, 10 pong.
    ///   - fin: Whether this frame ends its message.
    ///   - masked: Whether a masking key follows (client frames).
    ///   - payloadLength: The payload's length in bytes.
    static func write(
        opcode: UInt8, fin: Bool = true, masked: Bool = false, payloadLength: Int,
        to destination: UnsafeMutableRawPointer
    ) -> Int {
        let bytes = destination.assumingMemoryBound(to: UInt8.self)
        let maskBit: UInt8 = masked ? 0x80 : 0
        bytes[0] = (fin ? 0x80 : 0) | opcode
        if payloadLength < 126 {
            bytes[1] = maskBit | UInt8(payloadLength)
            return 2
        }
        let extra = payloadLength < 65536 ? 2 : 8
        bytes[1] = maskBit | (extra == 2 ? 126 : 127)
        for i in 0..<extra {
            bytes[2 + i] = UInt8(truncatingIfNeeded: UInt64(payloadLength) >> UInt64(8 * (extra - 1 - i)))
        }
        return 2 + extra
    }
}
