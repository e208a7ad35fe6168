import PetriProtocol

/// What the session asks its runner to do. The runner performs them in order.
enum SessionAction: Sendable, Hashable {
    /// Open a new connection (and report `connected`, `connectFailed` or events).
    case connect
    /// Send a message on the current connection.
    case send(ClientMessage)
    /// Close the current connection; its later events are to be ignored.
    case disconnect
    /// Call ``ClientSession/retryDue(ticket:now:)`` with `ticket` after `delay`.
    case retry(after: Duration, ticket: Int)
    /// Keep this token for the lesson (a student's resume token or the teacher token).
    case storeToken(AccessToken, code: JoinCode, role: TokenRole)
    /// Forget the stored token for the lesson (it no longer works).
    case forgetToken(code: JoinCode, role: TokenRole)
    /// Stop: show the message and exit with the status.
    case finish(SessionEnd)
}
