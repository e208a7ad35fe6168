import PetriProtocol

/// Builds the class's spread of predictions for a resolved question.
///
/// Total on any finite input: the axis, the bars and the mean are computed so that no sum or
/// difference can overflow, and a value is placed in a bar without converting an unchecked
/// double to an integer.
enum SpreadBuilder {
    static let binCount = 10

    /// Ten equal bars over the metric's range if bounded, else over the predictions and the actual value.
    ///
    /// With no predictions (or all of them equal to the actual value) on an unbounded metric, the
    /// ten bars are centred on the actual value, a tenth of its size (at least 1) to each side.
    static func numbers(_ predictions: [Double], actual: Double, range: ClosedRange<Double>?) -> Spread {
        let finite = predictions.filter(\.isFinite)
        var low = range?.lowerBound ?? min(finite.min() ?? actual, actual)
        var high = range?.upperBound ?? max(finite.max() ?? actual, actual)
        if !(high > low) {
            let centre = actual.isFinite ? actual : 0
            let half = max(1, abs(centre) / 10)
            low = max(-Double.greatestFiniteMagnitude, centre - half)
            high = min(Double.greatestFiniteMagnitude, centre + half)
        }
        return Spread(answers: predictions.count, bins: bins(finite, low: low, high: high), mean: mean(finite))
    }

    /// One count per option.
    static func choices(_ chosen: [Int], optionCount: Int) -> Spread {
        var counts = Array(repeating: 0, count: max(0, optionCount))
        for index in chosen where counts.indices.contains(index) { counts[index] += 1 }
        return Spread(answers: chosen.count, counts: counts)
    }

    /// Ten bars of 0.1 and the mean probability.
    static func probabilities(_ predictions: [Double]) -> Spread {
        let finite = predictions.filter(\.isFinite)
        return Spread(answers: predictions.count, bins: bins(finite, low: 0, high: 1), mean: mean(finite))
    }

    /// The ranges ordered by lower then upper bound (at most ``Spread/maxIntervals``, evenly picked
    /// from that order, first and last always kept) and how many of them all held `actual`.
    static func intervals(_ ranges: [(Double, Double)], actual: Double) -> Spread {
        let sorted = ranges.sorted { $0.0 != $1.0 ? $0.0 < $1.0 : $0.1 < $1.1 }
        let held = sorted.count { $0.0 <= actual && actual <= $0.1 }
        let limit = Spread.maxIntervals
        let picked =
            sorted.count <= limit
            ? sorted : (0..<limit).map { sorted[$0 * (sorted.count - 1) / (limit - 1)] }
        return Spread(
            answers: ranges.count, intervals: picked.map { SpreadInterval(lower: $0.0, upper: $0.1) }, held: held)
    }

    /// Ten bars from `low` to `high` (finite, `low < high`).
    private static func bins(_ values: [Double], low: Double, high: Double) -> [SpreadBin] {
        // high / 10 − low / 10 cannot overflow where (high − low) / 10 can (±greatestFiniteMagnitude).
        let width = high / Double(binCount) - low / Double(binCount)
        var counts = Array(repeating: 0, count: binCount)
        for x in values {
            // Values outside a bounded range count in the nearest end bar; the position is clamped
            // as a double before it becomes an index, so no value can make the conversion trap.
            let position = (x / width - low / width).rounded(.down)
            let clamped = position.isNaN ? 0 : min(Double(binCount - 1), max(0, position))
            counts[settle(Int(clamped), x, low: low, high: high)] += 1
        }
        return counts.indices.map { i in
            SpreadBin(lower: edge(i, low: low, high: high), upper: edge(i + 1, low: low, high: high), count: counts[i])
        }
    }

    /// The bar that holds `x` by the edges the spread reports: the division above can land a
    /// value on an edge one bar short (0.7 / 0.1 is 6.999…), so the estimate is moved to the bar
    /// whose `lower ≤ x < upper` (the last bar also holds its upper edge).
    private static func settle(_ estimate: Int, _ x: Double, low: Double, high: Double) -> Int {
        var i = estimate
        while i < binCount - 1, x >= edge(i + 1, low: low, high: high) { i += 1 }
        while i > 0, x < edge(i, low: low, high: high) { i -= 1 }
        return i
    }

    /// The `i`-th of the eleven bar edges, as a weighted average of the ends so it stays finite.
    private static func edge(_ i: Int, low: Double, high: Double) -> Double {
        if i == 0 { return low }
        if i == binCount { return high }
        let t = Double(i) / Double(binCount)
        return low * (1 - t) + high * t
    }

    /// The mean, summed in order; if the plain sum overflows, the mean of the values divided by n.
    static func mean(_ values: [Double]) -> Double? {
        guard !values.isEmpty else { return nil }
        let n = Double(values.count)
        let sum = values.reduce(0, +)
        if sum.isFinite { return sum / n }
        let scaled = values.reduce(0) { $0 + $1 / n }
        return scaled.isFinite
            ? scaled : (scaled > 0 ? Double.greatestFiniteMagnitude : -Double.greatestFiniteMagnitude)
    }
}
