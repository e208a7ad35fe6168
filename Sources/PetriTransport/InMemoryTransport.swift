import Synchronization

/// A transport with no sockets, for testing the layers above it.
///
/// Tests play the clients: ``connect(remoteAddress:path:origin:subprotocol:)`` returns an
/// ``InMemoryPeer`` that sends to the server side and sees what the server sent it, in order.
/// A peer can be paused to act as a slow receiver: its deliveries queue up and latest-wins
/// messages coalesce exactly as the contract of ``DeliveryPolicy`` says. Thread-safe.
package final class InMemoryTransport: ServerTransport {
    // A Mutex guards all mutable state; the streams' continuations are themselves thread-safe.
    private struct State {
        var nextID: UInt64 = 1
        var peers: [ConnectionID: InMemoryPeer] = [:]
        var counts = TransportCounts()
        var routes: HTTPHandler?
        var overOutboundBudget = false
    }

    private let state = Mutex(State())
    package let connections: AsyncStream<Connection>
    private let accepted: AsyncStream<Connection>.Continuation

    package init() {
        (connections, accepted) = AsyncStream.makeStream(of: Connection.self)
    }

    /// Opens a connection as a client would; the server side sees it on ``connections``.
    package func connect(
        remoteAddress: String = "127.0.0.1", path: String = "/", origin: String? = nil,
        subprotocol: String? = "petri.v1"
    ) -> InMemoryPeer {
        let peer: InMemoryPeer = state.withLock { s in
            let id = ConnectionID(s.nextID)
            s.nextID += 1
            s.counts.accepted += 1
            s.counts.open += 1
            let info = ConnectionInfo(
                id: id, remoteAddress: remoteAddress, path: path, origin: origin, subprotocol: subprotocol)
            let peer = InMemoryPeer(info: info, transport: self)
            s.peers[id] = peer
            return peer
        }
        accepted.yield(Connection(info: peer.info, events: peer.toServer))
        return peer
    }

    package func send(_ message: OutboundMessage, to id: ConnectionID, policy: DeliveryPolicy) {
        let peer = state.withLock { s -> InMemoryPeer? in
            guard let peer = s.peers[id] else { return nil }
            s.counts.messagesOut += 1
            s.counts.bytesOut += message.count
            return peer
        }
        if let peer, peer.deliver(message, policy: policy) { state.withLock { $0.counts.coalesced += 1 } }
    }

    package func broadcast(_ message: OutboundMessage, to ids: [ConnectionID], policy: DeliveryPolicy) {
        for id in ids { send(message, to: id, policy: policy) }
    }

    package func submit(_ batch: [TransportInstruction]) { submitEachInTurn(batch) }

    package func close(_ id: ConnectionID, code: CloseCode, reason: String) {
        guard let peer = state.withLock({ $0.peers[id] }) else { return }
        peer.closedByServer(code: code, reason: reason)
    }

    package var counts: TransportCounts { state.withLock { $0.counts } }

    /// False unless a test says otherwise with ``setOverOutboundBudget(_:)`` (nothing is queued here).
    package var isOverOutboundBudget: Bool { state.withLock { $0.overOutboundBudget } }

    /// Makes the transport report its outbound queues over (or back under) the server's budget,
    /// as a server whose slow readers hold too much would.
    package func setOverOutboundBudget(_ over: Bool) {
        state.withLock { $0.overOutboundBudget = over }
    }

    /// Closes every connection with `code` and finishes ``connections``.
    package func shutdown(code: CloseCode = .goingAway, reason: String = "server shutting down") {
        let peers = state.withLock { Array($0.peers.values) }
        for peer in peers { peer.closedByServer(code: code, reason: reason) }
        accepted.finish()
    }

    /// Listens on no port.
    package var port: Int { 0 }

    /// Closes every connection and finishes ``connections``; nothing is left to wait for.
    package func shutdown(code: CloseCode, reason: String, timeout: Double) async {
        shutdown(code: code, reason: reason)
    }

    /// Installs the HTTP routes a service serves (see ``TransportBuilder/inMemory(_:)``).
    func serve(_ routes: @escaping HTTPHandler) { state.withLock { $0.routes = routes } }

    /// What the installed routes answer `request` (nil: no route, the 404 a listening transport sends).
    func respond(to request: HTTPRequest) -> HTTPResponse? {
        state.withLock { $0.routes }?(request)
    }

    /// What the installed routes answer `request`, a deferred answer (``HTTPResponse/later(_:)``) awaited.
    package func answer(_ request: HTTPRequest) async -> HTTPResponse? {
        guard let response = respond(to: request) else { return nil }
        guard let deferred = response.deferred else { return response }
        return await deferred.answer(request)
    }

    func received(from id: ConnectionID, bytes: Int) {
        state.withLock {
            $0.counts.messagesIn += 1
            $0.counts.bytesIn += bytes
        }
    }

    func forget(_ id: ConnectionID) {
        state.withLock { s in
            if s.peers.removeValue(forKey: id) != nil {
                s.counts.open -= 1
                s.counts.closed += 1
            }
        }
    }
}

