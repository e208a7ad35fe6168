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
        connections = registry.gauge("petri_connections", "WebSocket connections open now.")
        lessons = registry.gauge("petri_lessons", "Lessons running now.")
        students = registry.gauge("petri_students", "Students in running lessons, connected or not.")
        queuedBytes = registry.gauge(
            "petri_outbound_queued_bytes", "Outbound bytes waiting in all connections' queues.")
        largestQueueBytes = registry.gauge(
            "petri_outbound_largest_queue_bytes", "The longest single connection's outbound queue in bytes."
        )
        accepted = registry.counter(
            "petri_connections_accepted_total", "WebSocket connections accepted.")
        closed = registry.counter(
            "petri_connections_closed_total", "WebSocket connections closed, for any reason.")
        messagesIn = registry.counter("petri_messages_received_total", "Complete messages received.")
        messagesOut = registry.counter(
            "petri_messages_sent_total", "Messages fully written to the kernel.")
        bytesIn = registry.counter(
            "petri_received_bytes_total", "Payload bytes of complete messages received.")
        bytesOut = registry.counter(
            "petri_sent_bytes_total", "Payload bytes fully written to the kernel.")
        coalesced = registry.counter(
            "petri_snapshots_coalesced_total",
            "Latest-wins messages (snapshots) replaced by a newer one before they were sent.")
        slowClosed = registry.counter(
            "petri_slow_client_disconnects_total",
            "Connections closed for staying over their outbound queue limit.")
        refused = registry.counter(
            "petri_upgrades_refused_total",
            "WebSocket upgrades refused (Origin, per-address cap, subprotocol).")
        badInput = registry.counter(
            "petri_bad_input_disconnects_total",
            "Connections closed for an oversized or invalid incoming message.")
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
    package func startSampling(_ server: any Transport, _ hub: Hub, every interval: Duration = .seconds(1))
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

extension PrometheusCollectorRegistry {
    /// A gauge named `name` exactly (no unit suffix added), with its help line.
    fileprivate func gauge(_ name: String, _ help: String) -> Gauge {
        makeGauge(descriptor: MetricNameDescriptor(metricName: name, unitName: "", helpText: help))
    }

    /// A counter named `name` exactly (its `_total` is part of the name), with its help line.
    fileprivate func counter(_ name: String, _ help: String) -> Counter {
        makeCounter(descriptor: MetricNameDescriptor(metricName: name, unitName: "", helpText: help))
    }
}
