import PetriProtocol
import PetriSimulation

/// The lesson's replicates in its saved state (from format version 4): the number of the latest
/// request (compact), the request still running (optional: timeline, generation, action count, count,
/// horizon (compact), metric (text)), then the kept results (a compact count,
/// then each: request, timeline, generation (compact), metric (text), horizon (compact), then a
/// compact count of traces, each a compact count of values, each value's 8 bytes, and when the
/// run ended (optional compact)). The bands everyone was last sent are those of the newest result,
/// so they are computed again rather than saved.
extension ReplicateBook: StateCodable {
    func write(to w: inout StateWriter) {
        w.appendCompact(requested)
        w.appendOptional(running) { w, request in
            Self.write(request.position, to: &w)
            w.appendCompact(request.actionCount)
            w.appendCompact(request.count)
            w.appendCompact(request.horizon)
            w.appendText(request.metric.description)
        }
        w.appendCompact(results.count)
        for outcome in results {
            w.appendCompact(outcome.request)
            Self.write(outcome.position, to: &w)
            w.appendText(outcome.metric.description)
            w.appendCompact(outcome.horizon)
            w.appendCompact(outcome.traces.count)
            for trace in outcome.traces {
                w.appendCompact(trace.values.count)
                for value in trace.values { w.append(value) }
                w.appendOptional(trace.endedAt) { $0.appendCompact($1) }
            }
        }
    }

    init(from r: inout StateReader) throws(SimulationError) {
        requested = try r.readCompact(in: 0...Int.max, "a replicate request number")
        running = try r.readOptional { r throws(SimulationError) in
            RunningRequest(
                position: try Self.readPosition(from: &r),
                actionCount: try r.readCompact(in: 0...Int.max, "an action count"),
                count: try r.readCompact(in: 1...Replicates.maxCount, "a replicate count"),
                horizon: try r.readCompact(in: 1...Replicates.maxHorizon, "a replicate horizon"),
                metric: try MetricID(parsing: try r.readText()))
        }
        let count = try r.readCompactCount(limit: min(r.remaining, Self.keep))
        for _ in 0..<count {
            let request = try r.readCompact(in: 0...requested, "a replicate request number")
            let position = try Self.readPosition(from: &r)
            let metric = try MetricID(parsing: try r.readText())
            let horizon = try r.readCompact(in: 1...Replicates.maxHorizon, "a replicate horizon")
            let traceCount = try r.readCompactCount(limit: min(r.remaining, Replicates.maxCount))
            var traces: [ReplicateTrace] = []
            traces.reserveCapacity(traceCount)
            for _ in 0..<traceCount {
                let valueCount = try r.readCompactCount(limit: min(r.remaining / 8, horizon + 1))
                var values: [Double] = []
                values.reserveCapacity(valueCount)
                for _ in 0..<valueCount { values.append(try r.readDouble()) }
                let endedAt = try r.readOptional { r throws(SimulationError) in
                    try r.readCompact(in: 0...Int.max, "a generation")
                }
                traces.append(ReplicateTrace(values: values, endedAt: endedAt))
            }
            results.append(
                ReplicateOutcome(request: request, position: position, metric: metric, horizon: horizon, traces: traces)
            )
        }
        latestBands = results.last.map(Self.bands(of:))
    }

    /// Where a request was asked: its timeline, then its generation.
    private static func write(_ position: TimelinePosition, to w: inout StateWriter) {
        w.appendCompact(position.timeline)
        w.appendCompact(position.generation)
    }

    private static func readPosition(from r: inout StateReader) throws(SimulationError) -> TimelinePosition {
        TimelinePosition(
            timeline: try r.readCompact(in: 0...Int.max, "a timeline"),
            generation: try r.readCompact(in: 0...Int.max, "a generation"))
    }
}
