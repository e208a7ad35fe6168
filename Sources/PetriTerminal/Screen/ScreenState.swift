import PetriProtocol

/// Everything the student screen shows, as one value: rendering is a pure function of it.
struct ScreenState: Sendable {
    /// The lesson as this client knows it.
    var lesson: LessonState
    /// The connection for the status line.
    var connection: ConnectionStatus
    /// What is typed and looked at.
    var ui: StudentUI
    /// Local wall-clock time (time left, message ageing).
    var now: Timestamp
    /// What the terminal shows.
    var colorMode: ColorMode

    /// A student screen's state.
    init(lesson: LessonState, connection: ConnectionStatus, ui: StudentUI, now: Timestamp, colorMode: ColorMode) {
        self.lesson = lesson
        self.connection = connection
        self.ui = ui
        self.now = now
        self.colorMode = colorMode
    }
}
