/// The WebSocket close codes that carry a lesson's decisions (the private range 4000-4999).
///
/// The standard codes (1000-1011) and the server's own 4012/4013/4014 belong to the transport
/// (`PetriTransport.CloseCode`); the server turns one of these into one of those with
/// `CloseCode(rawValue: code.rawValue)`. PROTOCOL.md lists them all for client authors.
package enum LessonCloseCode: UInt16, Sendable, Hashable, CaseIterable {
    /// The teacher removed this student; do not reconnect.
    case kicked = 4000
    /// The same student connected again elsewhere; this older connection is closed.
    case replaced = 4001
    /// The teacher ended the lesson.
    case lessonEnded = 4002
    /// The teacher closed the make-up, or its until-date passed (make-up students only).
    case makeupClosed = 4003
}
