import PetriTransport
import Testing

@testable import PetriWebSocket

@Suite struct TextFrameTests {
    @Test(.timeLimit(.minutes(1))) func aTextMessageReachesTheServerAsTheBytesItArrivedAs() async throws {
        // Given a server and a raw client
        let server = try await WebSocketServer.start(.init(host: "127.0.0.1", port: 0))
        let peer = try RawPeer(port: server.port)
        var accepted = server.connections.makeAsyncIterator()
        let connection = try #require(await accepted.next())

        // When it sends one text message in two fragments that split a four-byte character
        let sent = Array("héllo 🌱 class".utf8)
        let split = sent.firstIndex(of: 0xF0).map { $0 + 2 } ?? 1
        try await onThread {
            try peer.sendFrame(opcode: 1, payload: Array(sent[..<split]), fin: false)
            try peer.sendFrame(opcode: 0, payload: Array(sent[split...]), fin: true)
        }

        // Then the connection's event carries exactly those bytes, joined, ready for the decoder
        var events = connection.events.makeAsyncIterator()
        let event = await events.next()
        guard case .text(let frame) = event else {
            Issue.record("expected a text event, got \(String(describing: event))")
            return
        }
        #expect(frame.bytes == sent)
        #expect(frame.string == "héllo 🌱 class")
        await server.shutdown()
    }

    @Test func textFramesBuiltFromBytesRefuseInvalidUTF8() {
        #expect(TextFrame(validating: [0x68, 0x69]) == "hi")
        #expect(TextFrame(validating: [0xC3]) == nil)
        #expect(TextFrame(validating: [0xED, 0xA0, 0x80]) == nil, "a UTF-16 surrogate is not UTF-8")
    }
}
