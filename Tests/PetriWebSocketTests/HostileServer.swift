import Crypto
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
        let accept = Data(Insecure.SHA1.hash(data: Array((key + "258EAFA5-E914-47DA-95CA-C5AB0DC85B11").utf8)))
            .base64EncodedString()
        var response = "HTTP/1.1 101 Switching Protocols\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n"
        response += "Sec-WebSocket-Accept: \(accept)\r\n"
        if let offered = header("Sec-WebSocket-Protocol") { response += "Sec-WebSocket-Protocol: \(offered)\r\n" }
        try peer.writeAll(Array((response + "\r\n").utf8))
        return peer
    }

    /// One accepted connection: sends unmasked server frames, reads the client's masked ones.
    final class Peer {
        let fd: Int32
        private lazy var stream = SocketStream(fd: fd)

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
            try stream.readHead(limit: 16384)
        }

        private func readByte() throws -> UInt8 {
            try stream.readByte()
        }

        func writeAll(_ bytes: [UInt8]) throws {
            try stream.writeAll(bytes)
        }
    }
}
