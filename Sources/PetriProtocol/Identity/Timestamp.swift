/// A moment on the server's clock: milliseconds since 1970-01-01 UTC.
///
/// The lesson never reads a clock: the server passes the time of each command as a
/// `Timestamp`, and tests pass a manual one. Answer times are always the server's.
package struct Timestamp: Sendable, Hashable, Comparable, Codable, CustomStringConvertible {
    package let millisecondsSince1970: Int64

    package init(millisecondsSince1970: Int64) { self.millisecondsSince1970 = millisecondsSince1970 }

    /// This moment moved forward by `milliseconds`.
    package func adding(milliseconds: Int64) -> Timestamp {
        Timestamp(millisecondsSince1970: millisecondsSince1970 &+ milliseconds)
    }

    /// This moment moved forward by `seconds`.
    package func adding(seconds: Int) -> Timestamp { adding(milliseconds: Int64(seconds) * 1000) }

    /// Milliseconds from `earlier` to this moment (negative if `earlier` is later).
    package func milliseconds(since earlier: Timestamp) -> Int64 {
        millisecondsSince1970 &- earlier.millisecondsSince1970
    }

    package static func < (a: Timestamp, b: Timestamp) -> Bool { a.millisecondsSince1970 < b.millisecondsSince1970 }

    package init(from decoder: any Decoder) throws {
        millisecondsSince1970 = try decoder.singleValueContainer().decode(Int64.self)
    }

    package func encode(to encoder: any Encoder) throws {
        var c = encoder.singleValueContainer()
        try c.encode(millisecondsSince1970)
    }

    /// ISO 8601 in UTC with milliseconds, e.g. `2025-03-04T09:15:30.250Z`.
    package var description: String {
        let ms = millisecondsSince1970
        let days = ms >= 0 ? ms / 86_400_000 : (ms - 86_399_999) / 86_400_000
        let msOfDay = ms - days * 86_400_000
        let (y, m, d) = Self.civilDate(daysSince1970: days)
        let h = msOfDay / 3_600_000
        let min = msOfDay / 60_000 % 60
        let s = msOfDay / 1000 % 60
        let milli = msOfDay % 1000
        return "\(pad(y, 4))-\(pad(m, 2))-\(pad(d, 2))T\(pad(h, 2)):\(pad(min, 2)):\(pad(s, 2)).\(pad(milli, 3))Z"
    }

    /// The proleptic Gregorian date of a day count, using 400-year eras of 146,097 days.
    private static func civilDate(daysSince1970: Int64) -> (Int64, Int64, Int64) {
        let z = daysSince1970 + 719_468  // days since 0000-03-01
        let era = (z >= 0 ? z : z - 146_096) / 146_097
        let dayOfEra = z - era * 146_097
        let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)  // from 1 March
        let monthIndex = (5 * dayOfYear + 2) / 153  // 0 = March
        let day = dayOfYear - (153 * monthIndex + 2) / 5 + 1
        let month = monthIndex < 10 ? monthIndex + 3 : monthIndex - 9
        let year = yearOfEra + era * 400 + (month <= 2 ? 1 : 0)
        return (year, month, day)
    }

    private func pad(_ n: Int64, _ width: Int) -> String {
        let digits = String(n)
        return String(repeating: "0", count: max(0, width - digits.count)) + digits
    }
}
