import PetriProtocol

/// Builds the class's spread of predictions for a resolved question.
enum SpreadBuilder {
    static let binCount = 10

    /// Ten equal bars over the metric's range if bounded, else over the predictions and the actual value.
    static func numbers(_ predictions: [Double], actual: Double, range: ClosedRange<Double>?) -> Spread {
        guard !predictions.isEmpty else { return Spread(answers: 0, bins: [], mean: nil) }
        let low = range?.lowerBound ?? min(predictions.min() ?? actual, actual)
        let high = range?.upperBound ?? max(predictions.max() ?? actual, actual)
        return Spread(
            answers: predictions.count, bins: bins(predictions, low: low, high: high), mean: mean(predictions))
    }

    /// One count per option.
    static func choices(_ chosen: [Int], optionCount: Int) -> Spread {
        var counts = Array(repeating: 0, count: optionCount)
        for index in chosen where counts.indices.contains(index) { counts[index] += 1 }
        return Spread(answers: chosen.count, counts: counts)
    }

    /// Ten bars of 0.1 and the mean probability.
    static func probabilities(_ predictions: [Double]) -> Spread {
        Spread(answers: predictions.count, bins: bins(predictions, low: 0, high: 1), mean: mean(predictions))
    }

    private static func bins(_ values: [Double], low: Double, high: Double) -> [SpreadBin] {
        guard high > low else { return [SpreadBin(lower: low, upper: high, count: values.count)] }
        let width = (high - low) / Double(binCount)
        var counts = Array(repeating: 0, count: binCount)
        for x in values {
            // Values outside a bounded range count in the nearest end bar.
            let index = Int(((x - low) / width).rounded(.down))
            counts[min(binCount - 1, max(0, index))] += 1
        }
        return counts.indices.map { i in
            SpreadBin(
                lower: low + Double(i) * width, upper: i == binCount - 1 ? high : low + Double(i + 1) * width,
                count: counts[i])
        }
    }

    private static func mean(_ values: [Double]) -> Double? {
        values.isEmpty ? nil : values.reduce(0, +) / Double(values.count)
    }
}
