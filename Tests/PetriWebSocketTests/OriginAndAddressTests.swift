import Foundation
import PetriTransport
import Testing

@testable import PetriWebSocket

#if canImport(Glibc)
    import Glibc
#endif

@Suite struct OriginAndAddressTests {
    @Test(.timeLimit(.minutes(1))) func aCrossOriginUpgradeIsRefusedByDefault() async throws {
        // Given a server with no origins configured
        let echo = try await EchoServer.start()
        let client = try await WebSocketClient.start()

        // Then a page of another site cannot connect
        await #expect(throws: TransportError.self) {
            _ = try await client.connect(to: echo.url, origin: "https://evil.example")
        }
        // And a page the server itself served (its Origin names the host the request is for), and a terminal
        // client that sends no Origin, can
        let own = try await client.connect(to: echo.url, origin: "http://127.0.0.1:\(echo.server.port)")
        let terminal = try await client.connect(to: echo.url)
        #expect(own.info.origin == "http://127.0.0.1:\(echo.server.port)")
        #expect(terminal.info.origin == nil)
        #expect(echo.server.counts.refused == 1)
        await client.shutdown()
        await echo.stop()
    }

    @Test(.timeLimit(.minutes(1))) func theOwnHostMatchesWhateverThePortAndAStarOrAListedOriginWidensIt() async throws {
        // Given a server that also allows one listed origin (a raw peer names Host 127.0.0.1:port)
        let echo = try await EchoServer.start { $0.allowedOrigins = ["https://lms.school.example"] }
        let port = echo.server.port
        @Sendable func upgrade(origin: String) -> Bool {
            (try? RawPeer(port: port, headers: ["Origin: \(origin)"])) != nil
        }

        // Then its own host is allowed on any port (a proxy may forward Host without the browser's port), a
        // listed origin is allowed, and others are not
        let outcomes = try await onThread {
            [
                upgrade(origin: "https://127.0.0.1:8443"),
                upgrade(origin: "http://127.0.0.1"),
                upgrade(origin: "https://lms.school.example"),
                upgrade(origin: "https://127.0.0.1.evil.example"),
                upgrade(origin: "null"),
            ]
        }
        #expect(outcomes == [true, true, true, false, false])
        await echo.stop()

        // And `*` allows any origin
        let open = try await EchoServer.start { $0.allowedOrigins = ["*"] }
        let client = try await WebSocketClient.start()
        _ = try await client.connect(to: open.url, origin: "https://evil.example")
        await client.shutdown()
        await open.stop()
    }

    @Test(.timeLimit(.minutes(1))) func handshakesInProgressCountAgainstThePerAddressCap() async throws {
        // Given a cap of 3 connections per address, with loopback not trusted as a proxy (so it is counted)
        let echo = try await EchoServer.start {
            $0.maxConnectionsPerAddress = 3
            $0.trustedProxies = []
        }
        let client = try await WebSocketClient.start()
        let port = echo.server.port

        // When one address holds three TCP connections that never send an upgrade
        var idle: [Int32] = []
        for _ in 0..<3 { idle.append(try #require(SocketStream.connectToLoopback(port: port))) }

        // Then a WebSocket from the same address (accepted after them: the listen queue is in order) is refused
        await #expect(throws: TransportError.self) { _ = try await client.connect(to: echo.url) }

        // And once they are gone, it is accepted
        for fd in idle { close(fd) }
        var accepted = false
        for _ in 0..<50 where !accepted {
            accepted = (try? await client.connect(to: echo.url)) != nil
            if !accepted { try await Task.sleep(for: .milliseconds(100)) }
        }
        #expect(accepted)
        await client.shutdown()
        await echo.stop()
    }

    @Test(.timeLimit(.minutes(1))) func aPeerStillSendingWhenTheServerClosesReadsItsCloseFrame() async throws {
        // Given a server that closes a connection with 1008 at its 50th message (as the hub's rate limit does)
        let server = try await WebSocketServer.start(.init(host: "127.0.0.1", port: 0))
        let task = Task {
            for await connection in server.connections {
                var received = 0
                for await event in connection.events {
                    guard case .text(let text) = event else { continue }
                    received += 1
                    server.send(OutboundMessage(kind: .text, bytes: text.bytes), to: connection.id, policy: .reliable)
                    if received == 50 {
                        server.close(connection.id, code: .policyViolation, reason: "too many messages")
                    }
                }
            }
        }

        // When a raw client sends 100 messages without reading, reads up to the close frame, and goes on
        // sending as a client whose reader is behind its writer does
        let peer = try RawPeer(port: server.port)
        let outcome = try await onThread { () -> ((code: UInt16, reason: String)?, Int) in
            let payload = Array(String(repeating: "p", count: 100).utf8)
            for _ in 0..<100 { try peer.sendFrame(opcode: 1, payload: payload) }
            let close = peer.readUntilClose()
            var sentAfterClose = 0
            for _ in 0..<200 {
                guard (try? peer.sendFrame(opcode: 1, payload: payload)) != nil else { break }
                sentAfterClose += 1
            }
            return (close, sentAfterClose)
        }

        // Then it receives the close frame with 1008 and the reason, and the server keeps reading (and
        // dropping) what still comes until the peer answers: no reset that could destroy the close frame
        #expect(outcome.0?.code == 1008)
        #expect(outcome.0?.reason == "too many messages")
        #expect(outcome.1 == 200, "the server reset the connection after \(outcome.1) more messages")
        task.cancel()
        await server.shutdown()
    }
}
