import PetriProtocol
import PetriSimulation
import PetriWords

/// Turns a typed line into a ``TeacherCommand``, or says what was wrong and what would be right.
///
/// ```swift
/// switch TeacherCommandParser.parse("step 5", context: context) {
/// case .success(.send(let message)): send(message)   // .step(count: 5)
/// case .failure(let error): show(error.text)          // "step: ... Example: step 5"
/// ...
/// }
/// ```
enum TeacherCommandParser {
    /// Parses one typed line.
    ///
    /// - Parameters:
    ///   - line: What the teacher typed.
    ///   - context: The lesson's metrics, parameters, roster and open question.
    /// - Returns: The command, or what was wrong with an example that would work.
    static func parse(_ line: String, context: CommandContext) -> Result<TeacherCommand, CommandError> {
        let words: [String]
        switch CommandTokenizer.split(line) {
        case .success(let w): words = w
        case .failure(let e): return .failure(e)
        }
        guard let first = words.first else {
            return .failure(CommandError(TerminalWords.word("terminal.parse.empty"), example: "step 5"))
        }
        let args = Array(words.dropFirst())
        do {
            return .success(try command(first.lowercased(), args, context))
        } catch {
            return .failure(error)
        }
    }

    /// `plan` (the lesson's timeline), `plan preview FILE`, `plan save FILE [NAME]` or `plan replace FILE [NAME]`
    /// (the name: the file's without `.yaml`).
    private static func plan(_ args: [String]) throws(CommandError) -> TeacherCommand {
        guard let verb = args.first?.lowercased() else { return .showPlan }
        switch (verb, args.count) {
        case ("preview", 2): return .planFile(path: args[1], use: .preview)
        case ("share", 2): return .planFile(path: "", use: .share(name: args[1]))
        case ("unshare", 2): return .planFile(path: "", use: .unshare(name: args[1]))
        case ("save", 2...3), ("replace", 2...3):
            let name = args.count == 3 ? args[2] : PlanTerminalWords.defaultName(args[1])
            return .planFile(path: args[1], use: .save(name: name, replace: verb == "replace"))
        default:
            throw CommandError(sentence: .text(PlanTerminalWords.planUsage), example: "plan preview lesson.yaml")
        }
    }

    /// `makeup open [--until DATE]` and `makeup close`.
    static func makeup(_ args: [String]) throws(CommandError) -> ClientMessage {
        let usage = "makeup open [--until 2026-12-05T17:00Z], or makeup close"
        switch args.first?.lowercased() {
        case "open":
            let rest = Array(args.dropFirst())
            if rest.isEmpty { return .openMakeup(until: nil) }
            guard rest.count == 2, rest[0] == "--until" else {
                throw CommandError(TerminalWords.word("terminal.parse.makeup.openTakes"), example: usage)
            }
            guard let until = MakeupDate.parse(rest[1]) else {
                throw CommandError(
                    TerminalWords.word("terminal.parse.makeup.notDate", ["text": .text(rest[1])]),
                    example: "makeup open --until 2026-12-05T17:00Z")
            }
            return .openMakeup(until: until)
        case "close":
            guard args.count == 1 else {
                throw CommandError(TerminalWords.word("terminal.parse.makeup.closeTakes"), example: usage)
            }
            return .closeMakeup
        default:
            throw CommandError(TerminalWords.word("terminal.parse.makeup.takes"), example: usage)
        }
    }

