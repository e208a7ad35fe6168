import PetriProtocol
import PetriSimulation

/// Replicates the lesson asked the server to run off its actor: a copy of the present and what to record.
///
/// The copy is a value (the model is a pure value type), so running it never touches the lesson.
package struct ReplicateJob<Model: SteppingModel>: Sendable, Hashable {
    /// Numbers the lesson's requests, so a result of a superseded request is recognised and dropped.
    package let request: Int
    /// Where the lesson was when asked.
    package let position: TimelinePosition
    /// The present, copied.
    package let model: Model
    /// The lesson's seed, from which each replicate's own is derived (see ``ReplicateSeed``).
    package let lessonSeed: UInt64
    package let count: Int
    package let horizon: Int
    package let metric: MetricID

    package init(
        request: Int, position: TimelinePosition, model: Model, lessonSeed: UInt64, count: Int, horizon: Int,
        metric: MetricID
    ) {
        self.request = request
        self.position = position
        self.model = model
        self.lessonSeed = lessonSeed
        self.count = count
        self.horizon = horizon
        self.metric = metric
    }

    /// Runs replicates `indices` (see ``Replicates/run(from:lessonSeed:indices:horizon:metric:shouldStop:stepped:)``).
    package func run(
        indices: Range<Int>, shouldStop: () -> Bool = { false }, stepped: () -> Void = {}
    ) -> [ReplicateTrace]? {
        Replicates.run(
            from: model, lessonSeed: lessonSeed, indices: indices, horizon: horizon, metric: metric,
            shouldStop: shouldStop, stepped: stepped)
    }

    /// What to hand back to the lesson once every replicate has run.
    package func outcome(_ traces: [ReplicateTrace]) -> ReplicateOutcome {
        ReplicateOutcome(request: request, position: position, metric: metric, horizon: horizon, traces: traces)
    }

    /// Hashes what identifies the request; equality still compares the model.
    package func hash(into hasher: inout Hasher) {
        hasher.combine(request)
        hasher.combine(position)
    }
}

/// Finished replicates, handed back to the lesson (``LessonCommand/replicatesFinished(_:)``).
package struct ReplicateOutcome: Sendable, Hashable, Codable {
    package let request: Int
    package let position: TimelinePosition
    package let metric: MetricID
    package let horizon: Int
    /// One per replicate, in index order.
    package let traces: [ReplicateTrace]

    package init(request: Int, position: TimelinePosition, metric: MetricID, horizon: Int, traces: [ReplicateTrace]) {
        self.request = request
        self.position = position
        self.metric = metric
        self.horizon = horizon
        self.traces = traces
    }
}
