import PetriLesson
import PetriProtocol
import PetriStorage
import PetriTransport
import PetriWords

/// A running lesson as the hub and the connection sessions see it, whatever its model.
protocol RunningLesson: Actor {
    nonisolated var record: LessonRecord { get }

    /// Handles one command from a connection (or from the server when `connection` is nil),
    /// after every earlier command has been handled, stored and its effects performed.
    ///
    /// - Parameter token: The raw resume token of a `join` whose command carries the token's
    ///   digest (``TokenForm/digest``): the welcome goes to the student with this in its place.
    /// - Returns: whether it was accepted and whether the connection is now attached.
    /// - Parameter quietly: The lesson does not send a rejection itself (``HostResult/told`` is
    ///   false); the caller answers it.
    /// - Parameter language: The language the connection asked for (its `join`, `teach`, ... or an earlier
    ///   `setLanguage`), if it asked: a connection that attaches reads its words in it from then on.
    func handle(
        _ command: LessonCommand, from connection: ConnectionID?, revealing token: AccessToken?, quietly: Bool,
        language: Language?
    ) async -> HostResult

    /// Handles a guest's command sent by the server for someone not connected yet (an LMS learner admitted at
    /// launch, before their browser resumes with the token).
    func admit(_ command: LessonCommand) async -> HostResult

    /// The connection asked for its words in `language` (``ClientMessage/setLanguage(language:)``);
    /// returns the language it now gets, nil when it is not attached here.
    func setLanguage(_ language: Language, for connection: ConnectionID) async -> Language?

    /// The connection is gone: the student (if it was one) is marked offline.
    func connectionClosed(_ connection: ConnectionID) async

    /// Serves one make-up request (``MakeupRequest``); nil when it was answered, else the refusal to send.
    func makeup(_ request: MakeupRequest, from connection: ConnectionID, language: Language?) async -> ProtocolError?

    /// A make-up student's connection is gone.
    func makeupConnectionClosed(_ connection: ConnectionID) async

    /// Stops timers and the mailbox; connections are left to the transport.
    func stop() async

    /// Stops and closes every connection so clients reconnect elsewhere (its lease was lost).
    func relinquish() async

    /// Stops and closes every connection with the sentence that the administrator erased the lesson (4002).
    func erased() async

    /// Stops, then waits for a durable checkpoint being written (at shutdown).
    func shutDown() async

    /// Students in the lesson, connected or not (for metrics).
    func studentCount() async -> Int

    /// Each ranked student's result as the lesson stands (for the school's gradebook).
    func studentResults() async -> [StudentResult]

    /// Commands waiting in the mailbox for the batch being handled to finish (for tests that
    /// line up a batch exactly).
    func queuedCommandCount() async -> Int

    /// The newest log entry the lesson has applied, stored or not (for tests that line up a batch
    /// behind a held write exactly).
    func appliedLogSequence() async -> Int
}

extension RunningLesson {
    /// Handles a command that reveals no token (see ``handle(_:from:revealing:)``).
    func handle(_ command: LessonCommand, from connection: ConnectionID?) async -> HostResult {
        await handle(command, from: connection, revealing: nil, quietly: false, language: nil)
    }
}

/// What became of one command.
struct HostResult: Sendable {
    var rejection: ProtocolError?
    /// True when the connection now speaks as a student or the teacher of this lesson.
    var attached: Bool
    /// False when the lesson could not tell the connection about `rejection` itself (it had
    /// stopped, or its write failed): then the session must, so every request gets an answer.
    var told: Bool = true
    /// The language the connection reads once attached (the lesson's when it asked for none).
    var language: Language? = nil
}
