import PetriProtocol

/// Numbers and times written for small spaces.
enum Format {
    /// A count or value in at most about five characters: `980`, `1.2k`, `12k`, `3.4M`, `0.45`.
    static func compact(_ x: Double) -> String {
        guard x.isFinite else { return "–" }
        let magnitude = abs(x)
        let sign = x < 0 ? "-" : ""
        switch magnitude {
        case 1e12...: return NumberText.format(x.rounded())
        case 1e6...: return sign + scaled(magnitude / 1e6) + "M"
        case 1e4...: return sign + String(Int((magnitude / 1e3).rounded())) + "k"
        case 1e3...: return sign + scaled(magnitude / 1e3) + "k"
        default: return number(x, decimals: magnitude < 10 && x != x.rounded() ? 2 : 1)
        }
    }

    /// `1st`, `2nd`, `3rd`, `4th`, `11th`, `22nd`: a rank, which a bare `#2` does not say.
    static func ordinal(_ n: Int) -> String {
        let suffix: String
        switch (n % 100, n % 10) {
        case (11...13, _): suffix = "th"
        case (_, 1): suffix = "st"
        case (_, 2): suffix = "nd"
        case (_, 3): suffix = "rd"
        default: suffix = "th"
        }
        return "\(n)\(suffix)"
    }

    /// `1,840 pts`: a score with thousands separated.
    static func points(_ score: Int) -> String {
        let digits = String(score.magnitude)
        var grouped = ""
        for (i, digit) in digits.enumerated() {
            if i > 0, (digits.count - i) % 3 == 0 { grouped.append(",") }
            grouped.append(digit)
        }
        return (score < 0 ? "-" : "") + grouped + " pts"
    }

    /// A number with at most `decimals` decimals and no trailing zeros: `42`, `48.5`, `0.07`.
    static func number(_ x: Double, decimals: Int = 1) -> String {
        guard x.isFinite else { return "–" }
        var factor = 1.0
        for _ in 0..<max(0, decimals) { factor *= 10 }
        let rounded = (x * factor).rounded() / factor
        return NumberText.format(rounded == 0 ? 0 : rounded)
    }

    /// A server's number as a whole number, or nil when it is not finite or beyond ±10¹⁵.
    static func whole(_ x: Double?) -> Int? {
        guard let x, x.isFinite, abs(x) < 1e15 else { return nil }
        return Int(x.rounded())
    }

    /// `target − now` without overflowing on absurd values from the network, never below 0.
    static func remaining(_ target: Int, after now: Int) -> Int {
        let (difference, overflow) = target.subtractingReportingOverflow(now)
        return overflow ? (target > now ? Int.max : 0) : max(0, difference)
    }

    /// Seconds as `0:42` or `12:05`.
    static func clock(milliseconds: Int64) -> String {
        let seconds = Int((Double(min(max(0, milliseconds), 360_000_000)) / 1000).rounded(.up))
        let s = seconds % 60
        return "\(seconds / 60):\(s < 10 ? "0" : "")\(s)"
    }

    /// A probability as a percentage: `70%`.
    static func percent(_ p: Double) -> String {
        number(p * 100, decimals: 0) + "%"
    }

    private static func scaled(_ x: Double) -> String {
        x < 10 ? number(x, decimals: 1) : String(Int(x.rounded()))
    }
}
