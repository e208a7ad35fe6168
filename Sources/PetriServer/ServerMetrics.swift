import CoreMetrics

/// The server's own counters, through swift-metrics (exported by `/metrics` when a
/// Prometheus factory is bootstrapped; no-ops otherwise).
public struct ServerMetrics: Sendable {
    private let storeWrites = Timer(label: "petri_store_write_seconds")
    private let lessonsCreated = Counter(label: "petri_lessons_created_total")
    private let connectionsServed = Counter(label: "petri_sessions_total")
    private let messagesHandled = Counter(label: "petri_messages_handled_total")

    public init() {}

    func storeWrite(seconds: Duration) {
        storeWrites.recordNanoseconds(
            seconds.components.seconds * 1_000_000_000 + seconds.components.attoseconds / 1_000_000_000)
    }

    func rejected(_ reason: String) {
        Counter(label: "petri_rejected_inputs_total", dimensions: [("reason", reason)]).increment()
    }

    func lessonCreated() { lessonsCreated.increment() }
    func sessionStarted() { connectionsServed.increment() }
    func messageHandled() { messagesHandled.increment() }
}
