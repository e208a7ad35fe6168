import Foundation
import PetriProtocol
import PetriSimulation
import PetriWords

/// What the console asks its runner to do.
enum TeacherIntent: Sendable, Hashable {
    case send(ClientMessage)
    case quit
    case redraw
    case retryNow
    /// Save an export the server sent (the path is the teacher's, the contents the server's).
    case writeFile(path: String, contents: String)
    /// Read the plan file at `path` and send it to the server to preview or save (``PlanFileSender``).
    case sendPlanFile(path: String, use: PlanFileUse)
}

/// The teacher's console: the command line, its log, and what the screen shows.
///
/// Shared by the full-screen view (keys through ``handle(_:lesson:now:)``) and `--json` mode
/// (whole lines through ``execute(_:lesson:now:)``). Not thread-safe: owned by the run loop.
struct TeacherConsole: Sendable {
    /// A screen drawn over the console.
    enum Overlay: Sendable, Hashable {
        case none
        case help
        /// The join code, large.
        case code
    }

    /// The command line.
    var editor = LineEditor()
    /// The console's own lines (echoed commands, errors, help), oldest first.
    private(set) var log: [Notice] = []
    /// What the side panel shows.
    var panel = TeacherPanel.roster
    /// The screen drawn over the console, if any.
    var overlay = Overlay.none
    /// The generation the side panel shows while browsing; nil follows the lesson.
    var historyCursor: Int?
    /// Where the board view looks.
    var boardViewport = BoardViewport()
    /// Whether the best-suited creatures are marked.
    var markBest = false
    /// The hint for the next question (`hint TEXT`).
    private(set) var pendingHint: String?
    /// Exports asked for and not yet received: where to save them.
    private(set) var pendingDefinition: String?
    /// Where the next results CSV goes.
    private(set) var pendingResults: String?
    /// True from a typed `models` until the answer is listed.
    private var listModels = false
    /// True once completion asked the server to describe the lesson's model.
    private var askedForDescription = false
    /// Where the report goes when it arrives (without the `.csv`/`.html` ending).
    private(set) var pendingReport: String?
    /// True from `hunts` until the report arrives and its hunt record is listed.
    private(set) var pendingHunts = false

    /// How many lines were ever written (the log keeps only the newest).
    private(set) var linesWritten = 0

    /// Lines kept in the log.
    static let logLimit = 200

    /// An empty console.
    init() {}

    /// Handles one key in the full-screen view.
    mutating func handle(_ key: Key, lesson: LessonState, now: Timestamp) -> [TeacherIntent] {
        if key == .control("c") { return [.quit] }
        if key == .control("l") { return [.redraw] }
        if key == .control("d") && editor.text.isEmpty { return [.quit] }
        if overlay != .none {
            overlay = .none
            return []
        }
        switch key {
        case .tab:
            complete(lesson: lesson, now: now)
            // What the model suggests (pattern names, choices) comes with its description: ask once, quietly.
            guard lesson.modelDescription == nil, !askedForDescription else { return [] }
            askedForDescription = true
            return [.send(.describeModels(teacherKey: nil))]
        case .escape:
            editor.setText([])
            historyCursor = nil
            return []
        case .pageUp, .pageDown:
            browse(key, lesson: lesson)
            return []
        case .left,
            .right where editor.text.isEmpty:
            browse(key, lesson: lesson)
            return []
        case .control("r"):
            return [.retryNow]
        default:
            break
        }
        switch editor.handle(key) {
        case .submitted(let line):
            return execute(line, lesson: lesson, now: now)
        case .edited, .ignored:
            return []
        }
    }

    /// Runs one typed command.
    mutating func execute(_ line: String, lesson: LessonState, now: Timestamp) -> [TeacherIntent] {
        let trimmed = line.trimmingCharacters(in: .whitespaces)
        guard !trimmed.isEmpty else { return [] }
        write("› " + trimmed, .info, now)
        let context = CommandContext(lesson: lesson, pendingHint: pendingHint)
        switch TeacherCommandParser.parse(trimmed, context: context) {
        case .failure(let error):
            write(error.text(in: lesson.language), .error, now)
            return []
        case .success(let command):
            return run(command, lesson: lesson, now: now)
        }
    }

