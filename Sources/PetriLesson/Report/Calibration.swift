/// How well probability predictions matched what happened: ten bins of predicted probability, each with
/// how many predictions fell in it and how many of those events happened, and the Brier score.
///
/// A well-calibrated student's 70% predictions come true about 70% of the time. The counts are always
/// shown beside the frequency (three predictions say little). The Brier score is the mean of
/// (p − o)², o = 1 if the event happened, else 0: 0 is perfect; always saying 50% scores 0.25.
package struct Calibration: Sendable, Hashable {
    /// One bin: predictions with `lower ≤ p < upper` (the last bin includes 1).
    package struct Bin: Sendable, Hashable {
        package var lower: Double
        package var upper: Double
        package var count: Int
        package var happened: Int

        /// How often the events of this bin happened (nil for an empty bin).
        var observed: Double? { count > 0 ? Double(happened) / Double(count) : nil }
    }

    package private(set) var bins: [Bin]
    package private(set) var count = 0
    private var squaredError = 0.0

    package init() {
        bins = (0..<10).map { Bin(lower: Double($0) / 10, upper: Double($0 + 1) / 10, count: 0, happened: 0) }
    }

    /// Adds one prediction `p` (0...1) of an event that did or did not happen.
    package mutating func add(_ p: Double, happened: Bool) {
        guard p.isFinite else { return }
        let clamped = min(1, max(0, p))
        let index = min(9, Int((clamped * 10).rounded(.down)))
        bins[index].count += 1
        if happened { bins[index].happened += 1 }
        count += 1
        let o = happened ? 1.0 : 0.0
        squaredError += (clamped - o) * (clamped - o)
    }

    /// The mean squared error of the predictions (nil without any).
    package var brier: Double? { count > 0 ? squaredError / Double(count) : nil }

    /// How many ranges were scored, how many held the outcome, and the sum of how sure (in percent)
    /// they were asked to be: a calibrated student's 80% ranges hold the outcome about 80% of the time.
    package private(set) var ranges = 0
    package private(set) var rangesHeld = 0
    private var confidenceSum = 0

    /// Adds one range, asked to be `confidence`% sure, that did or did not hold the outcome.
    package mutating func addRange(held: Bool, confidence: Int) {
        ranges += 1
        if held { rangesHeld += 1 }
        confidenceSum += confidence
    }

    /// The share of ranges that held the outcome, 0...1 (nil without ranges).
    package var rangeShare: Double? { ranges > 0 ? Double(rangesHeld) / Double(ranges) : nil }

    /// How sure the ranges were asked to be, on average, in percent (nil without ranges).
    package var rangeConfidence: Double? { ranges > 0 ? Double(confidenceSum) / Double(ranges) : nil }

    /// The Brier score of always saying 50%: (0.5 − o)² is 0.25 whatever happened.
    static let baselineBrier = 0.25
}
