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

/// The class's predictions for one question, shown against the outcome.
///
/// Number questions fill `bins` (ten equal bars over the metric's range, or over the
/// predictions and the actual value when the metric is unbounded) and `mean`; choice questions
/// fill `counts` (one per option); probability questions fill `bins` (ten bars of 0.1) and
/// `mean` (the class's average probability).
package struct Spread: Sendable, Hashable, Codable {
    /// How many students answered.
    package var answers: Int
    package var bins: [SpreadBin]?
    package var counts: [Int]?
    package var mean: Double?

    package init(answers: Int, bins: [SpreadBin]? = nil, counts: [Int]? = nil, mean: Double? = nil) {
        self.answers = answers
        self.bins = bins
        self.counts = counts
        self.mean = mean
    }
}
