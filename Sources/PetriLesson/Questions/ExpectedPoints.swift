import PetriProtocol
import PetriSimulation

/// Judgement apart from luck: what an answer would have scored on average over the replicates of the
/// moment its question was asked, by the same scoring rule as the real outcome.
///
/// For every replicate that reached the question's target the kind decides the outcome as it would for
/// the real run (the option that came true, whether the event happened, the value), the answer gets its
/// base points against it, and the expected points are the mean of those, rounded (halves away from
/// zero). So a choice scores 1000 × the share of replicates in which its option came true; a
/// probability p scores the Brier points averaged over the replicates' frequency of the event; a number
/// or range the mean of its points over the replicates' values. Hints and bonuses are left out, as the
/// real score's `base` leaves them out. Pure: no clock, no I/O.
enum ExpectedPoints {
    /// One replicate's metric at the target, and whether its run had ended by then.
    struct Outcome: Sendable, Hashable {
        var value: Double
        var runIsOver: Bool
    }

    /// The mean base points of `prediction` over `outcomes` (nil without outcomes).
    static func of(_ prediction: Prediction, kind: QuestionKind, asked: Double, outcomes: [Outcome]) -> Int? {
        guard !outcomes.isEmpty else { return nil }
        let rules = kind.rules
        let total = outcomes.reduce(0) { sum, o in
            let decided = rules.outcome(actual: o.value, asked: asked, runIsOver: o.runIsOver)
            return sum + rules.base(of: prediction, actual: o.value, outcome: decided)
        }
        return Int((Double(total) / Double(outcomes.count)).rounded(.toNearestOrAwayFromZero))
    }

    /// The replicates' outcomes at `question`'s target, from the newest replicates of its metric that
    /// started at the generation it was asked at on `timeline` and ran at least as far as its target
    /// (nil when there are none; replicates with no value there are left out).
    ///
    /// None for a question about hunt rounds: replicates run the formula, not the class's hunting.
    static func outcomes(for question: Question, in book: ReplicateBook, timeline: Int) -> [Outcome]? {
        guard question.hunts == nil,
            let result = book.results.last(where: {
                $0.metric == question.metric && $0.position.timeline == timeline
                    && $0.position.generation == question.askedAt
                    && $0.position.generation + $0.horizon >= question.target
            })
        else { return nil }
        let index = question.target - result.position.generation
        let outcomes = result.traces.compactMap { trace -> Outcome? in
            guard index < trace.values.count, trace.values[index].isFinite else { return nil }
            return Outcome(value: trace.values[index], runIsOver: trace.endedAt.map { $0 <= question.target } ?? false)
        }
        return outcomes.isEmpty ? nil : outcomes
    }
}

/// A resolved question's expected points: over how many replicates, each student's, and the class's average.
struct Expectation: Sendable, Hashable {
    var replicates: Int
    var points: [StudentID: Int]
    /// The mean of the students' expected points, rounded (nil when nobody answered).
    var classMean: Int?
}