/// The client end of an ``InMemoryTransport`` connection, driven by a test.
package final class InMemoryPeer: Sendable {
    /// What the server did to this peer, in order.
    package enum Delivery: Sendable, Hashable {
        case message(kind: OutboundMessage.Kind, bytes: [UInt8], policy: DeliveryPolicy)
        case closed(CloseCode, reason: String)

        /// The message's text, when it is a text message.
        var text: String? {
            if case .message(.text, let bytes, _) = self { return String(decoding: bytes, as: UTF8.self) }
            return nil
        }
    }

    private struct State {
        var paused = false
        var backlog: [(OutboundMessage, DeliveryPolicy)] = []
        var closed = false
    }

    let info: ConnectionInfo
    /// Everything the server sent this peer, then its close.
    package let received: AsyncStream<Delivery>
    /// The server's side of the connection: what this peer sends, then its close.
    let toServer = ConnectionEvents()
    private let toPeer: AsyncStream<Delivery>.Continuation
    private unowned let transport: InMemoryTransport
    private let state = Mutex(State())

    init(info: ConnectionInfo, transport: InMemoryTransport) {
        self.info = info
        self.transport = transport
        (received, toPeer) = AsyncStream.makeStream(of: Delivery.self)
    }

    package var id: ConnectionID { info.id }

    /// Sends a text message to the server.
    package func send(text: String) {
        guard !state.withLock({ $0.closed }) else { return }
        transport.received(from: id, bytes: text.utf8.count)
        toServer.yield(.text(TextFrame(text)))
    }

    /// Sends a binary message to the server.
    package func send(binary: [UInt8]) {
        guard !state.withLock({ $0.closed }) else { return }
        transport.received(from: id, bytes: binary.count)
        toServer.yield(.binary(binary))
    }

    /// Closes from the client side; the server sees `closed(code, reason)`.
    package func close(code: CloseCode = .normal, reason: String = "") {
        guard
            state.withLock({ s in
                defer { s.closed = true }; return !s.closed
            })
        else { return }
        toServer.yield(.closed(code, reason: reason))
        toServer.finish()
        toPeer.finish()
        transport.forget(id)
    }

    /// Stops taking deliveries, as a receiver that stopped reading would.
    func pause() { state.withLock { $0.paused = true } }

    /// Takes every delivery that queued while paused, in order.
    func resume() {
        let backlog = state.withLock { s -> [(OutboundMessage, DeliveryPolicy)] in
            s.paused = false
            defer { s.backlog = [] }
            return s.backlog
        }
        for (message, policy) in backlog {
            toPeer.yield(.message(kind: message.kind, bytes: message.bytes, policy: policy))
        }
    }

    /// Messages waiting while paused.
    var backlogCount: Int { state.withLock { $0.backlog.count } }

    /// Delivers or queues; returns true when a queued latest-wins message was replaced.
    func deliver(_ message: OutboundMessage, policy: DeliveryPolicy) -> Bool {
        let (deliverNow, coalesced) = state.withLock { s -> (Bool, Bool) in
            guard !s.closed else { return (false, false) }
            guard s.paused else { return (true, false) }
            var replaced = false
            if policy.coalesces, let i = s.backlog.firstIndex(where: { $0.1 == policy }) {
                s.backlog.remove(at: i)
                replaced = true
            }
            s.backlog.append((message, policy))
            return (false, replaced)
        }
        if deliverNow { toPeer.yield(.message(kind: message.kind, bytes: message.bytes, policy: policy)) }
        return coalesced
    }

    func closedByServer(code: CloseCode, reason: String) {
        guard
            state.withLock({ s in
                defer { s.closed = true }; return !s.closed
            })
        else { return }
        toPeer.yield(.closed(code, reason: reason))
        toPeer.finish()
        toServer.yield(.closed(code, reason: reason))
        toServer.finish()
        transport.forget(id)
    }
}
