import PetriProtocol
import PetriSimulation
import PetriWords

/// The `ask` command's grammar: the words every kind shares here, each kind's own clauses and its question in its
/// file (``KindAsking``, in `Input/Kinds`).
///
/// ```
/// ask number METRIC in N [hunts] [tolerance T] [time S] [hint TEXT] [prompt TEXT] [final]
/// ask choice METRIC in N [option LABEL OP [VALUE [UPPER]]]… [time S] [hint TEXT] [prompt TEXT] [final]
/// ask probability METRIC [OP VALUE [UPPER]] in N [time S] [hint TEXT] [prompt TEXT] [final]
/// ask range METRIC in N [sure PERCENT] [tolerance T] [time S] [hint TEXT] [prompt TEXT] [final]
/// ```
/// OP is `<` `<=` `>` `>=` `=` `!=` (or `lt le gt ge eq ne`), `between`, `over` or `otherwise`;
/// VALUE is a number, or `asked`, `asked+5`, `asked-5` for the value when asked plus or minus.
/// `in N hunts` asks about N rounds of the class's hunting ahead rather than N generations (a lesson whose class
/// hunts). A choice question without options gets extinct/grow/shrink/same (extinct only where a run can end).
enum QuestionSyntax {
    static let kindExample = "ask number population in 10"

    /// The kinds' names as a list: `number, choice or probability` (the names are the command's own words).
    static var kindNames: WordArgument {
        let names = QuestionKind.askable.map { $0.words[0] }
        guard names.count > 1 else { return .text(names.joined()) }
        return .word(
            TerminalWords.word(
                "terminal.parse.ask.kinds",
                ["list": .text(names.dropLast().joined(separator: ", ")), "last": .text(names.last ?? "")]))
    }

    /// The kind a word names (its name or a short form), if any.
    static func asking(_ word: String) -> (any KindAsking.Type)? {
        QuestionKind.askable.first { $0.words.contains(word) }
    }

    /// Parses the words after `ask`.
    ///
    /// - Parameters:
    ///   - args: The words, quotes already removed.
    ///   - context: The lesson (its metrics, and the hint waiting for the next question).
    /// - Throws: ``CommandError`` saying what was wrong, with an example.
    static func parse(_ args: [String], context: CommandContext) throws(CommandError) -> QuestionSpec {
        guard let kindWord = args.first?.lowercased() else {
            throw CommandError(
                TerminalWords.word("terminal.parse.ask.kind", ["kinds": kindNames]), example: kindExample)
        }
        guard args.count >= 2 else {
            let needs =
                context.metrics.isEmpty
                ? TerminalWords.word("terminal.parse.ask.metric", ["kind": .text(kindWord)])
                : TerminalWords.word(
                    "terminal.parse.ask.metricKnown",
                    ["kind": .text(kindWord), "metrics": .text(context.metrics.joined(separator: ", "))])
            throw CommandError(needs, example: example(kindWord))
        }
        var rest = args.dropFirst()
        let metric = takeMetric(&rest)
        try checkMetric(metric, context: context, kind: kindWord)
        guard let kindType = asking(kindWord) else {
            throw CommandError(
                TerminalWords.word(
                    "terminal.parse.ask.kindNot",
                    ["kinds": kindNames, "text": .text(TerminalText.sanitise(kindWord, maxCharacters: 20))]),
                example: kindExample)
        }
        var kind = kindType.init()

        try kind.readBeforeHorizon(&rest)
        guard rest.first?.lowercased() == "in" else {
            throw CommandError(TerminalWords.word("terminal.parse.ask.in"), example: example(kindWord))
        }
        rest.removeFirst()
        guard let horizonText = rest.popFirst(), let horizon = Int(horizonText), (1...1000).contains(horizon) else {
            throw CommandError(TerminalWords.word("terminal.parse.ask.inNumber"), example: example(kindWord))
        }
        // `in N hunts`: N rounds of the class's hunting rather than N generations.
        var horizonIn = HorizonUnit.generations
        if let unit = rest.first?.lowercased(), ["hunt", "hunts", "round", "rounds"].contains(unit) {
            rest.removeFirst()
            horizonIn = .hunts
        } else if let unit = rest.first?.lowercased(), ["generation", "generations"].contains(unit) {
            rest.removeFirst()
        }

        var timeLimit: Int?
        var hint = context.pendingHint
        var prompt: String?
        var allowChange = true
        while let word = rest.popFirst() {
            switch word.lowercased() {
            case "time", "timelimit":
                guard let text = rest.popFirst(), let seconds = duration(text), (1...3600).contains(seconds) else {
                    throw CommandError(
                        TerminalWords.word("terminal.parse.ask.time"), example: "ask number population in 10 time 60")
                }
                timeLimit = seconds
            case "hint":
                guard let text = rest.popFirst(), !text.isEmpty else {
                    throw CommandError(
                        TerminalWords.word("terminal.parse.ask.hint"),
                        example: TerminalWords.word("terminal.command.ask.exampleHint"))
                }
                hint = text
            case "nohint":
                hint = nil
            case "prompt", "text":
                guard let text = rest.popFirst(), !text.isEmpty else {
                    throw CommandError(
                        TerminalWords.word("terminal.parse.ask.prompt"),
                        example: TerminalWords.word("terminal.command.ask.examplePrompt"))
                }
                prompt = text
            case "final", "nochange":
                allowChange = false
            case let lower:
                if try kind.readClause(lower, &rest) { continue }
                if let owner = QuestionKind.askable.first(where: { $0.clauses.contains(lower) }) {
                    throw CommandError(
                        TerminalWords.word(
                            "terminal.parse.ask.clauseOf", ["kind": .text(owner.words[0]), "clause": .text(lower)]),
                        example: owner.clauseExample)
                }
                throw CommandError(
                    TerminalWords.word(
                        "terminal.parse.ask.unknown", ["text": .text(TerminalText.sanitise(word, maxCharacters: 30))]),
                    example: TerminalWords.word("terminal.command.ask.examplePrompt"))
            }
        }
        return QuestionSpec(
            metric: metric, kind: kind.kind(context: context), horizon: horizon, timeLimit: timeLimit, hint: hint,
            allowChange: allowChange, prompt: prompt, horizonIn: horizonIn)
    }

