import PetriProtocol

/// What a key press asks the runner to do.
enum StudentIntent: Sendable, Hashable {
    /// Send a message to the server.
    case send(ClientMessage)
    /// Leave the lesson.
    case quit
    /// Reconnect now instead of waiting.
    case retryNow
    /// Forget the last frame and redraw everything.
    case redraw
    /// Show how to carry on this make-up on another device (the runner knows the server and the token).
    case carryOn
}
