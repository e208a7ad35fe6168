import PetriProtocol

/// The refusals of range questions, in one place so the words catalog can take them over mechanically (the
/// report's words are in the catalogs: `lesson.report.*`).
enum QuestionWords {
    static func confidenceOutOfRange(_ confidence: Int, allowed: ClosedRange<Int>) -> String {
        "How sure a range should be is \(allowed.lowerBound) to \(allowed.upperBound) percent, but was \(confidence)."
    }

    static func rangeOutside(metric: String, low: Double, high: Double, prediction: String) -> String {
        "Both ends of a range for \(metric) must be between \(NumberText.grouped(low)) and "
            + "\(NumberText.grouped(high)), not \(prediction)."
    }

    static func rangeReversed(lower: Double, upper: Double) -> String {
        "The lower end of a range comes first: \(NumberText.format(upper)) to \(NumberText.format(lower)), "
            + "not \(NumberText.format(lower)) to \(NumberText.format(upper))."
    }
}
