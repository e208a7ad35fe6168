import PetriTransport
import Testing

@testable import PetriWebSocket

@Suite struct RoundTripTests {
    @Test func textAndBinaryMessagesComeBackUnchanged() async throws {
        // Given an echo server and a client connected to it
        let echo = try await EchoServer.start()
        let client = try await WebSocketClient.start()
        let connection = try await client.connect(to: echo.url)
        let reader = EventReader(connection)

        // When the client sends text and then binary
        client.send(OutboundMessage(text: "héllo, class 🌱"), to: connection.id, policy: .reliable)
        client.send(OutboundMessage(binary: [0, 1, 2, 255]), to: connection.id, policy: .reliable)

        // Then both come back in order, byte for byte
        #expect(await reader.next() == .text("héllo, class 🌱"))
        #expect(await reader.next() == .binary([0, 1, 2, 255]))
        #expect(connection.info.subprotocol == "petri.v1")

        await client.shutdown()
        await echo.stop()
    }
}

@Suite struct FragmentationTests {
    @Test(.timeLimit(.minutes(1))) func aMessageSplitOverManyFramesIsReassembledBothWays() async throws {
        // Given a server and a client that both send at most 100 bytes per frame
        let echo = try await EchoServer.start { $0.maxFrameBytes = 100 }
        var configuration = WebSocketClient.Configuration()
        configuration.maxFrameBytes = 100
        let client = try await WebSocketClient.start(configuration)
        let connection = try await client.connect(to: echo.url)
        let reader = EventReader(connection)

        // When a 20 KB text message (201 frames) and a 5,000-byte binary one are sent
        let text = String((0..<20_000).map { i in Character(UnicodeScalar(UInt8(97 + i % 26))) })
        let binary = (0..<5000).map { UInt8($0 % 251) }
        client.send(OutboundMessage(text: text), to: connection.id, policy: .reliable)
        client.send(OutboundMessage(binary: binary), to: connection.id, policy: .reliable)

        // Then each arrives whole at the server and comes back whole, fragmented again
        #expect(await reader.next() == .text(TextFrame(text)))
        #expect(await reader.next() == .binary(binary))
        #expect(echo.server.counts.messagesIn == 2)

        await client.shutdown()
        await echo.stop()
    }

    @Test(.timeLimit(.minutes(1))) func rawContinuationFramesFromAnotherClientAreReassembled() async throws {
        // Given an echo server and a hand-written client
        let echo = try await EchoServer.start()
        let peer = try RawPeer(port: echo.server.port)

        // When it sends one text message as three frames (text, continuation, final continuation)
        let reply = try await onThread {
            try peer.sendFrame(opcode: 1, payload: Array("Pre".utf8), fin: false)
            try peer.sendFrame(opcode: 0, payload: Array("dic".utf8), fin: false)
            try peer.sendFrame(opcode: 0, payload: Array("tion".utf8), fin: true)
            return try peer.readFrame()
        }

        // Then the server saw one message and echoed it as one text frame
        #expect(reply.opcode == 1)
        #expect(String(decoding: reply.payload, as: UTF8.self) == "Prediction")
        await echo.stop()
    }
}
