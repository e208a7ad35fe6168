import Foundation
import PetriTransport
import PetriWebSocket
import Testing

@Suite(.serialized) struct LifecycleTests {
    @Test(.timeLimit(.minutes(2))) func twoThousandConnectCloseCyclesLeaveNoConnectionsAndNoSockets() async throws {
        // Given a running server and client, and the process's open descriptors now
        let echo = try await EchoServer.start()
        let client = try await WebSocketClient.start()
        let baseline = openSockets(onPort: echo.server.port)
        #expect(baseline == 1)  // the listener

        // When 2,000 connections open and close, 50 at a time
        for _ in 0..<40 {
            var batch: [Connection] = []
            for _ in 0..<50 { batch.append(try await client.connect(to: echo.url)) }
            for c in batch { client.close(c.id, code: .normal, reason: "cycle") }
            for c in batch { _ = await EventReader(c).closeEvent() }
        }

        // Then no connection is left on either side and the descriptor count is back at baseline
        #expect(await eventually("the server closed them all") { echo.server.counts.open == 0 })
        #expect(echo.server.counts.accepted == 2000)
        #expect(echo.server.counts.closed == 2000)
        #expect(client.counts.open == 0)
        #expect(await eventually("descriptors returned") { openSockets(onPort: echo.server.port) == baseline })
        await client.shutdown()
        await echo.stop()
    }

    @Test(.timeLimit(.minutes(1))) func shutdownWithTwoHundredClientsIsQuickAndSaysGoingAway() async throws {
        // Given 200 connected clients
        let echo = try await EchoServer.start()
        let client = try await WebSocketClient.start()
        var connections: [Connection] = []
        for _ in 0..<200 { connections.append(try await client.connect(to: echo.url)) }

        // When the server shuts down
        let start = ContinuousClock.now
        await echo.server.shutdown(reason: "lesson over")
        let elapsed = ContinuousClock.now - start

        // Then it took under 2 s and every client heard 1001 with the reason
        #expect(elapsed < .seconds(2), "shutdown took \(elapsed)")
        for c in connections {
            #expect(await EventReader(c).closeEvent() == .closed(.goingAway, reason: "lesson over"))
        }
        #expect(echo.server.counts.open == 0)
        await client.shutdown()
        await echo.task.value
    }

    @Test(.timeLimit(.minutes(1))) func aStoppedServerRefusesNewConnections() async throws {
        let echo = try await EchoServer.start()
        let port = echo.server.port
        await echo.stop()
        let client = try await WebSocketClient.start()
        await #expect(throws: TransportError.self) { _ = try await client.connect(to: "ws://127.0.0.1:\(port)/") }
        await client.shutdown()
    }

    @Test func aMalformedURLIsRejectedWithASentence() async throws {
        let client = try await WebSocketClient.start()
        await #expect(throws: TransportError(.invalidArgument, "\"http://x\" is not a WebSocket URL; use ws://host:port/ or wss://host/.")) {
            _ = try await client.connect(to: "http://x")
        }
        await client.shutdown()
    }
}
