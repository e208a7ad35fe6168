import CoreMetrics

/// A node's lease metrics, through swift-metrics (exported by `/metrics`).
package struct LeaseCounters: Sendable {
    private let ownedGauge = Gauge(label: "petri_cluster_lessons_owned")
    private let renewals = Counter(label: "petri_cluster_leases_renewed_total")
    private let losses = Counter(label: "petri_cluster_leases_lost_total")
    private let claims = Counter(label: "petri_cluster_leases_claimed_total")
    private let presentGauge = Gauge(label: "petri_cluster_node_present")

    package init() {}

    func owned(_ count: Int) { ownedGauge.record(count) }
    func renewed(_ count: Int) { renewals.increment(by: Int64(count)) }
    func leaseLost() { losses.increment() }
    func claimed() { claims.increment() }
    /// Whether the node holds its presence lock (1) or not (0): while 0, other nodes may take its lessons.
    func present(_ held: Bool) { presentGauge.record(held ? 1 : 0) }
}
