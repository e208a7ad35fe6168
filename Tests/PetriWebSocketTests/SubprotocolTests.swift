import PetriTransport
import PetriWebSocket
import Testing

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
}
