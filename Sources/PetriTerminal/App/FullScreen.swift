import PetriProtocol

/// What both full-screen frontends (student and teacher) share: the terminal, its size, the
/// frame writer that sends only changed rows, and the once-a-second redraw clock.
struct FullScreen {
    let terminal: TerminalIO
    let colorMode: ColorMode
    var writer: FrameWriter
    var size: (width: Int, height: Int) = (80, 24)
    private var lastSecond: Int64 = 0

    init(terminal: TerminalIO, colorMode: ColorMode) {
        self.terminal = terminal
        self.colorMode = colorMode
        writer = FrameWriter(renderer: ANSIRenderer(mode: colorMode))
    }

    /// Enters the alternate screen in raw mode and reads the size.
    mutating func begin() throws(TerminalError) {
        try terminal.enter()
        size = terminal.size()
    }

    /// True when the screen must be redrawn: after a resize, or when the wall-clock second changed
    /// (countdowns).
    mutating func tick(now: Timestamp) -> Bool {
        if terminal.takeResize() {
            size = terminal.size()
            writer.invalidate()
            return true
        }
        let second = now.millisecondsSince1970 / 1000
        defer { lastSecond = second }
        return second != lastSecond
    }

    /// Writes the rows of `canvas` that changed since the last frame.
    mutating func present(_ canvas: Canvas) {
        terminal.write(writer.update(canvas))
    }

    /// Leaves the alternate screen and restores the terminal.
    func leave() { terminal.leave() }
}

extension ClientFrontend {
    /// What both screens say when the server sends something they cannot decode.
    func reportUnreadable(problem: String, runner: ClientRunner) {
        runner.post("The server sent something this client cannot read: \(problem)", kind: .error)
    }
}
