import PetriTransport
import PetriWebSocket
import Testing

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
