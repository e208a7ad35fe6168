import Foundation
import PetriProtocol

/// `--json` mode: no screen; every server message as one JSON line on standard output, commands
/// and answers read as lines on standard input, everything else on standard error.
///
/// A line starting with `{` is sent as it is (after checking it is a valid client message).
/// Otherwise a student's line is an answer to the open question (a number; an option's label or
/// number from 1; a probability 0…1 or a percentage like `70%`) or one of `hint`, `history`,
/// `ping`, `quit` (and, in a make-up, `next` and `pace own|class|auto [SECONDS]`); a teacher's
/// line is a console command (`step 5`, `ask number population in 10`, …). At the end of input the
/// client sends a `ping` once it is in the lesson and leaves when the `pong` comes back, so every
/// answer to what it sent is printed first. When the input held no
/// line at all (`< /dev/null`, or a closed pipe), there is nothing to wait for: the client keeps
/// printing the lesson's messages until the lesson ends or it is interrupted.
final class JSONFrontend: ClientFrontend {
    private let teacher: Bool
    private var console = TeacherConsole()
    private var printedLog = 0
    private var printedNotices = 0
    private var leaving = false
    private var pinged = false
    private var leaveDeadline: Duration?
    private var linesRead = 0
    private let output: FileHandle
    private let errors: FileHandle

    /// - Parameters:
    ///   - teacher: Whether lines are console commands (teacher) or answers (student).
    init(teacher: Bool, output: FileHandle = .standardOutput, errors: FileHandle = .standardError) {
        self.teacher = teacher
        self.output = output
        self.errors = errors
    }

    var inputMode: InputReader.Mode? { .lines }

    func begin() throws(TerminalError) {}

    func input(_ event: InputEvent, runner: ClientRunner) {
        switch event {
        case .key: break
        case .closed:
            guard linesRead > 0 else {
                complain("Standard input has no commands: printing the lesson's messages until it ends (Ctrl-C stops).")
                return
            }
            // What was typed may still be queued for the connection: wait for the lesson (at most
            // `joinWait`), then ping it and leave at the pong.
            leaving = true
            leaveDeadline = runner.now().monotonic + Self.joinWait
            pingWhenOnline(runner)
        case .line(let line):
            let trimmed = line.trimmingCharacters(in: .whitespaces)
            guard !trimmed.isEmpty else { return }
            linesRead += 1
            if trimmed.hasPrefix("{") {
                do {
                    runner.send(try ProtocolDecoder().decodeClientMessage(Array(trimmed.utf8)))
                } catch {
                    complain("not a valid message: \(error.message)")
                }
                return
            }
            if teacher {
                let now = runner.now().wall
                for intent in console.execute(trimmed, lesson: runner.session.lesson, now: now) {
                    perform(intent, runner)
                }
                flushLog()
            } else {
                switch StudentLine.parse(trimmed, lesson: runner.session.lesson) {
                case .success(.send(let message)): runner.send(message)
                case .success(.quit): runner.quit()
                case .failure(let problem): complain(problem.message(in: runner.session.lesson.language))
                }
            }
        }
    }

    func received(_ message: ServerMessage, raw: String, runner: ClientRunner) {
        output.write(Data((JSONLines.safe(raw) + "\n").utf8))
        if teacher {
            for intent in console.received(message, lesson: runner.session.lesson, now: runner.now().wall) {
                perform(intent, runner)
            }
            flushLog()
        }
        if leaving, pinged, case .pong = message { runner.quit() }
        pingWhenOnline(runner)
    }

    func unreadable(raw: String, problem: String, runner: ClientRunner) {
        complain("the server sent something this client cannot read: \(TerminalText.sanitise(problem))")
    }

    /// How long the client waits at the end of input to reach the lesson before it gives up.
    static let joinWait: Duration = .seconds(15)
    /// How long it waits for the `pong` that answers its last `ping`.
    static let pongWait: Duration = .seconds(5)

    private func pingWhenOnline(_ runner: ClientRunner) {
        guard leaving, !pinged, runner.status.isOnline else { return }
        pinged = true
        leaveDeadline = runner.now().monotonic + Self.pongWait
        runner.send(.ping)
    }

    func tick(runner: ClientRunner) -> Bool {
        pingWhenOnline(runner)
        if leaving, let deadline = leaveDeadline, runner.now().monotonic >= deadline {
            if !pinged { complain("Could not reach the lesson to send what was typed; leaving.") }
            runner.quit()
        }
        // The lesson's news (errors from the server, teacher actions, connection changes) goes to standard error.
        let lesson = runner.session.lesson
        for notice in lesson.notices(after: printedNotices) { complain(notice.text) }
        printedNotices = lesson.noticesPosted
        return false
    }

    func draw(runner: ClientRunner) {}

    func finish(_ end: SessionEnd, runner: ClientRunner) -> Int32 {
        if !end.message.isEmpty { complain(end.message) }
        return end.exitStatus
    }

    private func perform(_ intent: TeacherIntent, _ runner: ClientRunner) {
        switch intent {
        case .send(let message): runner.send(message)
        case .quit: runner.quit()
        case .retryNow: runner.retryNow()
        case .redraw: break
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

    private func flushLog() {
        let fresh = console.log.suffix(min(console.log.count, max(0, console.linesWritten - printedLog)))
        for notice in fresh where !notice.text.hasPrefix("›") { complain(notice.text) }
        printedLog = console.linesWritten
    }

    private func complain(_ text: String) {
        errors.write(Data("petri: \(TerminalText.sanitise(text))\n".utf8))
    }
}
