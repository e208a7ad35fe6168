import PetriProtocol
import PetriSimulation
import PetriWords

/// A probability question: how likely an event is, 0...1; Brier-scored, and calibrated in the report.
struct ProbabilityQuestion: KindRules {
    /// Fixed forever: the kind's first byte in saved state.
    static let stateTag: UInt8 = 2

    /// The event (nil until settled: a yes/no metric's is "is 1").
    var event: Condition?

    func settled(for descriptor: MetricDescriptor, askedValue: Double) throws(ProtocolError) -> QuestionKind {
        guard let event else {
            guard descriptor.isYesNo else {
                throw ProtocolError(
                    .invalidQuestion,
                    LessonWords.word("lesson.probability.needsEvent", ["metric": .text(descriptor.name)])
                )
            }
            return .probability(event: Condition(.eq, 1))
        }
        if let problem = event.problem {
            throw ProtocolError(
                .invalidQuestion, LessonWords.word("lesson.probability.badEvent", ["problem": .word(problem)]))
        }
        guard event.op != .otherwise else {
            throw ProtocolError(.invalidQuestion, LessonWords.word("lesson.probability.always"))
        }
        return .probability(event: event)
    }

    func check(_ prediction: Prediction, for question: Question) throws(ProtocolError) {
        guard case .probability(let p) = prediction else { throw wrongKind(prediction, for: question) }
        guard (0...1).contains(p) else {
            throw ProtocolError(
                .outOfRange, LessonWords.word("lesson.probability.outOfRange", ["value": .decimal("\(p)")]))
        }
    }

    func outcome(actual: Double, asked: Double, runIsOver: Bool) -> Outcome {
        Outcome(eventHappened: event?.holds(for: actual, asked: asked, runIsOver: runIsOver) ?? (actual == 1))
    }

    func base(of prediction: Prediction, actual: Double, outcome: Outcome) -> Int {
        guard case .probability(let p) = prediction else { return 0 }
        return Scoring.probability(p, happened: outcome.eventHappened ?? false)
    }

    /// Leaned the right way: better than the 750 of a coin-flip 0.5.
    func isGood(base: Int) -> Bool { base > 750 }

    func spread(of predictions: [Prediction], actual: Double, descriptor: MetricDescriptor) -> Spread {
        let probabilities = predictions.compactMap { if case .probability(let p) = $0 { p } else { nil } }
        return SpreadBuilder.probabilities(probabilities)
    }

    /// `happened (1)` or `did not happen (0)`.
    func reportOutcome(value: String, outcome: Outcome, in language: Language) -> String {
        guard let happened = outcome.eventHappened else { return value }
        return happened
            ? LessonWords.text("lesson.report.outcome.happened", ["value": .text(value)], in: language)
            : LessonWords.text("lesson.report.outcome.didNotHappen", ["value": .text(value)], in: language)
    }

    func calibrationPoint(_ prediction: Prediction, outcome: Outcome) -> (p: Double, happened: Bool)? {
        guard case .probability(let p) = prediction, let happened = outcome.eventHappened else { return nil }
        return (p, happened)
    }
}

extension Scoring {
    /// Points for a probability that an event happens (Brier score, scaled).
    package static func probability(_ p: Double, happened: Bool) -> Int {
        // Clamped, so a probability that somehow bypassed the answer check still scores 0...1000.
        let miss = min(1, max(0, p.isNaN ? 0.5 : p)) - (happened ? 1 : 0)
        return points(closeness: 1 - miss * miss)
    }
}
