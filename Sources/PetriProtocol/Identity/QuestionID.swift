/// A question's number within one lesson: 1, 2, 3, ... in the order they were asked.
public struct QuestionID: Sendable, Hashable, Comparable, Codable, CustomStringConvertible {
    public let rawValue: Int

    public init(_ rawValue: Int) { self.rawValue = rawValue }

    public init(from decoder: any Decoder) throws {
        rawValue = try decoder.singleValueContainer().decode(Int.self)
    }

    public func encode(to encoder: any Encoder) throws {
        var c = encoder.singleValueContainer()
        try c.encode(rawValue)
    }

    public static func < (a: QuestionID, b: QuestionID) -> Bool { a.rawValue < b.rawValue }

    public var description: String { "question \(rawValue)" }
}
