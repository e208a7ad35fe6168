import PetriProtocol

/// A line of news for the user: an error from the server, a teacher's action, a connection change.
struct Notice: Sendable, Hashable {
    /// How the notice is coloured.
    enum Kind: Sendable, Hashable {
        case info
        case error
        case success
    }

    /// Already sanitised text.
    var text: String
    /// Information, an error or a success.
    var kind: Kind
    /// Local wall-clock time it was posted (the footer hides it after a while).
    var at: Timestamp

    /// A notice; `text` is sanitised here, whatever its source.
    init(_ text: String, kind: Kind = .info, at: Timestamp) {
        self.text = TerminalText.sanitise(text)
        self.kind = kind
        self.at = at
    }
}
