/// Live counters of a transport, cheap to read from any thread.
package struct TransportCounts: Sendable, Hashable, Codable {
    /// WebSocket connections open now.
    package var open: Int = 0
    /// WebSocket connections accepted (or opened) since start.
    package var accepted: Int = 0
    /// WebSocket connections closed since start, for any reason.
    package var closed: Int = 0
    /// Complete messages received.
    package var messagesIn: Int = 0
    /// Bytes of complete messages received (payload only).
    package var bytesIn: Int = 0
    /// Messages fully written to the kernel.
    package var messagesOut: Int = 0
    /// Payload bytes fully written to the kernel.
    package var bytesOut: Int = 0
    /// Latest-wins messages replaced by a newer one before they were sent.
    package var coalesced: Int = 0
    /// Connections closed for staying over their outbound queue limit, or for holding the most
    /// queued bytes when all connections together were over the server's budget.
    package var slowClosed: Int = 0
    /// Upgrades refused (Origin not allowed, per-address cap reached, no such subprotocol).
    package var refused: Int = 0
    /// Connections closed for an oversized or invalid incoming message.
    package var badInput: Int = 0
    /// Outbound bytes waiting in all connections' queues (live).
    package var queuedBytes: Int = 0
    /// The longest single connection's queue in bytes (sampled likewise).
    package var largestQueueBytes: Int = 0

    package init() {}
}
