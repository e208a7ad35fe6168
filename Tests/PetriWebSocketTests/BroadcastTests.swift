import PetriTransport
import Testing

@testable import PetriWebSocket

@Suite struct BroadcastTests {
    @Test(.timeLimit(.minutes(1))) func fiveHundredConnectionsEachReceiveEveryMessageOnceInOrder() async throws {
        // Given 500 client connections to one server
        let server = try await WebSocketServer.start(.init(host: "127.0.0.1", port: 0))
        let client = try await WebSocketClient.start()
        let (connections, ids) = try await connect(500, to: server, with: client)
        #expect(Set(ids).count == 500)

        // When the server broadcasts 40 numbered messages, alternating reliable and latest-wins
        let messageCount = 40
        let received = await withTaskGroup(of: [String].self) { group in
            for connection in connections {
                group.addTask {
                    var got: [String] = []
                    for await event in connection.events {
                        if case .text(let t) = event { got.append(t.string) }
                        if got.count == messageCount { break }
                    }
                    return got
                }
            }
            for i in 0..<messageCount {
                server.broadcast(OutboundMessage(text: "generation \(i)"), to: ids, policy: .reliable)
            }
            var all: [[String]] = []
            for await got in group { all.append(got) }
            return all
        }

        // Then every connection got all 40, exactly once and in order
        let expected = (0..<messageCount).map { "generation \($0)" }
        #expect(received.count == 500)
        #expect(received.allSatisfy { $0 == expected })
        #expect(server.counts.messagesOut == 500 * messageCount)

        await client.shutdown()
        await server.shutdown()
    }

    @Test(.timeLimit(.minutes(1))) func aBroadcastSharesOneBufferAcrossRecipients() async throws {
        // Given a message the server will send to many connections
        let server = try await WebSocketServer.start(.init(host: "127.0.0.1", port: 0))
        let client = try await WebSocketClient.start()
        let (connections, ids) = try await connect(3, to: server, with: client)
        let message = OutboundMessage(text: "snapshot")

        // When it is broadcast, the server claims the message's headroom for its frame header
        server.broadcast(message, to: ids, policy: .latestWins)
        for connection in connections {
            var it = connection.events.makeAsyncIterator()
            #expect(await it.next() == .text("snapshot"))
        }

        // Then no other transport can claim the same buffer (it would copy instead)
        #expect(message.claimHeadroom(for: .max) == nil)
        await client.shutdown()
        await server.shutdown()
    }
}