    /// Saves exports when they arrive.
    mutating func received(_ message: ServerMessage, lesson: LessonState, now: Timestamp) -> [TeacherIntent] {
        switch message {
        case .definition(let definition):
            let path = pendingDefinition ?? Self.defaultPath(lesson, "lesson.json")
            pendingDefinition = nil
            guard let bytes = try? ProtocolEncoder().encodeDocument(definition) else { return [] }
            return [.writeFile(path: path, contents: String(decoding: bytes, as: UTF8.self) + "\n")]
        case .results(let csv):
            let path = pendingResults ?? Self.defaultPath(lesson, "results.csv")
            pendingResults = nil
            return [.writeFile(path: path, contents: csv)]
        case .question:
            // The hint went with the question.
            return []
        case .models(let models):
            // Listed when the teacher typed `models`, not when completion asked for the description.
            guard listModels else { return [] }
            listModels = false
            for line in Self.describe(models, lesson: lesson.model, in: lesson.language) { write(line, .info, now) }
            return []
        case .report(let csv, let html, let data):
            if pendingHunts {
                pendingHunts = false
                for line in HuntRecordLines.lines(data, in: lesson.language) { write(line.text, line.kind, now) }
                // Only `hunts` asked: nothing to save.
                guard pendingReport != nil else { return [] }
            }
            var base = pendingReport ?? Self.defaultPath(lesson, "report")
            pendingReport = nil
            for suffix in [".csv", ".html"] where base.hasSuffix(suffix) { base = String(base.dropLast(suffix.count)) }
            return [.writeFile(path: base + ".csv", contents: csv), .writeFile(path: base + ".html", contents: html)]
        case .guide(let guide):
            if let story = guide.story {
                let text = TerminalText.sanitise(story, maxCharacters: 2000)
                write(
                    TerminalWords.text("terminal.console.story", ["story": .text(text)], in: lesson.language), .info,
                    now)
            }
            for section in guide.sections.prefix(20) {
                write(TerminalText.sanitise(section.title, maxCharacters: 80), .success, now)
                for paragraph in section.paragraphs.prefix(10) {
                    write(TerminalText.sanitise(paragraph, maxCharacters: 2000), .info, now)
                }
            }
            return []
        default:
            return []
        }
    }

    /// Adds a line to the log.
    mutating func write(_ text: String, _ kind: Notice.Kind, _ now: Timestamp) {
        log.append(Notice(text, kind: kind, at: now))
        linesWritten += 1
        if log.count > Self.logLimit { log.removeFirst(log.count - Self.logLimit) }
    }

