/// Builds one client-to-server WebSocket frame by hand (RFC 6455 §5.2), masked as a client's
/// must be: for the load generator and for tests that play clients no library would be.
public enum ClientFrame {
    /// The bytes of one frame.
    ///
    /// - Parameters:
    ///   - opcode: 1 text, 2 binary, 0 continuation, 8 close, 9 ping, 10 pong.
    ///   - payload: The unmasked payload.
    ///   - fin: Whether this is the message's last frame.
    ///   - mask: The four masking bytes.
    public static func masked(
        opcode: UInt8, payload: [UInt8], fin: Bool = true, mask: [UInt8] = [0x5a, 0x17, 0xc3, 0x81]
    ) -> [UInt8] {
        var frame = [UInt8](repeating: 0, count: FrameHeader.maximumSize)
        let headerSize = frame.withUnsafeMutableBytes { buffer in
            guard let start = buffer.baseAddress else { return 0 }
            return FrameHeader.write(opcode: opcode, fin: fin, masked: true, payloadLength: payload.count, to: start)
        }
        frame.removeLast(FrameHeader.maximumSize - headerSize)
        frame += mask.prefix(4)
        for (i, b) in payload.enumerated() { frame.append(b ^ mask[i & 3]) }
        return frame
    }
}
