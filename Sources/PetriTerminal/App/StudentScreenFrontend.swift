import Foundation
import PetriProtocol
import PetriWords

/// The full-screen student client.
final class StudentScreenFrontend: ClientFrontend {
    var screen: FullScreen
    var ui = StudentUI()

    /// A student screen on `terminal`.
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
        let intents = ui.handle(key, lesson: runner.session.lesson, now: runner.now().wall)
        if runner.sessionEnd != nil {
            // The lesson is over and its end is on screen: keys still open the leaderboard or help; q leaves.
            if intents.contains(.quit) { runner.release() }
            if intents.contains(.redraw) { screen.writer.invalidate() }
            return
        }
        for intent in intents {
            switch intent {
            case .send(let message): runner.send(message)
            case .quit: runner.quit()
            case .retryNow: runner.retryNow()
            case .redraw: screen.writer.invalidate()
            case .carryOn: ui.overlay = .carryOn(link: carryOnLink(runner))
            }
        }
    }

    /// The link that carries this make-up student's place to another device (their token, once the server gave it).
    private func carryOnLink(_ runner: ClientRunner) -> String {
        guard case .makeup(let code, _, let token) = runner.session.entry else { return "" }
        return MakeupLink.text(server: runner.server, code: code, token: token)
    }

    func received(_ message: ServerMessage, raw: String, runner: ClientRunner) {
        switch message {
        case .question(let info) where info.state == .open:
            ui.answer.reset(for: info.id)
            ui.hintArmed = nil
        case .answerAccepted:
            ui.message = Notice(
                TerminalWords.text("terminal.answer.received", in: runner.session.lesson.language), kind: .success,
                at: runner.now().wall)
        case .catchAccepted(_, _, let left):
            ui.message = Notice(
                TerminalWords.text("terminal.hunt.caught", ["left": .int(left)], in: runner.session.lesson.language),
                kind: .success, at: runner.now().wall)
        case .welcome where ui.spotter:
            // Who spots is not remembered across a reconnection or a restart: say it again.
            runner.send(.spot(spotter: true))
        default:
            break
        }
    }

    func unreadable(raw: String, problem: String, runner: ClientRunner) {
        reportUnreadable(problem: problem, runner: runner)
    }

    func tick(runner: ClientRunner) -> Bool { screen.tick(now: runner.now().wall) }

    func draw(runner: ClientRunner) {
        let state = ScreenState(
            lesson: runner.session.lesson, connection: runner.status, ui: ui, now: runner.now().wall,
            colorMode: screen.colorMode)
        let canvas = Screen.student(state, width: screen.size.width, height: screen.size.height)
        if let round = state.lesson.hunt {
            // Keys move the cursor on the field as it was last drawn.
            let layout = Screen.studentLayout(state, width: screen.size.width, height: screen.size.height)
            let theme = Theme(mode: screen.colorMode, language: state.lesson.language)
            ui.place(HuntFieldView.grid(in: Screen.huntArea(layout), theme: theme), round: round.round)
        }
        ui.boardViewport = Screen.boardViewport(
            ui.boardViewport, lesson: state.lesson,
            picture: Screen.studentLayout(state, width: screen.size.width, height: screen.size.height).picture)
        screen.present(canvas)
    }

    /// When the lesson has ended, the screen stays with the closing message and score until the student
    /// presses q (the server closes the connection a few seconds after `lessonEnded`; leaving then
    /// took the final screen away before it could be read).
    func lingers(after end: SessionEnd) -> Bool { end.kind == .lessonEnded }

    func finish(_ end: SessionEnd, runner: ClientRunner) -> Int32 {
        screen.leave()
        var message = end.message
        if end.kind == .quit, let code = runner.session.lesson.code {
            let arguments: [String: WordArgument] = ["code": .text(code.text), "server": .text(runner.server)]
            message =
                runner.session.entry.isMakeup
                ? TerminalWords.text("terminal.session.leftMakeup", arguments, in: runner.session.lesson.language)
                : TerminalWords.text("terminal.session.left", arguments, in: runner.session.lesson.language)
        }
        if !message.isEmpty { print(message) }
        return end.exitStatus
    }
}
