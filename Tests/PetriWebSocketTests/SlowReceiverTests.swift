import Foundation
import PetriTransport
import Testing

@testable import PetriWebSocket

@Suite(.serialized) struct SlowReceiverTests {
    @Test(.timeLimit(.minutes(1))) func aReceiverThatStopsReadingDoesNotSlowTheOthersAndIsClosed() async throws {
        // Given a server with a 64 KiB queue limit and a 1 s stall timeout, and ten readers
        let server = try await WebSocketServer.start(.neverIdle(queueLimit: 64 * 1024, stallTimeout: 1))
        let counter = ReceiptCounter()
        let client = try await WebSocketClient.start(WebSocketClient.Configuration())
        async let acceptedReaders = accept(10, from: server)
        for _ in 0..<10 { counter.count(try await client.connect(to: "ws://127.0.0.1:\(server.port)/")) }
        let readers = await acceptedReaders.map(\.id)
        let message = OutboundMessage(binary: [UInt8](repeating: 7, count: 32 * 1024))
        var delivered = 0

        func round(to ids: [ConnectionID]) async -> Double {
            let start = ContinuousClock.now
            server.broadcast(message, to: ids, policy: .reliable)
            delivered += 10
            await counter.wait(for: delivered)
            let d = ContinuousClock.now - start
            return Double(d.components.seconds) + Double(d.components.attoseconds) * 1e-18
        }

        // When we time 40 rounds to the readers alone
        var alone: [Double] = []
        for _ in 0..<40 { alone.append(await round(to: readers)) }

        // And then rounds that also go to a peer that never reads, until the server drops it
        let stuck = try RawPeer(port: server.port, receiveBuffer: 4096)
        var acceptedStuck = server.connections.makeAsyncIterator()
        let stuckConnection = try #require(await acceptedStuck.next())
        var withStuck: [Double] = []
        var largestQueue = 0
        while server.counts.slowClosed == 0 && withStuck.count < 2000 {
            withStuck.append(await round(to: readers + [stuckConnection.id]))
            largestQueue = max(largestQueue, server.counts.largestQueueBytes)
        }

        // Then the others' median delivery time stays within 2x of the run without it
        let median = { (xs: [Double]) in xs.sorted()[xs.count / 2] }
        #expect(
            median(withStuck) <= 2 * median(alone) + 0.002,
            "median \(median(withStuck)) s with the stuck peer vs \(median(alone)) s without")
        // And the server's memory for it stayed bounded (the hard cap is 4x the queue limit)
        #expect(largestQueue <= 4 * 64 * 1024 + message.count)
        // And it was closed with a policy-violation code and a reason
        var events = stuckConnection.events.makeAsyncIterator()
        var last: ConnectionEvent?
        while let e = await events.next() { last = e }
        guard case .closed(let code, let reason) = last else {
            Issue.record("no close event")
            return
        }
        #expect(code == .policyViolation)
        #expect(reason.hasPrefix("too slow"))
        withExtendedLifetime(stuck) {}
        await client.shutdown()
        await server.shutdown()
    }

    @Test(.timeLimit(.minutes(1))) func aSlowReceiverGetsTheNewestSnapshotNotABacklog() async throws {
        // Given a peer whose socket is full: one large reliable message it has not read yet
        let server = try await WebSocketServer.start(
            {
                var c = WebSocketServer.Configuration(host: "127.0.0.1", port: 0)
                c.maxQueueBytes = 64 << 20
                return c
            }())
        let peer = try RawPeer(port: server.port, receiveBuffer: 4096)
        var accepted = server.connections.makeAsyncIterator()
        let id = try #require(await accepted.next()).id
        server.send(OutboundMessage(binary: [UInt8](repeating: 1, count: 8 << 20)), to: id, policy: .reliable)

        // When 50 snapshots are sent as latest-wins while it is behind
        for i in 0..<50 { server.send(OutboundMessage(text: "snapshot \(i)"), to: id, policy: .latestWins) }
        server.send(OutboundMessage(text: "question 1"), to: id, policy: .reliable)
        #expect(await eventually("snapshots coalesced") { server.counts.coalesced > 0 })

        // Then once it reads again it gets the big message, the question, and only the newest snapshot(s)
        let texts = try await onThread { () -> [String] in
            var texts: [String] = []
            while texts.last != "question 1" {
                let frame = try peer.readFrame()
                if frame.opcode == 1 { texts.append(String(decoding: frame.payload, as: UTF8.self)) }
            }
            return texts
        }
        // (the newest snapshot takes the place at the back of the queue, so it precedes the question)
        let snapshots = texts.filter { $0.hasPrefix("snapshot") }
        #expect(snapshots.count < 50)
        #expect(snapshots.last == "snapshot 49")
        #expect(server.counts.coalesced == 50 - snapshots.count)
        await server.shutdown()
    }
}

