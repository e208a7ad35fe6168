/// Reads what WebSocket clients send (RFC 6455 §5.2: masked frames), for the floors, which
/// use no library: whole messages out of a connection's bytes.
enum ClientFrames {
    /// What ``split(_:message:onMessage:)`` found.
    enum Split: Equatable {
        /// This many bytes were whole frames (the rest is the start of the next one).
        case used(Int)
        /// The client closed, or broke the protocol (an unmasked frame, a frame over 1 MiB):
        /// the connection is done.
        case closed
    }

    /// The largest frame a floor takes (the server's own cap for one message).
    static let maximumPayload = 1 << 20

    /// Hands each whole data message in `bytes` to `onMessage` (unmasked; valid only during
    /// the call). A message's fragments gather in `message` until its last one; pings and
    /// pongs are skipped (the load clients send none).
    static func split(
        _ bytes: [UInt8], message: inout [UInt8], onMessage: (UnsafeRawBufferPointer) -> Void
    ) -> Split {
        var offset = 0
        while bytes.count - offset >= 2 {
            let fin = bytes[offset] & 0x80 != 0
            let opcode = bytes[offset] & 0x0f
            guard bytes[offset + 1] & 0x80 != 0 else { return .closed }
            var length = Int(bytes[offset + 1] & 0x7f)
            var header = 2
            if length == 126 {
                guard bytes.count - offset >= 4 else { break }
                length = Int(bytes[offset + 2]) << 8 | Int(bytes[offset + 3])
                header = 4
            } else if length == 127 {
                return .closed
            }
            guard length <= maximumPayload else { return .closed }
            guard bytes.count - offset >= header + 4 + length else { break }
            let mask = offset + header
            let payload = mask + 4
            if opcode == 8 { return .closed }
            if opcode <= 2 {
                message.reserveCapacity(message.count + length)
                for i in 0..<length { message.append(bytes[payload + i] ^ bytes[mask + (i & 3)]) }
                if fin {
                    message.withUnsafeBytes(onMessage)
                    message.removeAll(keepingCapacity: true)
                }
            }
            offset = payload + length
        }
        return .used(offset)
    }
}
