import PetriTransport
import Testing

@testable import PetriWebSocket

@Suite struct LimitsTests {
    @Test(.timeLimit(.minutes(1))) func anOversizedMessageClosesWith1009AndOthersAreStillServed() async throws {
        // Given a server with a 4 KiB message cap and two clients
        let echo = try await EchoServer.start { $0.maxMessageBytes = 4096 }
        let client = try await WebSocketClient.start()
        let offender = try await client.connect(to: echo.url)
        let bystander = try await client.connect(to: echo.url)

        // When one sends 5,000 bytes
        client.send(OutboundMessage(text: String(repeating: "x", count: 5000)), to: offender.id, policy: .reliable)

        // Then it is closed with 1009, and the other still gets its echo
        #expect(
            await EventReader(offender).closeEvent()
                == .closed(.messageTooBig, reason: "message larger than 4096 bytes"))
        client.send(OutboundMessage(text: "still here"), to: bystander.id, policy: .reliable)
        #expect(await EventReader(bystander).next() == .text("still here"))
        #expect(echo.server.counts.badInput == 1)

        await client.shutdown()
        await echo.stop()
    }

    @Test(.timeLimit(.minutes(1))) func theCapCountsAllFragmentsOfOneMessage() async throws {
        // Given a 4 KiB cap and a raw client sending 3 KiB + 3 KiB as two fragments of one message
        let echo = try await EchoServer.start { $0.maxMessageBytes = 4096 }
        let peer = try RawPeer(port: echo.server.port)
        let close = try await onThread {
            try peer.sendFrame(opcode: 1, payload: Array(repeating: 65, count: 3072), fin: false)
            try peer.sendFrame(opcode: 0, payload: Array(repeating: 65, count: 3072), fin: true)
            return peer.readUntilClose()
        }
        // Then the server closes it with 1009 even though each frame was under the cap
        #expect(close?.code == 1009)
        await echo.stop()
    }

    @Test(.timeLimit(.minutes(1))) func invalidUTF8ClosesWith1007AndOthersAreStillServed() async throws {
        // Given an echo server, a raw client and a normal one
        let echo = try await EchoServer.start()
        let client = try await WebSocketClient.start()
        let bystander = try await client.connect(to: echo.url)
        let peer = try RawPeer(port: echo.server.port)

        // When the raw client sends a text frame that is not UTF-8
        let close = try await onThread {
            try peer.sendFrame(opcode: 1, payload: [0x68, 0x69, 0xC3, 0x28, 0xFF])
            return peer.readUntilClose()
        }

        // Then it is closed with 1007, and the other connection is unaffected
        #expect(close?.code == 1007)
        client.send(OutboundMessage(text: "ok"), to: bystander.id, policy: .reliable)
        #expect(await EventReader(bystander).next() == .text("ok"))
        await client.shutdown()
        await echo.stop()
    }

    @Test(.timeLimit(.minutes(1))) func anOriginOutsideTheAllowListIsRefused() async throws {
        // Given a server that allows one Origin
        let echo = try await EchoServer.start { $0.allowedOrigins = ["https://school.example"] }
        let client = try await WebSocketClient.start()

        // Then a browser-like client from another Origin cannot connect
        await #expect(throws: TransportError.self) {
            _ = try await client.connect(to: echo.url, origin: "https://evil.example")
        }
        // And the allowed Origin, and a non-browser client with no Origin, can
        let allowed = try await client.connect(to: echo.url, origin: "https://school.example")
        let noOrigin = try await client.connect(to: echo.url)
        #expect(allowed.info.subprotocol == "petri.v1")
        #expect(noOrigin.info.subprotocol == "petri.v1")
        #expect(echo.server.counts.refused == 1)
        await client.shutdown()
        await echo.stop()
    }

    @Test(.timeLimit(.minutes(1))) func connectionsPerAddressAreCapped() async throws {
        // Given a cap of 3 connections per remote address
        let echo = try await EchoServer.start { $0.maxConnectionsPerAddress = 3 }
        let client = try await WebSocketClient.start()
        var open: [Connection] = []
        for _ in 0..<3 { open.append(try await client.connect(to: echo.url)) }

        // Then the fourth from 127.0.0.1 is refused
        await #expect(throws: TransportError.self) { _ = try await client.connect(to: echo.url) }

        // And once one closes, a new one is accepted again
        client.close(open[0].id, code: .normal, reason: "bye")
        _ = await EventReader(open[0]).closeEvent()
        #expect(await eventually("the server saw the close") { echo.server.counts.open == 2 })
        _ = try await client.connect(to: echo.url)
        await client.shutdown()
        await echo.stop()
    }

    @Test func invalidSettingsAreRejectedWithASentence() async throws {
        var configuration = WebSocketServer.Configuration(host: "127.0.0.1", port: 70000)
        #expect(throws: TransportError(.invalidArgument, "port must be between 0 and 65535, but was 70000.")) {
            try configuration.validate()
        }
        configuration.port = 0
        configuration.maxMessageBytes = 10
        #expect(throws: TransportError(.invalidArgument, "maxMessageBytes must be at least 1024, but was 10.")) {
            try configuration.validate()
        }
    }

    @Test func aBusyPortGivesAClearError() async throws {
        let first = try await WebSocketServer.start(.init(host: "127.0.0.1", port: 0))
        await #expect(throws: TransportError.self) {
            _ = try await WebSocketServer.start(.init(host: "127.0.0.1", port: first.port))
        }
        await first.shutdown()
    }
}
