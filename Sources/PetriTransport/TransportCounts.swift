/// Live counters of a transport, cheap to read from any thread.
public struct TransportCounts: Sendable, Hashable, Codable {
    /// WebSocket connections open now.
    public var open: Int = 0
    /// WebSocket connections accepted (or opened) since start.
    public var accepted: Int = 0
    /// WebSocket connections closed since start, for any reason.
    public var closed: Int = 0
    /// Complete messages received.
    public var messagesIn: Int = 0
    /// Bytes of complete messages received (payload only).
    public var bytesIn: Int = 0
    /// Messages fully written to the kernel.
    public var messagesOut: Int = 0
    /// Payload bytes fully written to the kernel.
    public var bytesOut: Int = 0
    /// Latest-wins messages replaced by a newer one before they were sent.
    public var coalesced: Int = 0
    /// Connections closed for staying over their outbound queue limit, or for holding the most
    /// queued bytes when all connections together were over the server's budget.
    public var slowClosed: Int = 0
    /// Upgrades refused (Origin not allowed, per-address cap reached, no such subprotocol).
    public var refused: Int = 0
    /// Connections closed for an oversized or invalid incoming message.
    public var badInput: Int = 0
    /// Outbound bytes waiting in all connections' queues (live).
    public var queuedBytes: Int = 0
    /// The longest single connection's queue in bytes (sampled likewise).
    public var largestQueueBytes: Int = 0

    public init() {}
}
