import CoreMetrics

/// The server's own counters, through swift-metrics (exported by `/metrics` when a
/// Prometheus factory is bootstrapped; no-ops otherwise).
package struct ServerMetrics: Sendable {
    /// The label of the store write latency histogram.
    package static let storeWriteLabel = "petri_store_write_seconds"
    /// The label of the broadcast fan-out duration histogram (encode once, queue for every recipient).
    package static let fanOutLabel = "petri_broadcast_fanout_seconds"
    /// The label of the auto-run lateness histogram: when a timed step was taken minus when it was due.
    package static let tickLatenessLabel = "petri_tick_lateness_seconds"

    private let storeWrites = Timer(label: ServerMetrics.storeWriteLabel)
    private let fanOuts = Timer(label: ServerMetrics.fanOutLabel)
    private let tickLateness = Timer(label: ServerMetrics.tickLatenessLabel)
    private let lessonsCreated = Counter(label: "petri_lessons_created_total")
    private let connectionsServed = Counter(label: "petri_sessions_total")
    private let messagesHandled = Counter(label: "petri_messages_handled_total")
    private let checkpointEncodes = Timer(label: "petri_checkpoint_encode_seconds")
    private let checkpointBytes = Counter(label: "petri_checkpoint_bytes_total")

    package init() {}

    func storeWrite(seconds: Duration) {
        storeWrites.recordNanoseconds(
            seconds.components.seconds * 1_000_000_000 + seconds.components.attoseconds / 1_000_000_000)
    }

    /// Records one fan-out (encoding a message and queueing it for its recipients) that began at `started`.
    func fanOut(since started: ContinuousClock.Instant) {
        let elapsed = started.duration(to: .now).components
        fanOuts.recordNanoseconds(elapsed.seconds * 1_000_000_000 + elapsed.attoseconds / 1_000_000_000)
    }

    /// Records how late one timed step was taken (milliseconds; a step taken early counts as on time).
    func tickLate(milliseconds: Int64) {
        tickLateness.recordNanoseconds(max(0, milliseconds) * 1_000_000)
    }

    func rejected(_ reason: String) {
        Counter(label: "petri_rejected_inputs_total", dimensions: [("reason", reason)]).increment()
    }

    /// Records one durable checkpoint stored: its size and how long encoding it took.
    func checkpointStored(bytes: Int, encodeSeconds: Duration) {
        checkpointEncodes.recordNanoseconds(
            encodeSeconds.components.seconds * 1_000_000_000 + encodeSeconds.components.attoseconds / 1_000_000_000)
        checkpointBytes.increment(by: Int64(bytes))
    }

    private let redirects = Counter(label: "petri_cluster_redirects_total")
    private let claimedRestores = Counter(label: "petri_cluster_restores_total")

    func lessonCreated() { lessonsCreated.increment() }
    /// A client was sent to the node that owns its lesson.
    func redirected() { redirects.increment() }
    /// A lesson whose owner was gone was claimed and restored here.
    func lessonClaimed() { claimedRestores.increment() }
    func sessionStarted() { connectionsServed.increment() }
    func messageHandled() { messagesHandled.increment() }
}
