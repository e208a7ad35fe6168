/// What was wrong with a typed command, and what would be right.
struct CommandError: Error, Sendable, Hashable {
    /// What was wrong.
    var message: String
    /// A command that would work, for the user to copy.
    var example: String?

    /// An error with an optional example of a right command.
    init(_ message: String, example: String? = nil) {
        self.message = message
        self.example = example
    }

    /// The message and the example, as one line.
    var text: String {
        guard let example else { return message }
        return message + " Example: " + example
    }
}
