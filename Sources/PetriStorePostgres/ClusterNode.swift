/// Who this node is in a cluster sharing one PostgreSQL, and how long its lesson leases last.
package struct ClusterNode: Sendable, Hashable {
    /// A name unique in the cluster and stable across restarts (a restarted node takes its own
    /// leases back at once instead of waiting for them to expire).
    package var id: String
    /// The WebSocket URL clients can reach this node at, sent in `redirect` messages.
    package var advertisedURL: String
    /// How long a lease lasts without renewal: after a node dies, its lessons wait at most this
    /// long (no wait once PostgreSQL has ended the dead node's session; see `NodePresence`).
    package var leaseMilliseconds: Int
    /// How often the node renews its leases; well under ``leaseMilliseconds``.
    package var renewMilliseconds: Int

    package init(id: String, advertisedURL: String, leaseMilliseconds: Int = 5_000, renewMilliseconds: Int = 1_500) {
        self.id = id
        self.advertisedURL = advertisedURL
        self.leaseMilliseconds = leaseMilliseconds
        self.renewMilliseconds = renewMilliseconds
    }
}
