import Foundation
import PetriProtocol

/// The full-screen teacher console.
public final class TeacherScreenFrontend: ClientFrontend {
    let terminal: TerminalIO
    let colorMode: ColorMode
    var console = TeacherConsole()
    var writer: FrameWriter
    var size: (width: Int, height: Int) = (80, 24)
    private var lastSecond: Int64 = 0

    /// A teacher console on `terminal`.
    public init(terminal: TerminalIO, colorMode: ColorMode) {
        self.terminal = terminal
        self.colorMode = colorMode
        writer = FrameWriter(renderer: ANSIRenderer(mode: colorMode))
    }

    public var inputMode: InputReader.Mode? { .keys }

    public func begin() throws(TerminalError) {
        try terminal.enter()
        size = terminal.size()
    }

    public func input(_ event: InputEvent, runner: ClientRunner) {
        guard case .key(let key) = event else {
            if event == .closed { runner.quit() }
            return
        }
        perform(console.handle(key, lesson: runner.session.lesson, now: runner.now().wall), runner: runner)
    }

    public func received(_ message: ServerMessage, raw: String, runner: ClientRunner) {
        if case .created = message, runner.session.lesson.role == nil { console.overlay = .code }
        perform(console.received(message, lesson: runner.session.lesson, now: runner.now().wall), runner: runner)
    }

    public func unreadable(raw: String, problem: String, runner: ClientRunner) {
        runner.post("The server sent something this client cannot read: \(problem)", kind: .error)
    }

    public func tick(runner: ClientRunner) -> Bool {
        if terminal.takeResize() {
            size = terminal.size()
            writer.invalidate()
            return true
        }
        let second = runner.now().wall.millisecondsSince1970 / 1000
        defer { lastSecond = second }
        return second != lastSecond
    }

    public func draw(runner: ClientRunner) {
        let state = TeacherScreenState(
            lesson: runner.session.lesson, connection: runner.status, console: console, now: runner.now().wall,
            colorMode: colorMode, server: runner.server)
        let canvas = Screen.teacher(state, width: size.width, height: size.height)
        console.lifeViewport = Screen.lifeViewport(
            console.lifeViewport, lesson: state.lesson,
            picture: ScreenLayout.teacher(width: size.width, height: size.height).picture)
        terminal.write(writer.update(canvas))
    }

    public func finish(_ end: SessionEnd, runner: ClientRunner) -> Int32 {
        terminal.leave()
        if !end.message.isEmpty { print(end.message) }
        if let code = runner.session.lesson.code, end.kind == .quit {
            print(
                "Lesson \(code.text) goes on. Attach again with: petri teach attach \(code.text) --server \(runner.server)"
            )
        }
        return end.exitStatus
    }

    private func perform(_ intents: [TeacherIntent], runner: ClientRunner) {
        for intent in intents {
            switch intent {
            case .send(let message): runner.send(message)
            case .quit: runner.quit()
            case .retryNow: runner.retryNow()
            case .redraw: writer.invalidate()
            case .writeFile(let path, let contents):
                console.write(FileSaver.save(contents, to: path), .success, runner.now().wall)
            }
        }
    }
}
