/// Why a session stopped, with the sentence to show and the process's exit status.
struct SessionEnd: Sendable, Hashable {
    /// What ended the session.
    enum Kind: Sendable, Hashable {
        /// The user quit.
        case quit
        /// The teacher ended the lesson.
        case lessonEnded
        /// The teacher removed this student.
        case kicked
        /// The same student connected elsewhere.
        case replaced
        /// The server refused to let us in (unknown code, bad token, invalid name...).
        case refused
        /// The server closed the connection for good.
        case closed
    }

    /// What ended it.
    var kind: Kind
    /// Sanitised, for the normal screen after the full-screen view is gone.
    var message: String
    /// The process's exit status: 0 for a normal end, 1 when refused or removed.
    var exitStatus: Int32

    /// An end with its sentence (sanitised by the session) and exit status.
    init(_ kind: Kind, _ message: String, exitStatus: Int32) {
        self.kind = kind
        self.message = message
        self.exitStatus = exitStatus
    }
}
