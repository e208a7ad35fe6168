/// A student's number within one lesson: 1 for the first to join, then 2, 3, ...
///
/// It is not a secret (it appears on the leaderboard); the resume token is the secret.
public struct StudentID: Sendable, Hashable, Comparable, Codable, CustomStringConvertible {
    public let rawValue: Int

    public init(_ rawValue: Int) { self.rawValue = rawValue }

    public init(from decoder: any Decoder) throws {
        rawValue = try decoder.singleValueContainer().decode(Int.self)
    }

    public func encode(to encoder: any Encoder) throws {
        var c = encoder.singleValueContainer()
        try c.encode(rawValue)
    }

    public static func < (a: StudentID, b: StudentID) -> Bool { a.rawValue < b.rawValue }

    public var description: String { "student \(rawValue)" }
}
