import PetriProtocol

/// What the user sees and types: the full-screen student or teacher view, or `--json` lines.
///
/// Every method is called from the runner's loop, one at a time.
protocol ClientFrontend: AnyObject {
    /// Whether to read standard input as keys or lines (nil: not at all).
    var inputMode: InputReader.Mode? { get }
    /// Prepares the screen (or output) before the first connection.
    ///
    /// - Throws: ``TerminalError`` when the terminal cannot be used.
    func begin() throws(TerminalError)
    /// Something was typed.
    func input(_ event: InputEvent, runner: ClientRunner)
    /// A message arrived; the runner's session has already taken it.
    func received(_ message: ServerMessage, raw: String, runner: ClientRunner)
    /// A frame arrived that this client cannot read.
    func unreadable(raw: String, problem: String, runner: ClientRunner)
    /// Time passed (every 50 ms); returns whether the screen needs drawing.
    func tick(runner: ClientRunner) -> Bool
    /// Draws the current state.
    func draw(runner: ClientRunner)
    /// The session ended; gives the terminal back and returns the exit status.
    func finish(_ end: SessionEnd, runner: ClientRunner) -> Int32
    /// Whether the frontend keeps running after the session ended (to show the end), until it calls
    /// ``ClientRunner/release()``.
    func lingers(after end: SessionEnd) -> Bool
}

extension ClientFrontend {
    /// By default a frontend stops with its session.
    func lingers(after end: SessionEnd) -> Bool { false }
}
