import Foundation
import PetriTransport
import Testing

@testable import PetriWebSocket

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
        await #expect(
            throws: TransportError(
                .invalidArgument, "\"http://x\" is not a WebSocket URL; use ws://host:port/ or wss://host/.")
        ) {
            _ = try await client.connect(to: "http://x")
        }
        await client.shutdown()
    }
}

@Suite struct IdleTests {
    @Test(.timeLimit(.minutes(1))) func aPeerThatStopsAnsweringPingsIsDroppedAfterTheHangupTime() async throws {
        // Given a server that pings after 1 s idle and hangs up after 2 s without a valid reply
        var configuration = WebSocketServer.Configuration(host: "127.0.0.1", port: 0)
        configuration.pingAfterIdle = 1
        configuration.hangupAfterIdle = 2
        let server = try await WebSocketServer.start(configuration)
        // And a peer that never reads, so never answers a ping
        let peer = try RawPeer(port: server.port)
        var accepted = server.connections.makeAsyncIterator()
        let connection = try #require(await accepted.next())

        // Then the server drops it within the hang-up time (plus lws's once-a-second timer)
        let start = ContinuousClock.now
        var events = connection.events.makeAsyncIterator()
        var last: ConnectionEvent?
        while let e = await events.next() { last = e }
        guard case .closed = last else {
            Issue.record("no close event")
            return
        }
        #expect(ContinuousClock.now - start < .seconds(5))
        withExtendedLifetime(peer) {}
        await server.shutdown()
    }

    @Test(.timeLimit(.minutes(1))) func aPeerThatAnswersPingsStaysConnected() async throws {
        // Given the same short idle policy and an lws client, which answers pings
        let echo = try await EchoServer.start {
            $0.pingAfterIdle = 1
            $0.hangupAfterIdle = 2
        }
        let client = try await WebSocketClient.start()
        let connection = try await client.connect(to: echo.url)
        // When it stays idle past the hang-up time (the wait is the behaviour under test)
        try await Task.sleep(for: .seconds(3))
        // Then it is still served
        client.send(OutboundMessage(text: "still here"), to: connection.id, policy: .reliable)
        #expect(await EventReader(connection).next() == .text("still here"))
        await client.shutdown()
        await echo.stop()
    }
}