@Suite struct StallTimeoutTests {
    @Test(.timeLimit(.minutes(1))) func aConnectionOverItsLimitPastTheStallTimeoutIsClosedWithTheReason() async throws {
        // Given a stuck peer and a server with a 64 KiB limit and a 1 s stall timeout
        let server = try await WebSocketServer.start(.neverIdle(queueLimit: 64 * 1024, stallTimeout: 1))
        let peer = try RawPeer(port: server.port, receiveBuffer: 4096)
        var accepted = server.connections.makeAsyncIterator()
        let connection = try #require(await accepted.next())

        // When it is sent 8 KiB messages, one at a time, until its queue is over the limit but far
        // under the hard cap (4 × the limit). Each message waits until the service thread has
        // written it (the kernel still had room) or for a while; once twelve in a row have not been
        // written (96 KiB queued), nothing more is sent until the 250 ms sweep has seen the queue.
        // (Bursts with fixed pauses could pile two bursts into one late wake-up of a starved
        // service thread, cross the hard cap, and then send to a closed connection for minutes.)
        var sent = 0
        var unwritten = 0
        while server.counts.largestQueueBytes <= 64 * 1024 && sent < 2_000 && server.counts.slowClosed == 0 {
            if unwritten >= 12 {
                _ = await eventually("the sweep sees the queue", within: 10) {
                    server.counts.largestQueueBytes > 64 * 1024
                }
                unwritten = 0
                continue
            }
            let before = server.counts.bytesOut
            server.send(
                OutboundMessage(binary: [UInt8](repeating: 2, count: 8192)), to: connection.id, policy: .reliable)
            sent += 1
            let written = await eventually("written", within: 0.3) { server.counts.bytesOut > before }
            unwritten = written ? 0 : unwritten + 1
        }
        #expect(server.counts.largestQueueBytes > 64 * 1024, "after \(sent) messages")

        // Then after the stall timeout it is closed with 1008 and a reason that says why
        var events = connection.events.makeAsyncIterator()
        var last: ConnectionEvent?
        while let e = await events.next() { last = e }
        guard case .closed(let code, let reason) = last else {
            Issue.record("no close event")
            return
        }
        #expect(code == .policyViolation)
        #expect(reason.contains("waiting for over 1 s"), "reason: \(reason)")
        #expect(server.counts.slowClosed == 1)
        withExtendedLifetime(peer) {}
        await server.shutdown()
    }
}

