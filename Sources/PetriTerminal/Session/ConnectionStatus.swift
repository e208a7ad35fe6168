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

    /// Short text for the status line.
    var label: String {
        switch self {
        case .connecting(let attempt): attempt <= 1 ? "connecting…" : "connecting… (try \(attempt))"
        case .joining: "joining…"
        case .online: "online"
        case .reconnecting(_, let seconds, _): "reconnecting in \(seconds)s"
        case .ended: "disconnected"
        }
    }

    /// Whether messages can be sent now.
    var isOnline: Bool { self == .online }
}
