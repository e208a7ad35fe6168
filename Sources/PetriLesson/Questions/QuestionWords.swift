import PetriProtocol

/// The sentences of range questions and expected points, in one place so the words catalog can take
/// them over mechanically.
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

    /// The report's cell for a student's ranges: `3 of 4 (75%; asked 80%)`.
    static func rangesHeld(_ held: Int, of count: Int, asked confidence: Double) -> String {
        let share = Int((Double(held) / Double(max(count, 1)) * 100).rounded())
        return "\(held) of \(count) (\(share)%; asked \(Int(confidence.rounded()))%)"
    }

    /// The report's spread of a range question: `2 of 3 ranges held it`.
    static func rangesHeldSpread(_ held: Int, of answers: Int) -> String { "\(held) of \(answers) ranges held it" }

    static let expectedHeading = "Judgement and luck: expected points"

    static let expectedNote =
        "Each cell: the base points the answer scored (before hint and bonuses), then what it would have scored on "
        + "average over the replicates of the moment the question was asked. A good prediction can score little "
        + "when the simulation was unlucky; the expected points show the judgement apart from the luck."

    /// `310 scored, 820 expected`.
    static func scoredAndExpected(_ base: Int, _ expected: Int) -> String { "\(base) scored, \(expected) expected" }

    /// The class row's cell: `class average 640 expected (100 replicates)`.
    static func classExpected(_ mean: Int?, replicates: Int) -> String {
        mean.map { "class average \($0) expected (\(replicates) replicates)" } ?? "\(replicates) replicates"
    }

    static let rangesHeldHeading = "Ranges held"

    static let rangesHeldNote =
        "Ranges held: how many of a student's range predictions held the outcome, against how sure they were "
        + "asked to be; a calibrated student's 80% ranges hold it about 80% of the time."
}
