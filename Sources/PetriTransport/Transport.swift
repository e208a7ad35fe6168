/// The small interface the hub talks to: connections in, messages out.
///
/// All methods may be called from any thread or task and return at once: sends are
/// enqueued and performed by the transport's own I/O thread, so a caller never waits for a
/// slow receiver. A message to a connection that has already closed is discarded (its
/// `closed` event is, or will be, on that connection's stream).
///
/// ```swift
/// for await connection in transport.connections {
///     Task {
///         for await event in connection.events { ... }
///     }
/// }
/// transport.broadcast(OutboundMessage(text: snapshotJSON), to: lessonMembers, policy: .latestWins)
/// ```
package protocol Transport: AnyObject, Sendable {
    /// Connections as they are accepted (server) or opened (client), each with its events.
    var connections: AsyncStream<Connection> { get }

    /// Queues one message for one connection.
    func send(_ message: OutboundMessage, to id: ConnectionID, policy: DeliveryPolicy)

    /// Queues the same message for many connections, sharing its bytes (no per-recipient copy).
    func broadcast(_ message: OutboundMessage, to ids: [ConnectionID], policy: DeliveryPolicy)

    /// Closes one connection with a code and a reason (at most 123 bytes of UTF-8 are sent).
    func close(_ id: ConnectionID, code: CloseCode, reason: String)

    /// Queues several messages and closes at once, in order.
    ///
    /// The same as making the calls one by one, except that the transport takes them together:
    /// its I/O thread wakes once, and a connection that gets several of the messages may get
    /// them in one write (a generation's stats and snapshot, say, plus a student's result).
    func submit(_ batch: [TransportInstruction])

    /// Live counters.
    var counts: TransportCounts { get }

    /// Whether the outbound bytes queued for all connections together are over the server's budget
    /// (`websocket.maxQueuedBytes`), read without waiting: a caller should then refuse requests that
    /// would queue much more (a `history` page) until it falls. Always false without a budget.
    var isOverOutboundBudget: Bool { get }
}
