import PetriProtocol

/// Everything the teacher screen shows, as one value.
public struct TeacherScreenState: Sendable {
    /// The lesson as the teacher's client knows it.
    public var lesson: LessonState
    /// The connection for the status line.
    public var connection: ConnectionStatus
    /// The command line, its log and the view choices.
    public var console: TeacherConsole
    /// Local wall-clock time.
    public var now: Timestamp
    /// What the terminal shows.
    public var colorMode: ColorMode
    /// The server students join, for the join instructions (e.g. `ws://10.0.0.5:8080/`).
    public var server: String

    /// A teacher screen's state.
    public init(
        lesson: LessonState, connection: ConnectionStatus, console: TeacherConsole, now: Timestamp,
        colorMode: ColorMode,
        server: String
    ) {
        self.lesson = lesson
        self.connection = connection
        self.console = console
        self.now = now
        self.colorMode = colorMode
        self.server = server
    }
}