    /// extinct (when the model can die out, as its presentation says) / grow / shrink / same.
    static func defaultOptions(_ presentation: ModelPresentation?) -> [ChoiceOption] {
        var options = [
            ChoiceOption("grow", when: .grows), ChoiceOption("shrink", when: .shrinks),
            ChoiceOption("same", when: .otherwise),
        ]
        if presentation?.extinct != nil { options.insert(ChoiceOption("extinct", when: .runOver), at: 0) }
        return options
    }

    /// Reads `OP [VALUE [UPPER]]`.
    ///
    /// - Parameter context: What the condition is for (`option "up"`, the event), named in a refusal.
    static func condition(_ rest: inout ArraySlice<String>, context: WordArgument) throws(CommandError) -> Condition {
        guard let opWord = rest.popFirst() else {
            throw CommandError(
                TerminalWords.word("terminal.parse.condition.needs", ["what": context]), example: "option up gt asked")
        }
        let ops: [String: Condition.Operator] = [
            "<": .lt, "lt": .lt, "below": .lt, "<=": .le, "le": .le, ">": .gt, "gt": .gt, "above": .gt, ">=": .ge,
            "ge": .ge, "=": .eq, "==": .eq, "eq": .eq, "!=": .ne, "ne": .ne, "between": .between, "over": .over,
            "extinct": .over, "otherwise": .otherwise, "else": .otherwise,
        ]
        guard let op = ops[opWord.lowercased()] else {
            throw CommandError(
                TerminalWords.word(
                    "terminal.parse.condition.notComparison",
                    ["what": context, "text": .text(TerminalText.sanitise(opWord, maxCharacters: 20))]),
                example: "ask probability population < 10 in 20")
        }
        switch op {
        case .over, .otherwise:
            return Condition(op)
        case .between:
            let (low, ref1) = try value(rest.popFirst(), context: context)
            let (high, _) = try value(rest.popFirst(), context: context)
            return Condition(.between, low, upper: high, ref: ref1)
        default:
            let (v, ref) = try value(rest.popFirst(), context: context)
            return Condition(op, ref == nil ? v : (v == 0 ? nil : v), ref: ref)
        }
    }

