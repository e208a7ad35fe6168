/// What was wrong with a typed command, and what would be right.
public struct CommandError: Error, Sendable, Hashable {
    /// What was wrong.
    public var message: String
    /// A command that would work, for the user to copy.
    public var example: String?

    /// An error with an optional example of a right command.
    public init(_ message: String, example: String? = nil) {
        self.message = message
        self.example = example
    }

    /// The message and the example, as one line.
    public var text: String {
        guard let example else { return message }
        return message + " Example: " + example
    }
}
