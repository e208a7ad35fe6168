import PetriHub
import PetriTransport
import Prometheus

/// The metrics copied from the transport's and the hub's own counters by the sampler.
///
/// Levels are gauges; running totals are counters advanced by the change since the previous
/// sample (so several servers in one process, as in the tests, add up rather than overwrite).
struct SampledMetrics: Sendable {
    let connections: Gauge
    let lessons: Gauge
    let students: Gauge
    let queuedBytes: Gauge
    let largestQueueBytes: Gauge
    let accepted: Counter
    let closed: Counter
    let messagesIn: Counter
    let messagesOut: Counter
    let bytesIn: Counter
    let bytesOut: Counter
    let coalesced: Counter
    let slowClosed: Counter
    let refused: Counter
    let badInput: Counter

    init(_ registry: PrometheusCollectorRegistry) {
        connections = registry.makeGauge(name: "petri_connections", help: "WebSocket connections open now.")
        lessons = registry.makeGauge(name: "petri_lessons", help: "Lessons running now.")
        students = registry.makeGauge(name: "petri_students", help: "Students in running lessons, connected or not.")
        queuedBytes = registry.makeGauge(
            name: "petri_outbound_queued_bytes", help: "Outbound bytes waiting in all connections' queues.")
        largestQueueBytes = registry.makeGauge(
            name: "petri_outbound_largest_queue_bytes", help: "The longest single connection's outbound queue in bytes."
        )
        accepted = registry.makeCounter(
            name: "petri_connections_accepted_total", help: "WebSocket connections accepted.")
        closed = registry.makeCounter(
            name: "petri_connections_closed_total", help: "WebSocket connections closed, for any reason.")
        messagesIn = registry.makeCounter(name: "petri_messages_received_total", help: "Complete messages received.")
        messagesOut = registry.makeCounter(
            name: "petri_messages_sent_total", help: "Messages fully written to the kernel.")
        bytesIn = registry.makeCounter(
            name: "petri_received_bytes_total", help: "Payload bytes of complete messages received.")
        bytesOut = registry.makeCounter(
            name: "petri_sent_bytes_total", help: "Payload bytes fully written to the kernel.")
        coalesced = registry.makeCounter(
            name: "petri_snapshots_coalesced_total",
            help: "Latest-wins messages (snapshots) replaced by a newer one before they were sent.")
        slowClosed = registry.makeCounter(
            name: "petri_slow_client_disconnects_total",
            help: "Connections closed for staying over their outbound queue limit.")
        refused = registry.makeCounter(
            name: "petri_upgrades_refused_total",
            help: "WebSocket upgrades refused (Origin, per-address cap, subprotocol).")
        badInput = registry.makeCounter(
            name: "petri_bad_input_disconnects_total",
            help: "Connections closed for an oversized or invalid incoming message.")
    }

    /// Copies one sample in: gauges are set, counters advance by the change since `previous`.
    func record(_ counts: TransportCounts, since previous: TransportCounts, lessons: Int, students: Int) {
        connections.set(Int64(counts.open))
        self.lessons.set(Int64(lessons))
        self.students.set(Int64(students))
        queuedBytes.set(Int64(counts.queuedBytes))
        largestQueueBytes.set(Int64(counts.largestQueueBytes))
        Self.advance(accepted, counts.accepted, previous.accepted)
        Self.advance(closed, counts.closed, previous.closed)
        Self.advance(messagesIn, counts.messagesIn, previous.messagesIn)
        Self.advance(messagesOut, counts.messagesOut, previous.messagesOut)
        Self.advance(bytesIn, counts.bytesIn, previous.bytesIn)
        Self.advance(bytesOut, counts.bytesOut, previous.bytesOut)
        Self.advance(coalesced, counts.coalesced, previous.coalesced)
        Self.advance(slowClosed, counts.slowClosed, previous.slowClosed)
        Self.advance(refused, counts.refused, previous.refused)
        Self.advance(badInput, counts.badInput, previous.badInput)
    }

    private static func advance(_ counter: Counter, _ now: Int, _ before: Int) {
        if now > before { counter.increment(by: Int64(now - before)) }
    }
}

extension MetricsEndpoint {
    /// Copies the transport's counts and the hub's lesson and student numbers into the registry
    /// now and then every `interval`, until the task is cancelled or the server or hub is gone.
    ///
    /// Meant for `PetriService`'s `onStarted` hook.
    ///
    /// - Parameters:
    ///   - server: The running transport (its counts are cheap to read from any thread).
    ///   - hub: The running hub.
    ///   - interval: Time between samples.
    /// - Returns: The sampling task (cancel it to stop early).
    @discardableResult
    public func startSampling(_ server: any Transport, _ hub: Hub, every interval: Duration = .seconds(1))
        -> Task<Void, Never>
    {
        let metrics = sampled
        return Task { [weak server, weak hub] in
            var previous = TransportCounts()
            while !Task.isCancelled {
                do {  // strong references only while sampling, never across the sleep
                    guard let server, let hub else { return }
                    let counts = server.counts
                    let lessons = await hub.lessonCount
                    let students = await hub.studentCount()
                    metrics.record(counts, since: previous, lessons: lessons, students: students)
                    previous = counts
                }
                try? await Task.sleep(for: interval)
            }
        }
    }
}
