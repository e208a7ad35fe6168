/// One bar of a histogram of numeric predictions: `lower <= x < upper` (the last bar includes `upper`).
public struct SpreadBin: Sendable, Hashable, Codable {
    public var lower: Double
    public var upper: Double
    public var count: Int

    public init(lower: Double, upper: Double, count: Int) {
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
public struct Spread: Sendable, Hashable, Codable {
    /// How many students answered.
    public var answers: Int
    public var bins: [SpreadBin]?
    public var counts: [Int]?
    public var mean: Double?

    public init(answers: Int, bins: [SpreadBin]? = nil, counts: [Int]? = nil, mean: Double? = nil) {
        self.answers = answers
        self.bins = bins
        self.counts = counts
        self.mean = mean
    }
}
