import PetriProtocol

/// The until-date of `makeup open --until`: `2026-12-05` (the end of that day, UTC), `2026-12-05T17:00`,
/// `2026-12-05T17:00Z` or with seconds, read as UTC.
enum MakeupDate {
    static func parse(_ text: String) -> Timestamp? {
        var text = text.uppercased()
        if text.hasSuffix("Z") { text.removeLast() }
        let parts = text.split(separator: "T", omittingEmptySubsequences: false)
        guard parts.count <= 2 else { return nil }
        let date = parts[0].split(separator: "-").map { Int($0) }
        guard date.count == 3, let year = date[0], let month = date[1], let day = date[2], (1...12).contains(month),
            (1...31).contains(day), (1970...9999).contains(year)
        else { return nil }
        var (hour, minute, second) = (23, 59, 59)
        if parts.count == 2 {
            let time = parts[1].split(separator: ":").map { Int($0) }
            guard (2...3).contains(time.count), time.allSatisfy({ $0 != nil }) else { return nil }
            hour = time[0] ?? 0
            minute = time[1] ?? 0
            second = time.count == 3 ? time[2] ?? 0 : 0
            guard (0...23).contains(hour), (0...59).contains(minute), (0...59).contains(second) else { return nil }
        }
        // Days since 1970-01-01 (Howard Hinnant's days_from_civil).
        let y = month <= 2 ? year - 1 : year
        let era = y / 400
        let yoe = y - era * 400
        let doy = (153 * (month + (month > 2 ? -3 : 9)) + 2) / 5 + day - 1
        let doe = yoe * 365 + yoe / 4 - yoe / 100 + doy
        let days = era * 146_097 + doe - 719_468
        let seconds = Int64(days) * 86_400 + Int64(hour * 3600 + minute * 60 + second)
        return Timestamp(millisecondsSince1970: seconds * 1000)
    }
}
