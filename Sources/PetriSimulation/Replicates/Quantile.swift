/// Quantiles of a sample, by linear interpolation between order statistics.
///
/// The definition is Hyndman and Fan's type 7 (R's default, NumPy's `linear`): for `n` sorted values
/// the `p` quantile lies at position `h = (n - 1) p`, between `x[floor(h)]` and `x[floor(h) + 1]`.
/// So the median of 1...11 is 6, its 10th percentile 2 and its 90th 10.
package enum Quantile {
    /// The `p` quantile (0...1) of `sorted` (ascending, finite); nil for an empty sample.
    package static func of(sorted values: [Double], _ p: Double) -> Double? {
        guard !values.isEmpty else { return nil }
        let h = Double(values.count - 1) * min(max(p, 0), 1)
        let below = Int(h.rounded(.down))
        let above = min(below + 1, values.count - 1)
        return values[below] + (h - Double(below)) * (values[above] - values[below])
    }
}
