import Foundation
import PetriProtocol

/// The full-screen student client.
public final class StudentScreenFrontend: ClientFrontend {
    let terminal: TerminalIO
    let colorMode: ColorMode
    var ui = StudentUI()
    var writer: FrameWriter
    var size: (width: Int, height: Int) = (80, 24)
    private var lastSecond: Int64 = 0

    /// A student screen on `terminal`.
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
        for intent in ui.handle(key, lesson: runner.session.lesson, now: runner.now().wall) {
            switch intent {
            case .send(let message): runner.send(message)
            case .quit: runner.quit()
            case .retryNow: runner.retryNow()
            case .redraw: writer.invalidate()
            }
        }
    }

    public func received(_ message: ServerMessage, raw: String, runner: ClientRunner) {
        switch message {
        case .question(let info) where info.state == .open:
            ui.answer.reset(for: info.id)
            ui.hintArmed = nil
        case .answerAccepted:
            ui.message = Notice("Answer received ✓", kind: .success, at: runner.now().wall)
        default:
            break
        }
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
        let state = ScreenState(
            lesson: runner.session.lesson, connection: runner.status, ui: ui, now: runner.now().wall,
            colorMode: colorMode)
        let canvas = Screen.student(state, width: size.width, height: size.height)
        ui.lifeViewport = Screen.lifeViewport(
            ui.lifeViewport, lesson: state.lesson,
            picture: ScreenLayout.student(width: size.width, height: size.height).picture)
        terminal.write(writer.update(canvas))
    }

    public func finish(_ end: SessionEnd, runner: ClientRunner) -> Int32 {
        terminal.leave()
        var message = end.message
        if end.kind == .quit, let code = runner.session.lesson.code {
            message =
                "You left lesson \(code.text). Your place is kept: petri join \(code.text) --server \(runner.server) to come back."
        }
        if !message.isEmpty { print(message) }
        return end.exitStatus
    }
}
