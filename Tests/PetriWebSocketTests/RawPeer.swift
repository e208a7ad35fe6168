import Foundation
import PetriLoad
import PetriTransport

@testable import PetriWebSocket

#if canImport(Glibc)
    import Glibc
#endif

/// A hand-rolled WebSocket client on a blocking POSIX socket, for what a well-behaved client
/// never does: stop reading, send invalid UTF-8 or oversized frames. Used from one test task.
final class RawPeer: @unchecked Sendable {
    // @unchecked Sendable: each test uses a peer from one thread at a time (handed over, never shared).
    enum Failure: Error { case connect(String), handshake(String), closed }

    let fd: Int32
    private lazy var stream = SocketStream(fd: fd)

    /// Connects and completes the upgrade; `receiveBuffer` shrinks SO_RCVBUF to stall sooner.
    init(port: Int, path: String = "/", headers: [String] = [], receiveBuffer: Int? = nil) throws {
        guard let connected = SocketStream.connectToLoopback(port: port, receiveBuffer: receiveBuffer) else {
            throw Failure.connect("connect failed: errno \(errno)")
        }
        fd = connected
        var request = "GET \(path) HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n"
        request += "Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\nSec-WebSocket-Version: 13\r\n"
        request += "Sec-WebSocket-Protocol: petri.v1\r\n"
        for h in headers { request += h + "\r\n" }
        request += "\r\n"
        try writeAll(Array(request.utf8))
        let head = try readHandshake()
        guard head.hasPrefix("HTTP/1.1 101") else {
            Glibc.close(fd)
            throw Failure.handshake(head)
        }
    }

    deinit { Glibc.close(fd) }

    /// Ends the connection from this side (both directions), keeping the descriptor until the peer goes.
    func hangUp() { Glibc.shutdown(fd, Int32(SHUT_RDWR)) }

    /// Sends one masked frame (opcode 1 text, 2 binary, 0 continuation) with the FIN bit as given.
    func sendFrame(opcode: UInt8, payload: [UInt8], fin: Bool = true) throws {
        try writeAll(ClientFrame.masked(opcode: opcode, payload: payload, fin: fin, mask: [0x12, 0x34, 0x56, 0x78]))
    }

    /// Reads the next complete frame: opcode and payload (server frames are never masked).
    func readFrame() throws -> (opcode: UInt8, payload: [UInt8]) {
        let b0 = try readByte()
        let b1 = try readByte()
        var length = Int(b1 & 0x7f)
        if length == 126 {
            length = Int(try readByte()) << 8 | Int(try readByte())
        } else if length == 127 {
            length = 0
            for _ in 0..<8 { length = length << 8 | Int(try readByte()) }
        }
        var payload = [UInt8]()
        payload.reserveCapacity(length)
        for _ in 0..<length { payload.append(try readByte()) }
        return (b0 & 0x0f, payload)
    }

    /// Reads frames until a close frame; returns its code (nil when the socket just ended).
    func readUntilClose() -> (code: UInt16, reason: String)? {
        while let frame = try? readFrame() {
            if frame.opcode == 8 {
                guard frame.payload.count >= 2 else { return (1005, "") }
                let code = UInt16(frame.payload[0]) << 8 | UInt16(frame.payload[1])
                return (code, String(decoding: frame.payload.dropFirst(2), as: UTF8.self))
            }
        }
        return nil
    }

    private func readHandshake() throws -> String {
        try stream.readHead(limit: 8192)
    }

    private func readByte() throws -> UInt8 {
        try stream.readByte()
    }

    private func writeAll(_ bytes: [UInt8]) throws {
        try stream.writeAll(bytes)
    }
}
