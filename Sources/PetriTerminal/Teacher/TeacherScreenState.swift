import PetriProtocol

/// Everything the teacher screen shows, as one value.
struct TeacherScreenState: Sendable {
    /// The lesson as the teacher's client knows it.
    var lesson: LessonState
    /// The connection for the status line.
    var connection: ConnectionStatus
    /// The command line, its log and the view choices.
    var console: TeacherConsole
    /// Local wall-clock time.
    var now: Timestamp
    /// What the terminal shows.
    var colorMode: ColorMode
    /// The server students join, for the join instructions (e.g. `ws://10.0.0.5:8080/`).
    var server: String

    /// A teacher screen's state.
    init(
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
