import PetriProtocol
import PetriSimulation

/// The lesson's record of replicates: the request in flight and the latest results per metric.
///
/// Kept across a restart like the rest of the lesson: the request and each finished result are log
/// entries (the result with its traces) and the book is in the saved state (format 4 on), so a
/// restarted lesson sends late arrivals the same bands and places a resolution among the same
/// replicates as if it had never stopped. Storing the traces rather than running the requests
/// again costs bytes (at most 200 × 201 values a result) but no CPU when a server takes over many
/// lessons at once, and leaves no window in which a resolution could come before a re-run. Only a
/// request whose result had not arrived when the server stopped runs again (``running``).
struct ReplicateBook: Sendable, Equatable {
    /// The number of the latest request (0 before any).
    var requested = 0
    /// The latest request while it runs: what a restarted lesson needs to run it again.
    var running: RunningRequest?
    /// Whether the latest request is still running.
    var isRunning: Bool { running != nil }
    /// The latest finished result per metric, newest last (at most ``keep``).
    var results: [ReplicateOutcome] = []
    /// The bands of the newest result, as everyone was sent them: what a client arriving later is
    /// sent after its snapshot (kept once rather than computed again for every arrival).
    var latestBands: ReplicateBands?

    static let keep = 8

    /// A request on its way: where it was asked and what it asked for.
    struct RunningRequest: Sendable, Hashable {
        var position: TimelinePosition
        /// How many of the run's logged actions had been applied when it was asked (see
        /// ``SimulationRun/model(at:actionCount:)``).
        var actionCount: Int
        var count: Int
        var horizon: Int
        var metric: MetricID
    }

    mutating func record(_ outcome: ReplicateOutcome) {
        results.removeAll { $0.metric == outcome.metric }
        results.append(outcome)
        if results.count > Self.keep { results.removeFirst(results.count - Self.keep) }
        latestBands = Self.bands(of: outcome)
    }

    /// Forgets every result of a timeline other than `timeline` (after a rewind or restore).
    mutating func keepOnly(timeline: Int) {
        results.removeAll { $0.position.timeline != timeline }
        if latestBands?.timeline != timeline { latestBands = nil }
    }

    /// Where `actual` fell among the newest replicates of `metric` on `timeline` that reached `target`.
    func standing(of actual: Double, metric: MetricID, target: Int, timeline: Int) -> ReplicateStanding? {
        guard
            let outcome = results.last(where: {
                $0.metric == metric && $0.position.timeline == timeline
                    && ($0.position.generation...($0.position.generation + $0.horizon)).contains(target)
            })
        else { return nil }
        let index = target - outcome.position.generation
        let values = outcome.traces.map { $0.values[index] }.filter(\.isFinite)
        guard !values.isEmpty else { return nil }
        return ReplicateStanding(
            generation: outcome.position.generation, replicates: values.count,
            below: values.count { $0 < actual }, equal: values.count { $0 == actual })
    }

    /// The bands everyone sees: median and 10-90% band per generation, and when replicates ended.
    static func bands(of outcome: ReplicateOutcome) -> ReplicateBands {
        var median: [Double] = []
        var low: [Double] = []
        var high: [Double] = []
        for i in 0...outcome.horizon {
            let sorted = outcome.traces.compactMap { i < $0.values.count ? $0.values[i] : nil }.filter(\.isFinite)
                .sorted()
            // A generation no replicate could measure shows as 0; the lesson checks the metric first.
            median.append(Quantile.of(sorted: sorted, 0.5) ?? 0)
            low.append(Quantile.of(sorted: sorted, 0.1) ?? 0)
            high.append(Quantile.of(sorted: sorted, 0.9) ?? 0)
        }
        return ReplicateBands(
            timeline: outcome.position.timeline, generation: outcome.position.generation,
            metric: outcome.metric.description, replicates: outcome.traces.count, horizon: outcome.horizon,
            median: median, low: low, high: high, extinctAt: outcome.traces.compactMap(\.endedAt).sorted())
    }
}
