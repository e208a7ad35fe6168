import PetriProtocol
import PetriWords

/// The refusals of range questions, from the lesson's catalogs (`lesson.range.*`), so each connection reads them in
/// its own language (the report's words are in the catalogs too: `lesson.report.*`).
enum QuestionWords {
    static func confidenceOutOfRange(_ confidence: Int, allowed: ClosedRange<Int>) -> Word {
        LessonWords.word(
            "lesson.range.confidence",
            ["low": .int(allowed.lowerBound), "high": .int(allowed.upperBound), "confidence": .int(confidence)])
    }

    static func rangeOutside(metric: String, low: Double, high: Double, lower: Double, upper: Double) -> Word {
        LessonWords.word(
            "lesson.range.outside",
            [
                "metric": .text(metric), "low": .text(NumberText.grouped(low)), "high": .text(NumberText.grouped(high)),
                "lower": .decimal(NumberText.format(lower)), "upper": .decimal(NumberText.format(upper)),
            ])
    }

    static func rangeReversed(lower: Double, upper: Double) -> Word {
        LessonWords.word(
            "lesson.range.reversed",
            ["lower": .decimal(NumberText.format(lower)), "upper": .decimal(NumberText.format(upper))])
    }

    /// A short label for a question in results and the report, `Q3 population at generation 22`, in `language`.
    static func label(number: Int, metric: String, target: Int, in language: Language) -> String {
        LessonWords.text(
            "lesson.question.label", ["number": .int(number), "metric": .text(metric), "target": .int(target)],
            in: language)
    }
}
