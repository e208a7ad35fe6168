/// The one error type of the terminal clients: a stable code and a sentence that says what to do.
struct TerminalError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The kinds of failure, for programs.
    enum Code: String, Sendable, Hashable {
        /// Standard input or output is not a terminal, or it could not be switched to raw mode.
        case notATerminal = "not-a-terminal"
        /// The server could not be reached or the WebSocket handshake failed.
        case cannotConnect = "cannot-connect"
        /// A snapshot from the server did not decode as its model's picture.
        case unreadablePicture = "unreadable-picture"
        /// A saved token could not be read or written.
        case storage = "storage"
        /// A command-line value or typed command was not usable.
        case invalidArgument = "invalid-argument"
        /// A file (lesson file, export) could not be read or written.
        case file = "file"
    }

    /// What failed.
    let code: Code
    /// One sentence for people.
    let message: String

    /// An error with a sentence that says what to do.
    init(_ code: Code, _ message: String) {
        self.code = code
        self.message = message
    }

    var description: String { message }
}