    private static func command(_ name: String, _ args: [String], _ context: CommandContext) throws(CommandError)
        -> TeacherCommand
    {
        switch name {
        case "step", "s":
            let count = try optionalInt(
                args, name: "step", range: 1...100, default: 1,
                what: TerminalWords.word("terminal.parse.what.generations"))
            return .send(.step(count: count))
        case "run":
            try atMost(1, args, "run")
            var rate = 1.0
            if let text = args.first {
                let trimmed = text.hasSuffix("/s") ? String(text.dropLast(2)) : text
                guard let value = Double(trimmed), value >= 0.01, value <= 30 else {
                    throw CommandError(
                        TerminalWords.word("terminal.parse.run.rate", ["text": .text(text)]),
                        example: "run 2")
                }
                rate = value
            }
            return .send(.run(rate: rate))
        case "pause", "stop":
            try atMost(0, args, name)
            return .send(.pause)
        case "set":
            guard args.count == 2 else {
                let needs =
                    context.parameterNames.isEmpty
                    ? TerminalWords.word("terminal.parse.set.needs")
                    : TerminalWords.word(
                        "terminal.parse.set.needsKnown",
                        ["parameters": .text(context.parameterNames.joined(separator: ", "))])
                throw CommandError(needs, example: "set environmentColour 20")
            }
            return .send(.setParameter(name: args[0], value: parameterValue(args[1])))
        case "toggle":
            guard args.count == 2, let x = Int(args[0]), let y = Int(args[1]) else {
                throw CommandError(TerminalWords.word("terminal.parse.toggle.needs"), example: "toggle 3 4")
            }
            return .send(.toggle(x: x, y: y))
        case "place":
            guard args.count == 3, let x = Int(args[1]), let y = Int(args[2]) else {
                throw CommandError(TerminalWords.word("terminal.parse.place.needs"), example: "place glider 10 10")
            }
            return .send(.place(pattern: args[0], x: x, y: y))
        case "hunt":
            try atMost(2, args, "hunt")
            var numbers: [Int] = []
            let limits: [(ClosedRange<Int>, Word)] = [
                (1...20, TerminalWords.word("terminal.parse.what.catches")),
                (3...120, TerminalWords.word("terminal.parse.what.seconds")),
            ]
            for (text, (range, what)) in zip(args, limits) {
                guard let n = Int(text), range.contains(n) else {
                    throw CommandError(
                        TerminalWords.word(
                            "terminal.parse.wholeNumber",
                            [
                                "command": "hunt", "what": .word(what), "low": .int(range.lowerBound),
                                "high": .int(range.upperBound),
                                "text": .text(TerminalText.sanitise(text, maxCharacters: 20)),
                            ]), example: "hunt 3 10")
                }
                numbers.append(n)
            }
            return .send(.startHunt(catches: numbers.first, seconds: numbers.count > 1 ? numbers[1] : nil))
        case "selection":
            guard args.count == 1, let mode = SelectionMode(rawValue: args[0].lowercased()) else {
                throw CommandError(TerminalWords.word("terminal.parse.selection.needs"), example: "selection class")
            }
            return .send(.setSelection(mode))
        case "ask":
            return .send(.ask(try QuestionSyntax.parse(args, context: context)))
        case "replicates", "what-if":
            return .send(try replicates(args, context: context))
        case "guide":
            try atMost(0, args, "guide")
            return .send(.guide)
        case "reasons":
            try atMost(1, args, "reasons")
            return .send(.reasons(question: try questionNumber(args.first, context: context, command: "reasons")))
        case "share":
            guard args.count >= 2 else {
                throw CommandError(TerminalWords.word("terminal.parse.share.needs"), example: "share 3 #2 #5")
            }
            let question = try questionNumber(args[0], context: context, command: "share")
            var students: [StudentID] = []
            var names = false
            for arg in args.dropFirst() {
                if arg.lowercased() == "names" {
                    names = true
                    continue
                }
                guard let id = Int(arg.hasPrefix("#") ? String(arg.dropFirst()) : arg), id > 0 else {
                    throw CommandError(
                        TerminalWords.word(
                            "terminal.parse.share.students",
                            ["text": .text(TerminalText.sanitise(arg, maxCharacters: 20))]), example: "share 3 #2 #5")
                }
                students.append(StudentID(id))
            }
            return .send(.showReasons(question: question, students: students, names: names))
        case "reveal":
            try atMost(1, args, "reveal")
            if let text = args.first {
                guard let id = Int(text.hasPrefix("Q") || text.hasPrefix("q") ? String(text.dropFirst()) : text), id > 0
                else {
                    throw CommandError(
                        TerminalWords.word("terminal.parse.questionNumber", ["command": "reveal"]), example: "reveal 3")
                }
                return .send(.showAnswers(question: QuestionID(id)))
            }
            guard let open = context.openQuestion else {
                throw CommandError(TerminalWords.word("terminal.parse.reveal.noneOpen"), example: "reveal 3")
            }
            return .send(.showAnswers(question: open))
        case "close":
            try atMost(0, args, "close")
            guard let open = context.openQuestion else {
                throw CommandError(
                    TerminalWords.word("terminal.parse.close.noneOpen"), example: "ask number population in 10")
            }
            return .send(.closeQuestion(question: open))
        case "hint":
            guard !args.isEmpty else {
                if let pending = context.pendingHint {
                    throw CommandError(
                        TerminalWords.word("terminal.parse.hint.pending", ["hint": .text(pending)]), example: "hint off"
                    )
                }
                throw CommandError(
                    TerminalWords.word("terminal.parse.hint.needs"),
                    example: TerminalWords.word("terminal.command.hint.example"))
            }
            if args == ["off"] || args == ["none"] { return .setHint(nil) }
            return .setHint(args.joined(separator: " "))
        case "rewind", "back":
            let count = try optionalInt(
                args, name: "rewind", range: 1...max(1, context.generation), default: 1,
                what: TerminalWords.word("terminal.parse.what.generations"))
            return .send(.rewind(count: count))
        case "checkpoint", "save":
            try atMost(0, args, name)
            return .send(.checkpoint)
        case "restore":
            try atMost(0, args, "restore")
            return .send(.restore)
        case "clone":
            var changes: [ParameterChange] = []
            for arg in args {
                let parts = arg.split(separator: "=", maxSplits: 1).map(String.init)
                guard parts.count == 2, !parts[0].isEmpty else {
                    throw CommandError(
                        TerminalWords.word("terminal.parse.clone.changes", ["text": .text(arg)]),
                        example: "clone environmentColour=80")
                }
                changes.append(ParameterChange(parts[0], parameterValue(parts[1])))
            }
            return .send(.clone(changes: changes))
        case "export":
            if args.first?.lowercased() == "report" {
                try atMost(2, args, "export report")
                return .exportReport(path: args.count > 1 ? args[1] : nil)
            }
            if args.first?.lowercased() == "results" {
                try atMost(2, args, "export results")
                return .exportResults(path: args.count > 1 ? args[1] : nil)
            }
            try atMost(1, args, "export")
            return .exportDefinition(path: args.first)
        case "kick", "remove":
            return .send(.kick(student: try student(args, context: context)))
        case "erase":
            // Erasing cannot be undone: the command names the student and ends with "yes".
            guard args.count >= 2, args.last?.lowercased() == "yes" else {
                let id = try student(args, context: context, verb: "erase")
                let name =
                    context.roster.first { $0.student == id }.map { "\($0.name) (#\(id.rawValue))" }
                    ?? "#\(id.rawValue)"
                throw CommandError(
                    TerminalWords.word("terminal.parse.erase.confirm", ["student": .text(name)]),
                    example: "erase #\(id.rawValue) yes")
            }
            return .send(.eraseStudent(student: try student(Array(args.dropLast()), context: context, verb: "erase")))
        case "extra":
            guard args.count >= 2, let percent = Int(args[args.count - 1].trimmingCharacters(in: ["+", "%"])) else {
                throw CommandError(TerminalWords.word("terminal.parse.extra.needs"), example: "extra Ben 50")
            }
            return .send(.extraTime(student: try student(Array(args.dropLast()), context: context), percent: percent))
        case "end":
            try atMost(0, args, "end")
            return .send(.end)
        case "code":
            return .showCode
        case "plan":
            return try plan(args)
        case "hunts":
            try atMost(0, args, "hunts")
            return .showHunts
        case "makeup", "make-up":
            return .send(try makeup(args))
        case "plans":
            try atMost(0, args, "plans")
            return .send(.describePlans(teacherKey: nil))
        case "next":
            try atMost(0, args, "next")
            return .send(.planNext)
        case "skip":
            try atMost(0, args, "skip")
            return .send(.planSkip)
        case "pace":
            guard args.count == 1, let pace = PlanPace(rawValue: args[0].lowercased()) else {
                throw CommandError(TerminalWords.word("terminal.parse.pace.takes"), example: "pace auto")
            }
            return .send(.planPace(pace))
        case "show":
            guard args.count == 1, let panel = TeacherPanel(rawValue: args[0].lowercased()) else {
                throw CommandError(TerminalWords.word("terminal.parse.show.takes"), example: "show stats")
            }
            return .show(panel)
        case "view":
            if args.isEmpty || args == ["live"] { return .view(nil) }
            guard args.count == 1, let generation = Int(args[0]), generation >= 0 else {
                throw CommandError(TerminalWords.word("terminal.parse.view.takes"), example: "view 12")
            }
            return .view(generation)
        case "look", "pan":
            if args.isEmpty || args == ["follow"] { return .look(nil) }
            guard args.count == 2, let x = Int(args[0]), let y = Int(args[1]) else {
                throw CommandError(TerminalWords.word("terminal.parse.look.takes"), example: "look 100 40")
            }
            return .look(LookAt(x: x, y: y))
        case "best":
            guard args.count == 1, let on = ["on": true, "off": false][args[0].lowercased()] else {
                throw CommandError(TerminalWords.word("terminal.parse.best.takes"), example: "best on")
            }
            return .best(on)
        case "models", "parameters":
            try atMost(0, args, "models")
            return .send(.describeModels(teacherKey: nil))
        case "help", "?":
            return .help(args.first)
        case "quit", "exit", "q":
            return .quit
        default:
            let typed = WordArgument.text(TerminalText.sanitise(name, maxCharacters: 20))
            throw CommandError(
                TeacherCommandSpec.suggestion(for: name).map {
                    TerminalWords.word("terminal.parse.unknownSuggest", ["text": typed, "suggestion": .text($0)])
                } ?? TerminalWords.word("terminal.parse.unknown", ["text": typed]))
        }
    }
}