@Suite struct OutboundBudgetTests {
    @Test(.timeLimit(.minutes(1))) func overTheServerBudgetTheBiggestHolderIsClosedFirstAndTheTotalFalls() async throws
    {
        // Given a server whose queues may hold 17 MiB together (each one alone up to its hard cap of
        // four times 16 MiB), and three peers that never read
        let budget = 17 << 20
        let server = try await WebSocketServer.start(.neverIdle(queueLimit: 16 << 20, totalLimit: budget))
        let peers = try (0..<3).map { _ in try RawPeer(port: server.port, receiveBuffer: 4096) }
        let connections = await accept(3, from: server)

        // When each is sent one 8 MiB message, more than its socket takes (the rest waits in lws's
        // buffer, counted), then 10, 4 and 2 more of 64 KiB (as students asking for history pages
        // without reading), all in one batch
        let filler = OutboundMessage(binary: [UInt8](repeating: 1, count: 8 << 20))
        let page = OutboundMessage(binary: [UInt8](repeating: 2, count: 64 * 1024))
        var batch: [TransportInstruction] = [.message(filler, to: connections.map(\.id), policy: .reliable)]
        for (connection, pages) in zip(connections, [10, 4, 2]) {
            for _ in 0..<pages { batch.append(.message(page, to: [connection.id], policy: .reliable)) }
        }
        server.submit(batch)

        // Then the one holding the most (8 MiB and 640 KiB) is closed with 1008 and a reason that says why
        var events = connections[0].events.makeAsyncIterator()
        var last: ConnectionEvent?
        while let e = await events.next() { last = e }
        guard case .closed(let code, let reason) = last else {
            Issue.record("no close event")
            return
        }
        #expect(code == .policyViolation)
        #expect(reason.contains("outbound budget"), "reason: \(reason)")
        // And the total fell under the budget, the other two still holding theirs (8 MiB and 4 or 2 pages each)
        #expect(server.counts.queuedBytes == 2 * (8 << 20) + 6 * 64 * 1024)
        #expect(!server.isOverOutboundBudget)
        #expect(server.counts.slowClosed == 1)
        withExtendedLifetime(peers) {}
        await server.shutdown()
    }

    @Test(.timeLimit(.minutes(1))) func whatLibwebsocketsStillHoldsForAReaderThatStoppedCountsUntilItCloses()
        async throws
    {
        // Given a server with no budget and queue limits no peer reaches, and three peers that never read
        let server = try await WebSocketServer.start(.neverIdle(queueLimit: 64 << 20, totalLimit: 0))
        let peers = try (0..<3).map { _ in try RawPeer(port: server.port, receiveBuffer: 4096) }
        let connections = await accept(3, from: server)

        // When each is sent one 16 MiB message, far more than its socket takes
        let big = 16 << 20
        server.submit([
            .message(
                OutboundMessage(binary: [UInt8](repeating: 3, count: big)), to: connections.map(\.id), policy: .reliable
            )
        ])

        // Then once the server has handed all three to libwebsockets, which holds their unsent tails,
        // every byte still counts against the outbound budget
        #expect(await eventually("written", within: 30) { server.counts.messagesOut == 3 })
        #expect(server.counts.queuedBytes == 3 * big)

        // And the count comes back down as each closes: the first hanging up, the second closed by the
        // server (its close frame never goes out; the grace period ends it), the third at shutdown
        peers[0].hangUp()
        for await _ in connections[0].events {}
        #expect(server.counts.queuedBytes == 2 * big)
        server.close(connections[1].id, code: .goingAway, reason: "bye")
        for await _ in connections[1].events {}
        #expect(server.counts.queuedBytes == big)
        await server.shutdown()
        #expect(server.counts.queuedBytes == 0)
        withExtendedLifetime(peers) {}
    }
}

extension WebSocketServer.Configuration {
    /// A loopback server on an ephemeral port whose idle ping and hang-up never come within a test, so that only the
    /// limits under test close a connection (filling the kernel's loopback buffers first can take longer than the idle
    /// hang-up on a loaded machine: seen, 70 s in a parallel run).
    static func neverIdle(queueLimit: Int, stallTimeout: Double = 600, totalLimit: Int? = nil) -> Self {
        var c = WebSocketServer.Configuration(host: "127.0.0.1", port: 0)
        c.maxQueueBytes = queueLimit
        c.maxTotalQueueBytes = totalLimit ?? c.maxTotalQueueBytes
        c.stallTimeout = stallTimeout
        c.pingAfterIdle = 600
        c.hangupAfterIdle = 1200
        return c
    }
}
