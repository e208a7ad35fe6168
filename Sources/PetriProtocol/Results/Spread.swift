/// One bar of a histogram of numeric predictions: `lower <= x < upper` (the last bar includes `upper`).
package struct SpreadBin: Sendable, Hashable, Codable {
    package var lower: Double
    package var upper: Double
    package var count: Int

    package init(lower: Double, upper: Double, count: Int) {
        self.lower = lower
        self.upper = upper
        self.count = count
    }
}

/// One student's range in a range question's spread: `lower <= x <= upper`.
package struct SpreadInterval: Sendable, Hashable, Codable {
    package var lower: Double
    package var upper: Double

    package init(lower: Double, upper: Double) {
        self.lower = lower
        self.upper = upper
    }
}

/// The class's predictions for one question, shown against the outcome.
///
/// Number questions fill `bins` (ten equal bars over the metric's range, or over the
/// predictions and the actual value when the metric is unbounded) and `mean`; choice questions
/// fill `counts` (one per option); probability questions fill `bins` (ten bars of 0.1) and
/// `mean` (the class's average probability); range questions fill `intervals` (the students'
/// ranges, anonymous, ordered by lower then upper bound; at most ``maxIntervals``, evenly picked from
/// that order when more answered) and `held` (how many of all the ranges held the outcome).
package struct Spread: Sendable, Hashable, Codable {
    /// How many students answered.
    package var answers: Int
    package var bins: [SpreadBin]?
    package var counts: [Int]?
    package var mean: Double?
    package var intervals: [SpreadInterval]?
    package var held: Int?

    /// The most ranges a spread lists (a projector draws one line each).
    package static let maxIntervals = 100

    package init(
        answers: Int, bins: [SpreadBin]? = nil, counts: [Int]? = nil, mean: Double? = nil,
        intervals: [SpreadInterval]? = nil, held: Int? = nil
    ) {
        self.answers = answers
        self.bins = bins
        self.counts = counts
        self.mean = mean
        self.intervals = intervals
        self.held = held
    }
}
