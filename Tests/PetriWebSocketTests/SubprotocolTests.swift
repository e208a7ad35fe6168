import Foundation
import PetriTransport
import Testing

@testable import PetriWebSocket

#if canImport(Glibc)
    import Glibc
#endif

/// Which `Sec-WebSocket-Protocol` offers a server accepts (PROTOCOL.md §1).
@Suite struct SubprotocolTests {
    @Test(.timeLimit(.minutes(1))) func noOfferAndAListThatIncludesPetriV1AreBothServedAsPetriV1() async throws {
        // Given a server speaking petri.v1
        let server = try await WebSocketServer.start(.init(host: "127.0.0.1", port: 0))
        let client = try await WebSocketClient.start()
        let url = "ws://127.0.0.1:\(server.port)/"

        // When one client offers nothing and another a newer version first
        _ = try await client.connect(to: url, subprotocol: nil)
        _ = try await client.connect(to: url, subprotocol: "petri.v2, petri.v1")

        // Then the server sees both as petri.v1 (the first offered name it knows)
        let accepted = await accept(2, from: server)
        #expect(accepted.map(\.info.subprotocol) == [nil, "petri.v1"])
        await client.shutdown()
        await server.shutdown()
    }

    @Test(.timeLimit(.minutes(1))) func offeringOnlyAnotherVersionFailsTheHandshake() async throws {
        // Given a server speaking petri.v1
        let server = try await WebSocketServer.start(.init(host: "127.0.0.1", port: 0))
        let client = try await WebSocketClient.start()

        // Then a client offering only petri.v2 cannot connect, and the server counted nobody
        await #expect(throws: TransportError.self) {
            _ = try await client.connect(to: "ws://127.0.0.1:\(server.port)/", subprotocol: "petri.v2")
        }
        #expect(server.counts.accepted == 0)
        await client.shutdown()
        await server.shutdown()
    }

    @Test(.timeLimit(.minutes(1))) func offeringOnlyAnotherVersionIsAnsweredWith400AndASentence() async throws {
        // Given a server speaking petri.v1
        let server = try await WebSocketServer.start(.init(host: "127.0.0.1", port: 0))

        // When a raw client offers only petri.v2
        let answer = try await onThread { [port = server.port] in try upgrade(port: port, offering: "petri.v2") }

        // Then it reads a 400 with a JSON body naming petri.v1, then the server closes the socket
        #expect(answer.status == "HTTP/1.1 400 Bad Request")
        #expect(answer.headers["content-type"] == "application/json")
        #expect(answer.headers["content-length"] == "\(answer.body.utf8.count)")
        #expect(answer.headers["sec-websocket-protocol"] == nil)
        let json = try JSONSerialization.jsonObject(with: Data(answer.body.utf8)) as? [String: String]
        #expect(json?["error"] == "unsupported-subprotocol")
        #expect(
            json?["message"]
                == "This server speaks petri.v1; offer it in Sec-WebSocket-Protocol (or offer none).")
        #expect(answer.closedAfterwards)
        #expect(server.counts.accepted == 0)
        #expect(server.counts.refused == 1)
        await server.shutdown()
    }

    @Test(.timeLimit(.minutes(1))) func aListWithAnotherVersionFirstIsAnsweredPetriV1InThe101() async throws {
        // Given a server speaking petri.v1
        let server = try await WebSocketServer.start(.init(host: "127.0.0.1", port: 0))
        let port = server.port

        // When raw clients offer, in turn: petri.v2 then petri.v1; only petri.v2; nothing; petri.v1
        let listed = try await onThread { try upgrade(port: port, offering: "petri.v2, petri.v1") }
        let onlyNewer = try await onThread { try upgrade(port: port, offering: "petri.v2") }
        let none = try await onThread { try upgrade(port: port, offering: nil) }
        let current = try await onThread { try upgrade(port: port, offering: "petri.v1") }

        // Then the list upgrades naming petri.v1, the lone petri.v2 still gets its 400 (the name
        // lent for the list's 101 was given back), no offer upgrades with no subprotocol header,
        // and petri.v1 upgrades as before
        #expect(listed.status == "HTTP/1.1 101 Switching Protocols")
        #expect(listed.headers["sec-websocket-protocol"] == "petri.v1")
        #expect(onlyNewer.status == "HTTP/1.1 400 Bad Request")
        #expect(none.status == "HTTP/1.1 101 Switching Protocols")
        #expect(none.headers["sec-websocket-protocol"] == nil)
        #expect(current.status == "HTTP/1.1 101 Switching Protocols")
        #expect(current.headers["sec-websocket-protocol"] == "petri.v1")
        let accepted = await accept(3, from: server)
        #expect(accepted.map(\.info.subprotocol) == ["petri.v1", nil, "petri.v1"])
        await server.shutdown()
    }
}

/// What a raw upgrade request got back: the status line, headers (lower-case names), the body
/// (read to the end of the socket unless the answer was 101) and whether the server closed.
struct UpgradeAnswer: Sendable {
    var status: String
    var headers: [String: String]
    var body: String
    var closedAfterwards: Bool
}

/// Sends one WebSocket upgrade request on a blocking socket, offering `offer` (no header if nil).
func upgrade(port: Int, offering offer: String?) throws -> UpgradeAnswer {
    guard let fd = SocketStream.connectToLoopback(port: port, receiveTimeout: 10) else {
        throw RawPeer.Failure.connect("connect failed: errno \(errno)")
    }
    defer { close(fd) }
    var request = "GET / HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n"
    request += "Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\nSec-WebSocket-Version: 13\r\n"
    if let offer { request += "Sec-WebSocket-Protocol: \(offer)\r\n" }
    request += "\r\n"
    let bytes = Array(request.utf8)
    guard bytes.withUnsafeBytes({ write(fd, $0.baseAddress, $0.count) }) == bytes.count else {
        throw RawPeer.Failure.closed
    }
    var received = [UInt8]()
    var chunk = [UInt8](repeating: 0, count: 4096)
    var closed = false
    func headEnd() -> Int? {
        guard received.count >= 4 else { return nil }
        return (0...(received.count - 4)).first { received[$0..<($0 + 4)] == [13, 10, 13, 10] }
    }
    while headEnd() == nil || !received.starts(with: Array("HTTP/1.1 101".utf8)) {
        let n = read(fd, &chunk, chunk.count)
        if n == 0 { closed = true }
        if n <= 0 { break }
        received += chunk[0..<n]
    }
    guard let end = headEnd() else { throw RawPeer.Failure.handshake(String(decoding: received, as: UTF8.self)) }
    let lines = String(decoding: received[..<end], as: UTF8.self).components(separatedBy: "\r\n")
    var headers: [String: String] = [:]
    for line in lines.dropFirst() {
        guard let colon = line.firstIndex(of: ":") else { continue }
        headers[line[..<colon].lowercased()] = line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
    }
    return UpgradeAnswer(
        status: lines[0], headers: headers, body: String(decoding: received[(end + 4)...], as: UTF8.self),
        closedAfterwards: closed)
}
