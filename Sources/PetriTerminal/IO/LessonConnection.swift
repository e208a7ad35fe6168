import PetriProtocol

/// Something that happened on a connection to the server.
enum LinkEvent: Sendable {
    /// A message, with the text frame it came in (for `--json` output).
    case message(ServerMessage, raw: String)
    /// A frame that did not decode as a message this client knows.
    case unreadable(raw: String, problem: String)
    /// The connection is gone (the last event): the close code, 1006 when it just dropped.
    case closed(code: UInt16, reason: String)
}

/// One open connection to a lesson server.
///
/// May be used from any task.
protocol LessonLink: Sendable {
    /// The connection's events in order; finishes after ``LinkEvent/closed(code:reason:)``.
    var events: AsyncStream<LinkEvent> { get }
    /// Queues a message.
    func send(_ message: ClientMessage)
    /// Closes the connection normally.
    func close()
}

/// Opens connections to one server; the client's only view of the network.
///
/// Tests substitute a scripted connector; the program uses ``WebSocketConnector``.
protocol LessonConnector: Sendable {
    /// Opens a new connection.
    ///
    /// - Throws: ``TerminalError/Code/cannotConnect`` with a sentence saying why.
    func connect() async throws(TerminalError) -> any LessonLink
    /// Opens a new connection to another node of the same server (after a `redirect`); nil is ``connect()``.
    ///
    /// - Throws: ``TerminalError/Code/cannotConnect`` with a sentence saying why.
    func connect(redirectedTo url: String?) async throws(TerminalError) -> any LessonLink
    /// Closes everything; no connection is opened afterwards.
    func shutdown() async
}

extension LessonConnector {
    /// Connectors that know only one server ignore redirects.
    func connect(redirectedTo url: String?) async throws(TerminalError) -> any LessonLink {
        try await connect()
    }
}
