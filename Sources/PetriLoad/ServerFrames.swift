/// Splits the bytes a load client read from a server into whole messages (server frames are never
/// masked): fragments are reassembled in `message`, an unfragmented message is handed over in place.
enum ServerFrames {
    /// Calls `onMessage` with each whole data message and `onPing` with each ping's payload found in the
    /// whole frames at the front of `buffer`.
    ///
    /// - Returns: How many bytes of `buffer` those frames took (the rest is an incomplete frame).
    static func split(
        _ buffer: [UInt8], message: inout [UInt8], onMessage: (UnsafeRawBufferPointer) -> Void,
        onPing: ([UInt8]) -> Void
    ) -> Int {
        var offset = 0
        while buffer.count - offset >= 2 {
            let b0 = buffer[offset]
            var length = Int(buffer[offset + 1] & 0x7f)
            var header = 2
            if length == 126 {
                guard buffer.count - offset >= 4 else { break }
                length = Int(buffer[offset + 2]) << 8 | Int(buffer[offset + 3])
                header = 4
            } else if length == 127 {
                guard buffer.count - offset >= 10 else { break }
                length = (0..<8).reduce(0) { $0 << 8 | Int(buffer[offset + 2 + $1]) }
                header = 10
            }
            // A 64-bit length with its top bit set reads as negative: never a frame we can hold.
            guard length >= 0, buffer.count - offset - header >= length else { break }
            let payload = buffer[(offset + header)..<(offset + header + length)]
            let fin = b0 & 0x80 != 0
            switch b0 & 0x0f {
            case 0, 1, 2:
                if fin && message.isEmpty {
                    payload.withUnsafeBytes { onMessage($0) }
                } else {
                    message.append(contentsOf: payload)
                    if fin {
                        message.withUnsafeBytes { onMessage($0) }
                        message.removeAll(keepingCapacity: true)
                    }
                }
            case 9:
                onPing(Array(payload))
            default:
                break
            }
            offset += header + length
        }
        return offset
    }
}
