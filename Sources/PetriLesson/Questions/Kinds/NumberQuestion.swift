import PetriProtocol
import PetriSimulation
import PetriWords

/// A number question: predict the metric's value; scored by distance within a tolerance.
struct NumberQuestion: KindRules {
    /// Fixed forever: the kind's first byte in saved state.
    static let stateTag: UInt8 = 0

    /// How far off scores 0 (nil until settled).
    var tolerance: Double?

    func settled(for descriptor: MetricDescriptor, askedValue: Double) throws(ProtocolError) -> QuestionKind {
        if let tolerance, !(tolerance.isFinite && tolerance > 0) {
            throw ProtocolError(
                .invalidQuestion, LessonWords.word("lesson.number.tolerance", ["tolerance": .decimal("\(tolerance)")]))
        }
        return .number(tolerance: tolerance ?? Scoring.defaultTolerance(for: descriptor, askedValue: askedValue))
    }

    func check(_ prediction: Prediction, for question: Question) throws(ProtocolError) {
        guard case .number(let x) = prediction else { throw wrongKind(prediction, for: question) }
        let range = QuestionRules.predictionRange(for: question.descriptor)
        guard range.contains(x) else {
            throw ProtocolError(
                .outOfRange,
                LessonWords.word(
                    "lesson.number.outOfRange",
                    [
                        "metric": .text("\(question.metric)"), "low": .text(NumberText.grouped(range.lowerBound)),
                        "high": .text(NumberText.grouped(range.upperBound)), "value": .decimal(NumberText.format(x)),
                    ]))
        }
    }

    func outcome(actual: Double, asked: Double, runIsOver: Bool) -> Outcome { Outcome() }

    func base(of prediction: Prediction, actual: Double, outcome: Outcome) -> Int {
        guard case .number(let x) = prediction else { return 0 }
        return Scoring.number(prediction: x, actual: actual, tolerance: tolerance ?? 1)
    }

    /// Within half the tolerance (base ≥ 500).
    func isGood(base: Int) -> Bool { base >= 500 }

    func spread(of predictions: [Prediction], actual: Double, descriptor: MetricDescriptor) -> Spread {
        let numbers = predictions.compactMap { if case .number(let x) = $0 { x } else { nil } }
        return SpreadBuilder.numbers(numbers, actual: actual, range: descriptor.range)
    }

    func reportOutcome(value: String, outcome: Outcome, in language: Language) -> String { value }
}

extension Scoring {
    /// Points for a numeric prediction.
    ///
    /// - Parameters:
    ///   - prediction: The student's number.
    ///   - actual: The metric's value at resolution.
    ///   - tolerance: How far off scores 0 (positive).
    ///
    /// Total on any doubles: a difference that overflows, or a non-finite input, scores 0.
    package static func number(prediction: Double, actual: Double, tolerance: Double) -> Int {
        guard tolerance > 0 else { return prediction == actual ? maxPoints : 0 }
        return points(closeness: 1 - abs(prediction - actual) / tolerance)
    }

    /// The tolerance of a number question when the teacher gives none.
    ///
    /// The metric's own ``MetricDescriptor/tolerance`` when it states one (beak depth → 0.3 mm);
    /// else a tenth of the metric's range when it is bounded (trait 1...100 → 9.9; a yes/no
    /// metric → 0.1); otherwise a fifth of its value when asked, but at least 1
    /// (population 120 → 24).
    static func defaultTolerance(for metric: MetricDescriptor, askedValue: Double) -> Double {
        if let tolerance = metric.tolerance { return tolerance }
        if let range = metric.range, range.upperBound > range.lowerBound {
            return (range.upperBound - range.lowerBound) / 10
        }
        return max(1, abs(askedValue) / 5)
    }
}
