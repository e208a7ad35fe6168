import PetriProtocol
import PetriSimulation

/// Tab completion for the console: commands, then what each command takes.
enum CommandCompletion {
    /// The words that could complete the last word of `line` (everything before the cursor).
    static func candidates(for line: String, context: CommandContext) -> [String] {
        let endsInSpace = line.last == " "
        var words = line.split(separator: " ", omittingEmptySubsequences: true).map(String.init)
        let partial = endsInSpace ? "" : (words.popLast() ?? "")
        let options: [String]
        if words.isEmpty {
            options = TeacherCommandSpec.all.map(\.name)
        } else {
            options = arguments(
                command: words[0].lowercased(), position: words.count, previous: words, context: context)
        }
        return options.filter { $0.lowercased().hasPrefix(partial.lowercased()) }
    }

    /// The longest text all candidates start with.
    static func commonPrefix(_ words: [String]) -> String {
        guard var prefix = words.first else { return "" }
        for word in words.dropFirst() {
            while !word.lowercased().hasPrefix(prefix.lowercased()) { prefix.removeLast() }
        }
        return prefix
    }

    private static func arguments(command: String, position: Int, previous: [String], context: CommandContext)
        -> [String]
    {
        let metrics = context.metrics.map { $0.contains("(") ? String($0.prefix { $0 != "(" }) + "(" : $0 }
        switch command {
        case "set" where position == 1: return context.parameterNames
        case "set" where position == 2: return context.suggestions[previous[1]] ?? []
        // A pattern to stamp: the suggestions of the model's `pattern` parameter, the name `place` sends.
        case "place" where position == 1: return context.suggestions["pattern"] ?? []
        case "clone": return context.parameterNames.map { $0 + "=" }
        case "ask":
            if position == 1 { return QuestionKind.askable.map { $0.words[0] } }
            if position == 2 { return metrics }
            // After a kind's clause word comes its value (a tolerance, an option's label): nothing to complete.
            let kinds = QuestionKind.askable.filter { $0.words.contains(previous[1].lowercased()) }
            if let last = previous.last?.lowercased(),
                QuestionKind.askable.contains(where: { $0.clauses.contains(last) })
            {
                return []
            }
            return ["in"] + (kinds.isEmpty ? QuestionKind.askable : kinds).compactMap { $0.clauses.first }
                + ["time", "hint", "prompt", "final"]
        case "kick" where position == 1, "extra" where position == 1, "erase" where position == 1:
            return context.roster.map(\.name)
        case "show" where position == 1: return TeacherPanel.allCases.map(\.rawValue)
        case "export" where position == 1: return ["results"]
        case "best" where position == 1: return ["on", "off"]
        case "help" where position == 1: return TeacherCommandSpec.all.map(\.name)
        default: return []
        }
    }
}
