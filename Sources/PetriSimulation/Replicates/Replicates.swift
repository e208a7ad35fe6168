/// Runs copies of a model forward from the same present, each with its own random future.
///
/// Pure and synchronous: it reads no clock and starts no thread, so the server decides where it runs
/// (off the lesson's actor, see PetriHub's `ReplicateWorker`) and how the indices are split between
/// threads. Each replicate's result depends only on the model, its seed and the horizon, never on which
/// thread ran it or in what order, so the same request always gives the same traces.
///
/// ```swift
/// let traces = Replicates.run(
///     from: lesson.model, lessonSeed: seed, indices: 0..<100, horizon: 50, metric: MetricID("meanTrait"))
/// ```
package enum Replicates {
    /// The most replicates one request may run.
    package static let maxCount = 200
    /// The most generations one request may look ahead.
    package static let maxHorizon = 200

    /// Runs replicates `indices` of `model`, each `horizon` generations ahead.
    ///
    /// - Parameters:
    ///   - model: The present; each replicate is a copy reseeded with ``ReplicateSeed/derive(lessonSeed:generation:index:)``.
    ///   - lessonSeed: The lesson's seed.
    ///   - indices: Which replicates to run (0-based), so threads can share one request.
    ///   - horizon: Generations to step each copy.
    ///   - metric: The metric to record; a value the model cannot give is recorded as NaN.
    ///   - shouldStop: Asked before every generation; true abandons the work.
    ///   - stepped: Told after every generation stepped (for progress reports).
    /// - Returns: One trace per index, in order; nil when `shouldStop` said to stop.
    package static func run<Model: SteppingModel>(
        from model: Model, lessonSeed: UInt64, indices: Range<Int>, horizon: Int, metric: MetricID,
        shouldStop: () -> Bool = { false }, stepped: () -> Void = {}
    ) -> [ReplicateTrace]? {
        var traces: [ReplicateTrace] = []
        traces.reserveCapacity(indices.count)
        for index in indices {
            var copy = model
            copy.reseed(ReplicateSeed.derive(lessonSeed: lessonSeed, generation: model.generation, index: index))
            var values: [Double] = []
            values.reserveCapacity(horizon + 1)
            values.append(value(of: metric, in: copy))
            var endedAt: Int? = copy.isOver ? copy.generation : nil
            for _ in 0..<max(0, horizon) {
                if shouldStop() { return nil }
                if endedAt == nil {
                    copy.step()
                    if copy.isOver { endedAt = copy.generation }
                    values.append(value(of: metric, in: copy))
                } else {
                    values.append(values[values.count - 1])
                }
                stepped()
            }
            traces.append(ReplicateTrace(values: values, endedAt: endedAt))
        }
        return traces
    }

    private static func value<Model: SteppingModel>(of metric: MetricID, in model: Model) -> Double {
        (try? model.value(of: metric)) ?? .nan
    }
}