    private mutating func run(_ command: TeacherCommand, lesson: LessonState, now: Timestamp) -> [TeacherIntent] {
        switch command {
        case .send(let message):
            if case .ask = message { pendingHint = nil }
            if case .describeModels = message { listModels = true }
            return [.send(message)]
        case .exportDefinition(let path):
            pendingDefinition = path ?? Self.defaultPath(lesson, "lesson.json")
            return [.send(.export)]
        case .exportResults(let path):
            pendingResults = path ?? Self.defaultPath(lesson, "results.csv")
            return [.send(.exportResults)]
        case .exportReport(let path):
            pendingReport = path ?? Self.defaultPath(lesson, "report")
            return [.send(.report)]
        case .showHunts:
            pendingHunts = true
            return [.send(.report)]
        case .setHint(let hint):
            pendingHint = hint
            write(
                hint.map { TerminalWords.text("terminal.console.hintSet", ["hint": .text($0)], in: lesson.language) }
                    ?? TerminalWords.text("terminal.console.hintNone", in: lesson.language), .success, now)
        case .show(let panel):
            self.panel = panel
        case .showCode:
            overlay = .code
        case .showPlan:
            guard let plan = lesson.plan else {
                write(PlanTerminalWords.noPlan(), .error, now)
                return []
            }
            for line in PlanTerminalWords.timeline(plan) { write(line, .info, now) }
        case .planFile(let path, let use):
            return [.sendPlanFile(path: path, use: use)]
        case .help(let name):
            help(name, in: lesson.language, now: now)
        case .view(let generation):
            guard let generation else {
                historyCursor = nil
                return []
            }
            guard lesson.history[generation] != nil else {
                let range = lesson.history.keys.sorted()
                write(
                    TerminalWords.text(
                        "terminal.console.notInHistory",
                        [
                            "generation": .int(generation), "first": .int(range.first ?? 0),
                            "last": .int(range.last ?? 0),
                        ],
                        in: lesson.language), .error, now)
                return []
            }
            historyCursor = generation
        case .look(let at):
            boardViewport = at.map { BoardViewport(x: $0.x, y: $0.y, following: false) } ?? BoardViewport()
            boardViewport.placed = at != nil
        case .best(let on):
            markBest = on
        case .quit:
            return [.quit]
        }
        return []
    }

    private mutating func help(_ name: String?, in language: Language, now: Timestamp) {
        guard let name else {
            overlay = .help
            for spec in TeacherCommandSpec.all {
                write(TerminalText.padded(spec.name, toWidth: 11) + spec.summary.text(in: language), .info, now)
            }
            write(TerminalWords.text("terminal.console.helpMore", in: language), .info, now)
            return
        }
        guard let spec = TeacherCommandSpec.named(name) else {
            let typed = WordArgument.text(TerminalText.sanitise(name, maxCharacters: 20))
            let sentence =
                TeacherCommandSpec.suggestion(for: name).map {
                    TerminalWords.text(
                        "terminal.console.noCommandSuggest", ["text": typed, "suggestion": .text($0)], in: language)
                } ?? TerminalWords.text("terminal.console.noCommand", ["text": typed], in: language)
            write(sentence, .error, now)
            return
        }
        write(
            TerminalWords.text(
                "terminal.console.usage", ["usage": spec.usage, "summary": .word(spec.summary)], in: language), .info,
            now)
        for example in spec.examples {
            write(TerminalWords.text("terminal.console.example", ["example": example], in: language), .info, now)
        }
    }

    private mutating func complete(lesson: LessonState, now: Timestamp) {
        let before = String(editor.text.prefix(editor.cursor))
        let context = CommandContext(lesson: lesson, pendingHint: pendingHint)
        let candidates = CommandCompletion.candidates(for: before, context: context)
        guard !candidates.isEmpty else { return }
        if candidates.count == 1, let only = candidates.first {
            editor.replaceCurrentWord(with: only + (only.hasSuffix("=") || only.hasSuffix("(") ? "" : " "))
            return
        }
        let prefix = CommandCompletion.commonPrefix(candidates)
        let current = before.split(separator: " ", omittingEmptySubsequences: false).last.map(String.init) ?? ""
        if prefix.count > current.count {
            editor.replaceCurrentWord(with: prefix)
        } else {
            write(candidates.joined(separator: "  "), .info, now)
        }
    }

    private mutating func browse(_ key: Key, lesson: LessonState) {
        let generations = lesson.history.keys.sorted()
        guard let first = generations.first, let last = generations.last else { return }
        let step = key == .pageUp || key == .pageDown ? 10 : 1
        let current = historyCursor ?? last
        let next = key == .left || key == .pageUp ? current - step : current + step
        let clamped = min(last, max(first, next))
        historyCursor = clamped >= last ? nil : clamped
    }

    static func defaultPath(_ lesson: LessonState, _ suffix: String) -> String {
        "petri-\(lesson.code?.text ?? "lesson")-\(suffix)"
    }
}
