/// Why an answer cannot be sent yet, as a sentence.
struct AnswerProblem: Error, Sendable, Hashable {
    /// What to type instead.
    let message: String

    /// A problem with its sentence.
    init(_ message: String) { self.message = message }
}
