import PetriProtocol

/// Who sent a command to a lesson, as the server established it for the connection.
///
/// A connection starts as ``guest``. The lesson checks the token of a `join`, `resume` or
/// `attachTeacher` command and, when it accepts, returns ``LessonEffect/attach(_:session:)``;
/// from then on the server passes that participant with every command from the connection.
/// Tokens are therefore checked once per connection, by the lesson, and never travel again.
package enum Participant: Sendable, Hashable, Codable {
    /// A connection that has not joined yet.
    case guest
    /// A connection that presented this lesson's teacher token.
    case teacher
    /// A connection attached to this student.
    case student(StudentID)
    /// A read-only connection that presented the teacher token with `observe` (the projector):
    /// it gets what everyone gets plus counts, and may only show answers and read history.
    case observer
    /// The server itself: timer ticks, deadlines, closed connections.
    case server
}

/// Where a ``LessonEffect/send(_:to:)`` goes.
package enum Recipient: Sendable, Hashable {
    /// Every connection attached as the teacher.
    case teacher
    /// The connection attached to this student, if any.
    case student(StudentID)
    /// Every connection attached as an observer.
    case observers
}

/// Why the lesson wants a student's connection closed.
package enum DisconnectReason: Sendable, Hashable {
    /// The teacher removed the student; their token no longer works.
    case kicked
    /// The student connected again elsewhere; this is the older connection.
    case replaced

    /// The WebSocket close code to use.
    package var closeCode: LessonCloseCode {
        switch self {
        case .kicked: .kicked
        case .replaced: .replaced
        }
    }

    /// The close reason to send (short: a close frame holds at most 123 bytes of it).
    package var sentence: String {
        switch self {
        case .kicked: "The teacher removed you from this lesson."
        case .replaced: "You connected again from somewhere else."
        }
    }
}
