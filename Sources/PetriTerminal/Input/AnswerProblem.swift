/// Why an answer cannot be sent yet, as a sentence.
public struct AnswerProblem: Error, Sendable, Hashable {
    /// What to type instead.
    public let message: String

    /// A problem with its sentence.
    public init(_ message: String) { self.message = message }
}
