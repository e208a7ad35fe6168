import PetriProtocol
import PetriSimulation
import PetriWords

/// A range question: give a lower and an upper bound you are `confidence`% sure the value will fall
/// between; scored by the interval score on the scale of a tolerance, and calibrated in the report by
/// how often each student's ranges held the outcome.
struct RangeQuestion: KindRules {
    /// Fixed forever: the kind's first byte in saved state.
    static let stateTag: UInt8 = 3

    /// How sure the student is asked to be, in percent (nil until settled).
    var confidence: Int?
    /// The scale of the points (nil until settled): see ``Scoring/range(lower:upper:actual:confidence:tolerance:)``.
    var tolerance: Double?

    func settled(for descriptor: MetricDescriptor, askedValue: Double) throws(ProtocolError) -> QuestionKind {
        let confidence = confidence ?? Scoring.defaultConfidence
        guard Scoring.confidences.contains(confidence) else {
            throw ProtocolError(
                .invalidQuestion, QuestionWords.confidenceOutOfRange(confidence, allowed: Scoring.confidences))
        }
        if let tolerance, !(tolerance.isFinite && tolerance > 0) {
            throw ProtocolError(
                .invalidQuestion, LessonWords.word("lesson.number.tolerance", ["tolerance": .decimal("\(tolerance)")]))
        }
        return .range(
            confidence: confidence,
            tolerance: tolerance ?? Scoring.defaultTolerance(for: descriptor, askedValue: askedValue))
    }

    func check(_ prediction: Prediction, for question: Question) throws(ProtocolError) {
        guard case .range(let lower, let upper) = prediction else { throw wrongKind(prediction, for: question) }
        let range = QuestionRules.predictionRange(for: question.descriptor)
        guard range.contains(lower), range.contains(upper) else {
            throw ProtocolError(
                .outOfRange,
                QuestionWords.rangeOutside(
                    metric: question.metric.description, low: range.lowerBound, high: range.upperBound, lower: lower,
                    upper: upper))
        }
        guard lower <= upper else {
            throw ProtocolError(.outOfRange, QuestionWords.rangeReversed(lower: lower, upper: upper))
        }
    }

    func outcome(actual: Double, asked: Double, runIsOver: Bool) -> Outcome { Outcome() }

    func base(of prediction: Prediction, actual: Double, outcome: Outcome) -> Int {
        guard case .range(let lower, let upper) = prediction else { return 0 }
        return Scoring.range(
            lower: lower, upper: upper, actual: actual, confidence: confidence ?? Scoring.defaultConfidence,
            tolerance: tolerance ?? 1)
    }

    /// Like a number: at least 500.
    func isGood(base: Int) -> Bool { base >= 500 }

    func spread(of predictions: [Prediction], actual: Double, descriptor: MetricDescriptor) -> Spread {
        let ranges = predictions.compactMap { if case .range(let l, let u) = $0 { (l, u) } else { nil } }
        return SpreadBuilder.intervals(ranges, actual: actual)
    }

    func reportOutcome(value: String, outcome: Outcome, in language: Language) -> String { value }

    /// `110–150`, formula-guarded (a range from a negative bound is text, not a number, to a spreadsheet).
    func resultsPrediction(_ prediction: Prediction) -> String { CSVWriter.text(prediction.description) }

    func rangeCoverage(_ prediction: Prediction, actual: Double) -> (held: Bool, confidence: Int)? {
        guard case .range(let lower, let upper) = prediction else { return nil }
        return (lower <= actual && actual <= upper, confidence ?? Scoring.defaultConfidence)
    }
}

extension Scoring {
    /// How sure a range is asked to be when the teacher says nothing, in percent.
    package static let defaultConfidence = 80
    /// How sure a teacher may ask a range to be, in percent.
    package static let confidences = 50...99

    /// Points for a range `lower...upper` given as `confidence`% sure (the interval score of Gneiting
    /// and Raftery 2007, scaled by the tolerance).
    ///
    /// With α = 1 − confidence/100, the interval score is
    /// `S = (u − l) + (2/α)·max(0, l − x) + (2/α)·max(0, x − u)`, and the points are
    /// `round(1000 × max(0, 1 − (α/2)·S / tolerance))`: the outcome's distance outside the range plus
    /// α/2 of the range's width, in tolerances. A range of no width scores exactly as the same number
    /// would on a number question with that tolerance.
    ///
    /// Total on any doubles: a non-finite input or result scores 0.
    package static func range(lower: Double, upper: Double, actual: Double, confidence: Int, tolerance: Double)
        -> Int
    {
        guard lower.isFinite, upper.isFinite, actual.isFinite else { return 0 }
        let alpha = 1 - Double(min(max(confidence, 1), 99)) / 100
        // Halves first, so the width of the widest finite range cannot overflow.
        let width = max(0, upper / 2 - lower / 2) * 2
        let miss = max(0, lower - actual) + max(0, actual - upper)
        let penalty = alpha / 2 * width + miss
        guard tolerance > 0 else { return penalty == 0 ? maxPoints : 0 }
        return points(closeness: 1 - penalty / tolerance)
    }
}
