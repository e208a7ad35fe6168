/// A student's number within one lesson: 1 for the first to join, then 2, 3, ...
///
/// It is not a secret (it appears on the leaderboard); the resume token is the secret.
package struct StudentID: Sendable, Hashable, Comparable, Codable, CustomStringConvertible {
    package let rawValue: Int

    package init(_ rawValue: Int) { self.rawValue = rawValue }

    package init(from decoder: any Decoder) throws {
        rawValue = try decoder.singleValueContainer().decode(Int.self)
    }

    package func encode(to encoder: any Encoder) throws {
        var c = encoder.singleValueContainer()
        try c.encode(rawValue)
    }

    package static func < (a: StudentID, b: StudentID) -> Bool { a.rawValue < b.rawValue }

    package var description: String { "student \(rawValue)" }
}
