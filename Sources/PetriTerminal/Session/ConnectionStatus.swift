import PetriWords

/// The connection as the status line shows it.
enum ConnectionStatus: Sendable, Hashable {
    /// Opening a connection (attempt 1 is the first try).
    case connecting(attempt: Int)
    /// Connected; waiting for the welcome.
    case joining
    /// In the lesson.
    case online
    /// Lost; trying again in `seconds` (rounded up).
    case reconnecting(attempt: Int, seconds: Int, reason: String)
    /// Finished for good.
    case ended(String)

    /// Short text for the status line, in `language`.
    func label(in language: Language) -> String {
        switch self {
        case .connecting(let attempt):
            attempt <= 1
                ? TerminalWords.text("terminal.status.connecting", in: language)
                : TerminalWords.text("terminal.status.connectingAgain", ["attempt": .int(attempt)], in: language)
        case .joining: TerminalWords.text("terminal.status.joining", in: language)
        case .online: TerminalWords.text("terminal.status.online", in: language)
        case .reconnecting(_, let seconds, _):
            TerminalWords.text("terminal.status.reconnecting", ["seconds": .int(seconds)], in: language)
        case .ended: TerminalWords.text("terminal.status.disconnected", in: language)
        }
    }

    /// Whether messages can be sent now.
    var isOnline: Bool { self == .online }
}
