import Foundation
import PetriProtocol

/// The full-screen teacher console.
final class TeacherScreenFrontend: ClientFrontend {
    var screen: FullScreen
    var console = TeacherConsole()

    /// A teacher console on `terminal`.
    init(terminal: TerminalIO, colorMode: ColorMode) {
        screen = FullScreen(terminal: terminal, colorMode: colorMode)
    }

    var inputMode: InputReader.Mode? { .keys }

    func begin() throws(TerminalError) { try screen.begin() }

    func input(_ event: InputEvent, runner: ClientRunner) {
        guard case .key(let key) = event else {
            if event == .closed { runner.quit() }
            return
        }
        perform(console.handle(key, lesson: runner.session.lesson, now: runner.now().wall), runner: runner)
    }

    func received(_ message: ServerMessage, raw: String, runner: ClientRunner) {
        if case .created = message, runner.session.lesson.role == nil { console.overlay = .code }
        perform(console.received(message, lesson: runner.session.lesson, now: runner.now().wall), runner: runner)
    }

    func unreadable(raw: String, problem: String, runner: ClientRunner) {
        reportUnreadable(problem: problem, runner: runner)
    }

    func tick(runner: ClientRunner) -> Bool { screen.tick(now: runner.now().wall) }

    func draw(runner: ClientRunner) {
        let state = TeacherScreenState(
            lesson: runner.session.lesson, connection: runner.status, console: console, now: runner.now().wall,
            colorMode: screen.colorMode, server: runner.server)
        let canvas = Screen.teacher(state, width: screen.size.width, height: screen.size.height)
        console.boardViewport = Screen.boardViewport(
            console.boardViewport, lesson: state.lesson,
            picture: ScreenLayout.teacher(width: screen.size.width, height: screen.size.height).picture)
        screen.present(canvas)
    }

    func finish(_ end: SessionEnd, runner: ClientRunner) -> Int32 {
        screen.leave()
        if !end.message.isEmpty { print(end.message) }
        if let code = runner.session.lesson.code, end.kind == .quit {
            print(
                TerminalWords.text(
                    "terminal.session.goesOn", ["code": .text(code.text), "server": .text(runner.server)],
                    in: runner.session.lesson.language))
        }
        return end.exitStatus
    }

    private func perform(_ intents: [TeacherIntent], runner: ClientRunner) {
        for intent in intents {
            switch intent {
            case .send(let message): runner.send(message)
            case .quit: runner.quit()
            case .retryNow: runner.retryNow()
            case .redraw: screen.writer.invalidate()
            case .writeFile(let path, let contents):
                console.write(FileSaver.save(contents, to: path), .success, runner.now().wall)
            case .sendPlanFile(let path, let use):
                switch PlanFileSender.message(path: path, use: use, key: runner.session.teacherKey) {
                case .success(let message):
                    runner.send(message)
                    console.write(PlanTerminalWords.sent(path, use), .info, runner.now().wall)
                case .failure(let problem): console.write(problem.sentence, .error, runner.now().wall)
                }
            }
        }
    }
}
