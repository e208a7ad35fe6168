import PetriProtocol
import PetriTransport

/// One client end of the protocol: sends ``ClientMessage``s and reads decoded ``ServerMessage``s
/// in order, over any transport's connection (a ``WebSocketClient``'s or an in-memory one).
///
/// It replaces the near-copies the tests, the demo lesson and the benchmarks each had.
///
/// ```swift
/// let peer = ProtocolPeer(client, try await client.connect(to: "ws://127.0.0.1:8080/"))
/// try peer.send(.join(code: code, name: "Ada"))
/// let welcome = try await peer.expect("welcome") { if case .welcome(let w) = $0 { w } else { nil } }
/// ```
package final class ProtocolPeer: @unchecked Sendable {
    // @unchecked Sendable: one task at a time drives a peer (it reads its own event iterator, which
    // is not thread-safe); the send and close closures are themselves Sendable.
    private let sendBytes: @Sendable (OutboundMessage) -> Void
    private let closeLink: @Sendable (CloseCode, String) -> Void
    private let receive: () async -> ConnectionEvent?
    /// Text frames it returns true for are dropped without being decoded (nil: every frame is read).
    private let ignoring: (@Sendable ([UInt8]) -> Bool)?
    private let decoder = ProtocolDecoder(limits: .serverMessages)
    private let encoder = ProtocolEncoder()
    /// Every server message read so far, in order.
    package private(set) var seen: [ServerMessage] = []
    /// How the connection closed, once it has.
    package private(set) var closed: (code: CloseCode, reason: String)?

    /// A peer over any link: a way to send, a way to close, and the connection's events in order.
    package init(
        send: @escaping @Sendable (OutboundMessage) -> Void, close: @escaping @Sendable (CloseCode, String) -> Void,
        receive: @escaping () async -> ConnectionEvent?, ignoring: (@Sendable ([UInt8]) -> Bool)? = nil
    ) {
        sendBytes = send
        closeLink = close
        self.receive = receive
        self.ignoring = ignoring
    }

    /// A peer on `connection`, which `transport` opened (a client transport such as ``WebSocketClient``).
    ///
    /// - Parameter ignoring: Says which text frames to drop without decoding them (a benchmark's
    ///   clients that never look at snapshots: decoding them would be most of what the benchmark measures).
    package convenience init(
        _ transport: any Transport, _ connection: Connection, ignoring: (@Sendable ([UInt8]) -> Bool)? = nil
    ) {
        var events = connection.events.makeAsyncIterator()
        let id = connection.id
        self.init(
            send: { transport.send($0, to: id, policy: .reliable) },
            close: { transport.close(id, code: $0, reason: $1) },
            receive: { await events.next() }, ignoring: ignoring)
    }

    /// Encodes and sends one message.
    package func send(_ message: ClientMessage) throws {
        sendBytes(OutboundMessage(kind: .text, bytes: try encoder.encode(message)))
    }

    /// Sends text as it is, valid or not (for hostile-input tests).
    package func sendRaw(_ text: String) {
        sendBytes(OutboundMessage(text: text))
    }

    /// Sends a message as it is, text or binary (for hostile-input tests).
    package func sendRaw(_ message: OutboundMessage) {
        sendBytes(message)
    }

    /// The next server message, or nil once the connection has closed.
    ///
    /// - Throws: the decoder's ``ProtocolError`` when the server sent something that is not a server message.
    package func next() async throws -> ServerMessage? {
        while let event = await receive() {
            switch event {
            case .text(let frame):
                if let ignoring, ignoring(frame.bytes) { continue }
                let message = try decoder.decodeServerMessage(frame.bytes)
                seen.append(message)
                return message
            case .binary: continue
            case .closed(let code, let reason):
                closed = (code, reason)
                return nil
            }
        }
        return nil
    }

    /// The next server message it can decode, skipping any it cannot; nil once the connection has closed.
    package func nextDecodable() async -> ServerMessage? {
        while true {
            do { return try await next() } catch { continue }
        }
    }

    /// Like ``expect(_:_:)``, but a server `error` on the way is thrown instead of skipped.
    package func expectReply<T>(_ what: String = "", _ pick: (ServerMessage) throws -> T?) async throws -> T {
        try await expect(what) { message in
            if case .error(let error) = message { throw error }
            return try pick(message)
        }
    }

    /// Reads until `pick` returns a value, skipping other messages.
    ///
    /// - Parameter what: What is awaited, for the error if the connection closes first.
    /// - Throws: ``PeerError/closedWhileWaiting(for:code:)`` when the connection closes first.
    package func expect<T>(_ what: String = "", _ pick: (ServerMessage) throws -> T?) async throws -> T {
        while let message = try await next() {
            if let value = try pick(message) { return value }
        }
        throw PeerError.closedWhileWaiting(for: what, code: closed?.code)
    }

    /// The next `error` message, skipping the others.
    package func expectError() async throws -> ProtocolError {
        try await expect("error") { if case .error(let e) = $0 { e } else { nil } }
    }

    /// Sends `message`, then a `ping`, and returns what came before the `pong`: the answer to
    /// `message` arrives first (a connection's messages are handled in order), so "no answer at
    /// all" shows as an empty list instead of a hang.
    package func answers(to message: ClientMessage) async throws -> [ServerMessage] {
        try send(message)
        try send(.ping)
        var replies: [ServerMessage] = []
        while let reply = try await next() {
            if case .pong = reply { return replies }
            replies.append(reply)
        }
        return replies
    }

    /// Closes the connection (normally, unless told otherwise).
    package func close(code: CloseCode = .normal, reason: String = "bye") { closeLink(code, reason) }
}

/// Why a ``ProtocolPeer`` gave up waiting.
package enum PeerError: Error, CustomStringConvertible {
    /// The connection closed (with this code, if the peer saw one) before the awaited message came.
    case closedWhileWaiting(for: String, code: CloseCode?)

    package var description: String {
        switch self {
        case .closedWhileWaiting(let what, let code):
            "The connection closed (code \(code.map { "\($0.rawValue)" } ?? "none")) while waiting for \(what.isEmpty ? "a message" : what)."
        }
    }
}
