import PetriProtocol
import PetriSimulation
import PetriWords

/// The arguments the teacher's commands share: a question by number, replicates' options, a parameter's value, a
/// student by name or number, an optional count, and the refusal of too many arguments.
extension TeacherCommandParser {
    /// A question named as `3` or `Q3`, or the open question when none is named.
    static func questionNumber(
        _ text: String?, context: CommandContext, command: String
    ) throws(CommandError) -> QuestionID {
        guard let text else {
            guard let open = context.openQuestion else {
                throw CommandError(TerminalWords.word("terminal.parse.noneOpen"), example: "\(command) 3")
            }
            return open
        }
        guard let id = Int(text.hasPrefix("Q") || text.hasPrefix("q") ? String(text.dropFirst()) : text), id > 0 else {
            throw CommandError(
                TerminalWords.word("terminal.parse.questionNumber", ["command": .text(command)]),
                example: "\(command) 3")
        }
        return QuestionID(id)
    }

    /// `replicates K H METRIC`: K runs (1-200) of the present H generations ahead (1-200), recording METRIC.
    static func replicates(_ args: [String], context: CommandContext) throws(CommandError) -> ClientMessage {
        let example = "replicates 100 50 \(context.metrics.first ?? "population")"
        guard args.count == 3 else {
            throw CommandError(TerminalWords.word("terminal.parse.replicates.needs"), example: example)
        }
        guard let count = Int(args[0]), (1...200).contains(count) else {
            throw CommandError(TerminalWords.word("terminal.parse.replicates.runs"), example: example)
        }
        guard let horizon = Int(args[1]), (1...200).contains(horizon) else {
            throw CommandError(TerminalWords.word("terminal.parse.replicates.ahead"), example: example)
        }
        let base = args[2].split(separator: "(").first.map(String.init) ?? args[2]
        let known = context.metrics.map { $0.split(separator: "(").first.map(String.init) ?? $0 }
        guard known.isEmpty || known.contains(base) else {
            throw CommandError(
                TerminalWords.word(
                    "terminal.parse.replicates.metric",
                    [
                        "text": .text(TerminalText.sanitise(args[2], maxCharacters: 30)),
                        "metrics": .text(context.metrics.joined(separator: ", ")),
                    ]), example: example)
        }
        return .replicates(count: count, horizon: horizon, metric: args[2])
    }

    /// `true`/`false` as a flag, a number as a number, anything else as text.
    static func parameterValue(_ text: String) -> ParameterValue {
        switch text.lowercased() {
        case "true", "yes", "on": return .flag(true)
        case "false", "no", "off": return .flag(false)
        default: return Double(text).map(ParameterValue.number) ?? .text(text)
        }
    }

    static func student(
        _ args: [String], context: CommandContext, verb: String = "kick"
    ) throws(CommandError) -> StudentID {
        guard !args.isEmpty else {
            throw CommandError(
                TerminalWords.word("terminal.parse.student.needs", ["command": .text(verb)]),
                example: TerminalWords.word("terminal.parse.student.example", ["command": .text(verb)]))
        }
        let wanted = args.joined(separator: " ")
        if let id = Int(wanted.hasPrefix("#") ? String(wanted.dropFirst()) : wanted) {
            guard context.roster.contains(where: { $0.student.rawValue == id }) || context.roster.isEmpty else {
                throw CommandError(
                    TerminalWords.word("terminal.parse.student.noNumber", ["number": .int(id)]),
                    example: "\(verb) #\(context.roster.first?.student.rawValue ?? 1)")
            }
            return StudentID(id)
        }
        let matches = context.roster.filter { $0.name.lowercased() == wanted.lowercased() }
        if matches.count == 1, let only = matches.first { return only.student }
        let starting = context.roster.filter { $0.name.lowercased().hasPrefix(wanted.lowercased()) }
        if matches.isEmpty, starting.count == 1, let only = starting.first { return only.student }
        let candidates = (matches.isEmpty ? starting : matches).map { "\($0.name) (#\($0.student.rawValue))" }
        if candidates.isEmpty {
            throw CommandError(
                TerminalWords.word(
                    "terminal.parse.student.noName", ["text": .text(TerminalText.sanitise(wanted, maxCharacters: 30))]),
                example: "\(verb) #3")
        }
        throw CommandError(
            TerminalWords.word(
                "terminal.parse.student.several", ["students": .text(candidates.joined(separator: ", "))]),
            example: "\(verb) #3")
    }

    static func optionalInt(
        _ args: [String], name: String, range: ClosedRange<Int>, default value: Int, what: Word
    ) throws(CommandError) -> Int {
        try atMost(1, args, name)
        guard let text = args.first else { return value }
        guard let n = Int(text), range.contains(n) else {
            throw CommandError(
                TerminalWords.word(
                    "terminal.parse.wholeNumber",
                    [
                        "command": .text(name), "what": .word(what), "low": .int(range.lowerBound),
                        "high": .int(range.upperBound), "text": .text(TerminalText.sanitise(text, maxCharacters: 20)),
                    ]), example: "\(name) \(min(range.upperBound, 5))")
        }
        return n
    }

    static func atMost(_ n: Int, _ args: [String], _ name: String) throws(CommandError) {
        guard args.count > n else { return }
        let spec = TeacherCommandSpec.named(name.split(separator: " ").first.map(String.init) ?? name)
        let arguments: [String: WordArgument] = [
            "command": .text(name), "count": .int(n), "text": .text(TerminalText.sanitise(args[n], maxCharacters: 20)),
        ]
        throw CommandError(
            sentence: .word(
                n == 0
                    ? TerminalWords.word("terminal.parse.tooManyNone", arguments)
                    : TerminalWords.word("terminal.parse.tooMany", arguments)),
            example: spec?.examples.last ?? .text(name))
    }
}
