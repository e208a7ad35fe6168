import Testing

@testable import PetriTransport

@Suite struct InMemoryTransportTests {
    @Test func aConnectingPeerIsAcceptedWithItsDetails() async throws {
        // Given an in-memory transport
        let transport = InMemoryTransport()
        // When a peer connects with an origin and a subprotocol
        let peer = transport.connect(remoteAddress: "10.0.0.7", path: "/lesson", origin: "https://school.example")
        // Then the server side sees the same details
        var accepted = transport.connections.makeAsyncIterator()
        let connection = try #require(await accepted.next())
        #expect(connection.info == peer.info)
        #expect(connection.info.remoteAddress == "10.0.0.7")
        #expect(connection.info.subprotocol == "petri.v1")
        #expect(transport.counts.open == 1)
    }

    @Test func messagesFlowBothWaysInOrder() async throws {
        let transport = InMemoryTransport()
        let peer = transport.connect()
        var accepted = transport.connections.makeAsyncIterator()
        let connection = try #require(await accepted.next())
        var serverEvents = connection.events.makeAsyncIterator()
        var received = peer.received.makeAsyncIterator()

        // When the peer sends text and binary, and the server answers
        peer.send(text: "join ABC123")
        peer.send(binary: [1, 2, 3])
        transport.send(OutboundMessage(text: "welcome"), to: connection.id, policy: .reliable)

        // Then each side sees the other's messages in order
        #expect(await serverEvents.next() == .text("join ABC123"))
        #expect(await serverEvents.next() == .binary([1, 2, 3]))
        #expect(await received.next()?.text == "welcome")
        #expect(transport.counts.messagesIn == 2)
        #expect(transport.counts.bytesIn == 14)
    }

    @Test func aPausedPeerGetsOnlyTheNewestLatestWinsMessageButEveryReliableOne() async throws {
        // Given a peer that has stopped reading
        let transport = InMemoryTransport()
        let peer = transport.connect()
        peer.pause()

        // When three snapshots and two reliable messages are broadcast to it
        transport.broadcast(OutboundMessage(text: "snapshot 1"), to: [peer.id], policy: .latestWins)
        transport.broadcast(OutboundMessage(text: "stats 1"), to: [peer.id], policy: .reliable)
        transport.broadcast(OutboundMessage(text: "snapshot 2"), to: [peer.id], policy: .latestWins)
        transport.broadcast(OutboundMessage(text: "stats 2"), to: [peer.id], policy: .reliable)
        transport.broadcast(OutboundMessage(text: "snapshot 3"), to: [peer.id], policy: .latestWins)

        // Then when it reads again it gets both stats and only the newest snapshot, at the back
        peer.resume()
        var received = peer.received.makeAsyncIterator()
        var texts: [String] = []
        for _ in 0..<3 { texts.append(try #require(await received.next()?.text)) }
        #expect(texts == ["stats 1", "stats 2", "snapshot 3"])
        #expect(transport.counts.coalesced == 2)
    }

    @Test func closingFromTheServerEndsBothStreamsWithTheCode() async throws {
        let transport = InMemoryTransport()
        let peer = transport.connect()
        var accepted = transport.connections.makeAsyncIterator()
        let connection = try #require(await accepted.next())

        transport.close(connection.id, code: .policyViolation, reason: "kicked by the teacher")

        var received = peer.received.makeAsyncIterator()
        #expect(await received.next() == .closed(.policyViolation, reason: "kicked by the teacher"))
        #expect(await received.next() == nil)
        var events = connection.events.makeAsyncIterator()
        #expect(await events.next() == .closed(.policyViolation, reason: "kicked by the teacher"))
        #expect(await events.next() == nil)
        #expect(transport.counts.open == 0)
        #expect(transport.counts.closed == 1)
    }

    @Test func messagesToAClosedConnectionAreDiscarded() async throws {
        let transport = InMemoryTransport()
        let peer = transport.connect()
        peer.close(code: .normal, reason: "bye")
        transport.send(OutboundMessage(text: "late"), to: peer.id, policy: .reliable)
        #expect(transport.counts.messagesOut == 0)
    }

    @Test func shutdownClosesEveryoneAndEndsTheConnectionStream() async throws {
        let transport = InMemoryTransport()
        let peers = (0..<3).map { _ in transport.connect() }
        transport.shutdown(code: .serverRestarting, reason: "server restarting")
        for peer in peers {
            var received = peer.received.makeAsyncIterator()
            #expect(await received.next() == .closed(.serverRestarting, reason: "server restarting"))
        }
        var accepted = transport.connections.makeAsyncIterator()
        for _ in 0..<3 { #expect(await accepted.next() != nil) }
        #expect(await accepted.next() == nil)
    }

    @Test func aSharedMessageHeadroomBelongsToOneOwner() {
        let message = OutboundMessage(text: "snapshot")
        #expect(message.claimHeadroom(for: 1) != nil)
        #expect(message.claimHeadroom(for: 1) != nil)
        #expect(message.claimHeadroom(for: 2) == nil)
        #expect(message.bytes == Array("snapshot".utf8))
    }
}