    /// A number, or `asked`, `asked+N`, `asked-N`.
    static func value(_ text: String?, context: WordArgument) throws(CommandError) -> (Double, Condition.Reference?) {
        guard let text else {
            throw CommandError(
                TerminalWords.word("terminal.parse.condition.value", ["what": context]),
                example: "ask probability population < 10 in 20")
        }
        let lower = text.lowercased()
        if lower.hasPrefix("asked") {
            let offset = lower.dropFirst(5)
            if offset.isEmpty { return (0, .asked) }
            if let n = Double(offset.hasPrefix("+") ? String(offset.dropFirst()) : String(offset)) {
                return (n, .asked)
            }
        } else if let n = Double(text), n.isFinite {
            return (n, nil)
        }
        throw CommandError(
            TerminalWords.word(
                "terminal.parse.condition.notValue",
                ["what": context, "text": .text(TerminalText.sanitise(text, maxCharacters: 20))]),
            example: "option up gt asked+5")
    }

    /// `60`, `90s`, `2m` as seconds.
    static func duration(_ text: String) -> Int? {
        let lower = text.lowercased()
        if lower.hasSuffix("m"), let minutes = Int(lower.dropLast()) { return minutes * 60 }
        if lower.hasSuffix("s"), let seconds = Int(lower.dropLast()) { return seconds }
        return Int(lower)
    }

    /// Takes the metric from the front of `rest`, without spaces.
    ///
    /// The tokenizer splits `cell(3, 4)` at the space, so the words up to the closing bracket
    /// are joined back up; a quoted `"cell(3, 4)"` loses its spaces too.
    static func takeMetric(_ rest: inout ArraySlice<String>) -> String {
        var metric = rest.popFirst() ?? ""
        if metric.contains("(") {
            while !metric.contains(")"), let next = rest.popFirst() { metric += next }
        }
        return metric.filter { !$0.isWhitespace }
    }

    /// Checks the metric against the model's, when they are known: its name, and for one with
    /// arguments, as many whole numbers as its form has (the server checks their values).
    private static func checkMetric(_ metric: String, context: CommandContext, kind: String) throws(CommandError) {
        guard !context.metrics.isEmpty else { return }
        let base = metric.prefix { $0 != "(" }
        let forms = context.metrics.filter { $0.prefix { $0 != "(" } == base }
        guard let form = forms.first else {
            throw CommandError(
                TerminalWords.word(
                    "terminal.parse.ask.noMetric",
                    [
                        "text": .text(TerminalText.sanitise(metric, maxCharacters: 30)),
                        "metrics": .text(context.metrics.joined(separator: ", ")),
                    ]), example: example(kind, metric: context.metrics.first))
        }
        let arguments = (try? MetricID(parsing: metric))?.arguments.count
        if forms.contains(where: { argumentCount(of: $0) == arguments }) { return }
        let written =
            argumentCount(of: form) == 0
            ? TerminalWords.word("terminal.parse.ask.noArguments", ["metric": .text(String(base))])
            : TerminalWords.word("terminal.parse.ask.written", ["metric": .text(String(base)), "form": .text(form)])
        throw CommandError(written, example: example(kind, metric: form))
    }

    /// How many arguments a form such as `region(x,y,w,h)` takes.
    private static func argumentCount(of form: String) -> Int {
        form.contains("(") ? form.filter { $0 == "," }.count + 1 : 0
    }

    /// An example of `kind`, about `metric` with its arguments' names replaced by numbers
    /// (`cell(x,y)` → `cell(3,4)`); a word that names no kind gets a number question's.
    static func example(_ kind: String, metric: String? = nil) -> String {
        var m = metric ?? "population"
        if let open = m.firstIndex(of: "(") {
            let numbers = ["3", "4", "5", "5"]
            let count = argumentCount(of: m)
            m = String(m[..<open]) + "(" + (0..<count).map { numbers[$0 % numbers.count] }.joined(separator: ",") + ")"
        }
        return (asking(kind.lowercased()) ?? NumberAsking.self).example(metric: m)
    }
}
