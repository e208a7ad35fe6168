/// A question's number within one lesson: 1, 2, 3, ... in the order they were asked.
package struct QuestionID: Sendable, Hashable, Comparable, Codable, CustomStringConvertible {
    package let rawValue: Int

    package init(_ rawValue: Int) { self.rawValue = rawValue }

    package init(from decoder: any Decoder) throws {
        rawValue = try decoder.singleValueContainer().decode(Int.self)
    }

    package func encode(to encoder: any Encoder) throws {
        var c = encoder.singleValueContainer()
        try c.encode(rawValue)
    }

    package static func < (a: QuestionID, b: QuestionID) -> Bool { a.rawValue < b.rawValue }

    package var description: String { "question \(rawValue)" }
}
