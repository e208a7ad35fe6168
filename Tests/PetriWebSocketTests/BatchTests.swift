import PetriTransport
import Testing

@testable import PetriWebSocket

/// A batch is written several frames at a time; what the peer reads must not show it.
@Suite struct BatchTests {
    /// Sizes on both sides of every frame-header length boundary (125/126, 65535/65536) and of
    /// the 64 KiB a gathered write holds.
    static let sizes = [0, 1, 125, 126, 127, 4000, 65_535, 65_536, 70_000, 3]

    static func payload(_ size: Int, _ seed: Int) -> [UInt8] {
        (0..<size).map { UInt8(truncatingIfNeeded: $0 &* 31 &+ seed) }
    }

    @Test(.timeLimit(.minutes(1))) func broadcastPairsOfTheSameSizesArriveWithTheirOwnBytes() async throws {
        // Given three clients connected to a server
        let server = try await WebSocketServer.start(.init(host: "127.0.0.1", port: 0))
        let client = try await WebSocketClient.start()
        let (connections, ids) = try await connect(3, to: server, with: client)

        // When the server broadcasts twenty pairs, each pair in one batch (a generation's stats and
        // snapshot, written to each connection in one gathered write), every pair the same sizes as
        // the last but with bytes of its own; between two pairs, one connection gets a message of its
        // own, so the next connection's queue starts with other messages than the last one's; and
        // after some pairs every connection gets its own result, a tail that differs after the pair
        var expected: [[String]] = [[], [], []]
        for round in 0..<20 {
            let stats = String(repeating: Character(Unicode.Scalar(UInt8(65 + round))), count: 300)
            let snapshot = String(repeating: Character(Unicode.Scalar(UInt8(97 + round))), count: 4000)
            var batch: [TransportInstruction] = [
                .message(OutboundMessage(text: stats), to: ids, policy: .reliable),
                .message(OutboundMessage(text: snapshot), to: ids, policy: .reliable),
            ]
            for k in 0..<3 { expected[k] += [stats, snapshot] }
            if round % 3 == 0 {
                let own = "only for \(round % 2)"
                batch.insert(.message(OutboundMessage(text: own), to: [ids[round % 2]], policy: .reliable), at: 0)
                expected[round % 2].insert(own, at: expected[round % 2].count - 2)
            }
            if round % 3 == 1 {
                // Each connection's own result after the shared pair, of its own length.
                for k in 0..<3 {
                    let result = "result \(round) for \(k)" + String(repeating: "!", count: k * 7)
                    batch.append(.message(OutboundMessage(text: result), to: [ids[k]], policy: .reliable))
                    expected[k].append(result)
                }
            }
            server.submit(batch)
        }
        server.submit(ids.map { .close($0, code: CloseCode(rawValue: 4002), reason: "lesson over") })

        // Then each connection reads every message with its own bytes, in order
        var received: Set<[String]> = []
        for connection in connections {
            var got: [String] = []
            for await event in connection.events {
                if case .text(let text) = event { got.append(text.string) }
            }
            received.insert(got)
        }
        #expect(received == Set(expected))

        await client.shutdown()
        await server.shutdown()
    }

    @Test(.timeLimit(.minutes(1))) func aBatchArrivesWholeAndInOrderThenItsCloseAfterIt() async throws {
        // Given two clients connected to a server
        let server = try await WebSocketServer.start(.init(host: "127.0.0.1", port: 0))
        let client = try await WebSocketClient.start()
        async let accepted = accept(2, from: server)
        let connections = [
            try await client.connect(to: "ws://127.0.0.1:\(server.port)/"),
            try await client.connect(to: "ws://127.0.0.1:\(server.port)/"),
        ]
        let ids = await accepted.map(\.id)

        // When one batch carries shared text, per-connection binary messages of every size, and
        // closes both connections
        var batch: [TransportInstruction] = []
        var expected: [[ConnectionEvent]] = [[], []]
        for (n, size) in Self.sizes.enumerated() {
            let text = String(repeating: "g", count: size)
            batch.append(.message(OutboundMessage(text: text), to: ids, policy: .reliable))
            for k in 0..<2 {
                let bytes = Self.payload(size, 10 * n + k)
                batch.append(.message(OutboundMessage(binary: bytes), to: [ids[k]], policy: .reliable))
                expected[k] += [.text(TextFrame(text)), .binary(bytes)]
            }
        }
        for k in 0..<2 {
            batch.append(.close(ids[k], code: CloseCode(rawValue: 4002), reason: "batch over"))
            expected[k].append(.closed(CloseCode(rawValue: 4002), reason: "batch over"))
        }
        server.submit(batch)

        // Then each connection reads its messages intact, in order, and the close last
        // (which client connection is which server id is the server's business)
        var received: Set<[ConnectionEvent]> = []
        for connection in connections {
            var got: [ConnectionEvent] = []
            for await event in connection.events { got.append(event) }
            #expect(got.count == expected[0].count)
            received.insert(got)
        }
        #expect(received == Set(expected))
        #expect(server.counts.messagesOut == 2 * 2 * Self.sizes.count)

        await client.shutdown()
        await server.shutdown()
    }

    @Test(.timeLimit(.minutes(1))) func latestWinsInOneBatchKeepsOnlyTheNewestSnapshotButEveryReliableMessage()
        async throws
    {
        // Given a connected client
        let server = try await WebSocketServer.start(.init(host: "127.0.0.1", port: 0))
        let client = try await WebSocketClient.start()
        async let accepted = accept(1, from: server)
        let connection = try await client.connect(to: "ws://127.0.0.1:\(server.port)/")
        let id = await accepted[0].id

        // When one batch holds three generations, each stats (reliable) then snapshot (latest wins)
        var batch: [TransportInstruction] = []
        for g in 1...3 {
            batch.append(.message(OutboundMessage(text: "stats \(g)"), to: [id], policy: .reliable))
            batch.append(.message(OutboundMessage(text: "snapshot \(g)"), to: [id], policy: .latestWins))
        }
        server.submit(batch)

        // Then every stats message arrives and only the newest snapshot, after the stats before it
        var got: [String] = []
        for await event in connection.events {
            if case .text(let t) = event { got.append(t.string) }
            if got.last == "snapshot 3" { break }
        }
        #expect(got == ["stats 1", "stats 2", "stats 3", "snapshot 3"])
        #expect(server.counts.coalesced == 2)

        await client.shutdown()
        await server.shutdown()
    }
}
