/// Numbers as people write them: `42`, not `42.0`; `0.7`; `1e+20` for the huge.
package enum NumberText {
    /// Formats a number without a trailing `.0` when it is whole.
    package static func format(_ x: Double) -> String {
        if x == x.rounded(), abs(x) < 1e15 { return String(Int64(x)) }
        return String(x)
    }

    /// Like ``format(_:)``, with whole numbers grouped in thousands for sentences: `1,000,000`.
    package static func grouped(_ x: Double) -> String {
        guard x == x.rounded(), abs(x) < 1e15 else { return format(x) }
        let digits = String(Int64(x).magnitude)
        var out = ""
        for (i, c) in digits.enumerated() {
            if i > 0, (digits.count - i) % 3 == 0 { out.append(",") }
            out.append(c)
        }
        return x < 0 ? "-" + out : out
    }
}
