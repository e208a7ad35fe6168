import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// A hand-rolled WebSocket server on a blocking POSIX socket, for what a real server never
/// does: send invalid UTF-8 or broken frames to our client. It accepts one connection,
/// completes the upgrade, and then does what the test tells it, from one test thread.
final class HostileServer: @unchecked Sendable {
    // @unchecked Sendable: the listening socket is created in init and only used afterwards by
    // the one thread that calls `accept()`; a connection is used by that thread alone.
    enum Failure: Error { case socket(String), handshake(String), closed }

    let listener: Int32
    let port: Int

    init() throws {
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard fd >= 0 else { throw Failure.socket("socket failed") }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = 0
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { pointer in
                bind(fd, pointer, length) == 0 && listen(fd, 4) == 0 && getsockname(fd, pointer, &length) == 0
            }
        }
        guard bound else {
            Glibc.close(fd)
            throw Failure.socket("bind failed: errno \(errno)")
        }
        listener = fd
        port = Int(UInt16(bigEndian: address.sin_port))
    }

    deinit { Glibc.close(listener) }

    var url: String { "ws://127.0.0.1:\(port)/" }

    /// Accepts the next connection and answers its upgrade (echoing the offered subprotocol).
    func accept() throws -> Peer {
        let fd = Glibc.accept(listener, nil, nil)
        guard fd >= 0 else { throw Failure.socket("accept failed: errno \(errno)") }
        let peer = Peer(fd: fd)
        let request = try peer.readHead()
        let lines = request.split(separator: "\r\n").map(String.init)
        func header(_ name: String) -> String? {
            lines.first { $0.lowercased().hasPrefix(name.lowercased() + ":") }
                .map { String($0.dropFirst(name.count + 1)).trimmingCharacters(in: .whitespaces) }
        }
        guard let key = header("Sec-WebSocket-Key") else { throw Failure.handshake(request) }
        let accept = Data(SHA1.digest(Array((key + "258EAFA5-E914-47DA-95CA-C5AB0DC85B11").utf8))).base64EncodedString()
        var response = "HTTP/1.1 101 Switching Protocols\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n"
        response += "Sec-WebSocket-Accept: \(accept)\r\n"
        if let offered = header("Sec-WebSocket-Protocol") { response += "Sec-WebSocket-Protocol: \(offered)\r\n" }
        try peer.writeAll(Array((response + "\r\n").utf8))
        return peer
    }

    /// One accepted connection: sends unmasked server frames, reads the client's masked ones.
    final class Peer {
        let fd: Int32
        private var buffer: [UInt8] = []

        init(fd: Int32) { self.fd = fd }
        deinit { Glibc.close(fd) }

        /// Sends one frame exactly as given (opcode 1 text, 0 continuation, 8 close...).
        func sendFrame(opcode: UInt8, payload: [UInt8], fin: Bool = true) throws {
            var frame: [UInt8] = [(fin ? 0x80 : 0) | opcode]
            if payload.count < 126 {
                frame.append(UInt8(payload.count))
            } else if payload.count < 65536 {
                frame += [126, UInt8(payload.count >> 8), UInt8(payload.count & 0xff)]
            } else {
                frame.append(127)
                for i in (0..<8).reversed() { frame.append(UInt8(truncatingIfNeeded: payload.count >> (8 * i))) }
            }
            try writeAll(frame + payload)
        }

        /// Reads the client's frames until its close frame: the code, or nil if the socket just ended.
        func readUntilClose() -> UInt16? {
            while let (opcode, payload) = try? readFrame() {
                if opcode == 8 { return payload.count >= 2 ? UInt16(payload[0]) << 8 | UInt16(payload[1]) : 1005 }
            }
            return nil
        }

        /// Reads one client frame, unmasked.
        func readFrame() throws -> (UInt8, [UInt8]) {
            let b0 = try readByte()
            let b1 = try readByte()
            var length = Int(b1 & 0x7f)
            if length == 126 {
                length = Int(try readByte()) << 8 | Int(try readByte())
            } else if length == 127 {
                length = 0
                for _ in 0..<8 { length = length << 8 | Int(try readByte()) }
            }
            let mask =
                b1 & 0x80 != 0 ? [try readByte(), try readByte(), try readByte(), try readByte()] : [0, 0, 0, 0]
            var payload = [UInt8]()
            for i in 0..<length { payload.append(try readByte() ^ mask[i & 3]) }
            return (b0 & 0x0f, payload)
        }

        func readHead() throws -> String {
            var head = [UInt8]()
            while !(head.count >= 4 && Array(head.suffix(4)) == [13, 10, 13, 10]) {
                head.append(try readByte())
                if head.count > 16384 { throw Failure.handshake("request too long") }
            }
            return String(decoding: head, as: UTF8.self)
        }

        private func readByte() throws -> UInt8 {
            if buffer.isEmpty {
                var chunk = [UInt8](repeating: 0, count: 65536)
                let n = read(fd, &chunk, chunk.count)
                guard n > 0 else { throw Failure.closed }
                buffer = Array(chunk[0..<n].reversed())
            }
            return buffer.removeLast()
        }

        func writeAll(_ bytes: [UInt8]) throws {
            var offset = 0
            while offset < bytes.count {
                let n = bytes[offset...].withUnsafeBytes { send(fd, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
                guard n > 0 else { throw Failure.closed }
                offset += n
            }
        }
    }
}

/// SHA-1 (FIPS 180-4), only for the upgrade's `Sec-WebSocket-Accept` in tests.
enum SHA1 {
    static func digest(_ message: [UInt8]) -> [UInt8] {
        var h: [UInt32] = [0x6745_2301, 0xEFCD_AB89, 0x98BA_DCFE, 0x1032_5476, 0xC3D2_E1F0]
        var data = message + [0x80]
        while data.count % 64 != 56 { data.append(0) }
        let bits = UInt64(message.count) * 8
        for i in (0..<8).reversed() { data.append(UInt8(truncatingIfNeeded: bits >> (8 * UInt64(i)))) }
        for block in stride(from: 0, to: data.count, by: 64) {
            var w = [UInt32](repeating: 0, count: 80)
            for t in 0..<16 {
                w[t] = (0..<4).reduce(UInt32(0)) { $0 << 8 | UInt32(data[block + 4 * t + $1]) }
            }
            for t in 16..<80 { w[t] = rotate(w[t - 3] ^ w[t - 8] ^ w[t - 14] ^ w[t - 16], 1) }
            var (a, b, c, d, e) = (h[0], h[1], h[2], h[3], h[4])
            for t in 0..<80 {
                let (f, k): (UInt32, UInt32) =
                    t < 20
                    ? ((b & c) | (~b & d), 0x5A82_7999)
                    : t < 40
                        ? (b ^ c ^ d, 0x6ED9_EBA1)
                        : t < 60
                            ? ((b & c) | (b & d) | (c & d), 0x8F1B_BCDC)
                            : (b ^ c ^ d, 0xCA62_C1D6)
                let temp = rotate(a, 5) &+ f &+ e &+ k &+ w[t]
                (e, d, c, b, a) = (d, c, rotate(b, 30), a, temp)
            }
            h[0] &+= a
            h[1] &+= b
            h[2] &+= c
            h[3] &+= d
            h[4] &+= e
        }
        return h.flatMap { v in (0..<4).map { UInt8(truncatingIfNeeded: v >> (24 - 8 * UInt32($0))) } }
    }

    private static func rotate(_ x: UInt32, _ n: UInt32) -> UInt32 { x << n | x >> (32 - n) }
}
