import PetriProtocol
import PetriWords

/// A choice question's answer: 1…n (or ↑/↓) picks an option; typed, a label or its number.
struct ChoiceInput: KindInput {
    var options: [ChoiceOption]

    func edit(_ key: Key, field: inout AnswerField) -> Bool {
        switch key {
        case .character(let c):
            guard let n = c.wholeNumberValue, n >= 1, n <= options.count else { return false }
            field.choice = n - 1
            return true
        case .up:
            field.choice = max(0, (field.choice ?? options.count) - 1)
            return true
        case .down:
            field.choice = min(options.count - 1, (field.choice ?? -1) + 1)
            return true
        default:
            return false
        }
    }

    func prediction(from field: AnswerField) -> Result<Prediction, AnswerProblem> {
        guard let choice = field.choice, options.indices.contains(choice) else {
            return .failure(
                AnswerProblem(TerminalWords.word("terminal.answer.pressOption", ["count": .int(options.count)])))
        }
        return .success(.choice(choice))
    }

    func isWholeAnswer(_ text: String) -> Bool { options.contains { $0.label.lowercased() == text.lowercased() } }

    func prediction(typed text: String, question id: QuestionID) -> Result<Prediction, AnswerProblem> {
        if let index = options.firstIndex(where: { $0.label.lowercased() == text.lowercased() }) {
            return .success(.choice(index))
        }
        guard let n = Int(text), (1...options.count).contains(n) else {
            let labels = options.map(\.label).joined(separator: ", ")
            return .failure(
                AnswerProblem(
                    TerminalWords.word(
                        "terminal.answer.wantsOption",
                        ["number": .int(Int(id.rawValue)), "options": .text(labels), "count": .int(options.count)])))
        }
        return .success(.choice(n - 1))
    }

    func draw(
        _ field: AnswerField, question q: QuestionInfo, lesson: LessonState, into canvas: inout Canvas, inner: Rect,
        y: Int, theme: Theme
    ) {
        var x = inner.x
        for (i, option) in options.enumerated() {
            let chosen = field.choice == i
            let accepted: Bool = if case .choice(i) = lesson.answers[q.id]?.prediction { true } else { false }
            let text = "\(i + 1) \(option.label)" + (accepted ? " ✓" : "")
            let style: CellStyle = chosen ? theme.input : accepted ? theme.success : .plain
            let used = canvas.put(
                (chosen ? "[" : " ") + text + (chosen ? "]" : " "), x: x, y: y, style: style,
                maxWidth: inner.maxX - x)
            x += used + 1
        }
    }

    /// Choices are sent at a key press when answers may change, else picked then sent.
    func instruction(_ q: QuestionInfo, theme: Theme) -> String? {
        q.allowChange
            ? theme.text("terminal.input.choice.changeable", ["count": .int(options.count)])
            : theme.text("terminal.input.choice.final", ["count": .int(options.count)])
    }

    func answerText(_ field: AnswerField) -> String {
        guard let choice = field.choice, options.indices.contains(choice) else { return field.text }
        return options[choice].label
    }

    func prompt(_ q: QuestionInfo, theme: Theme) -> String {
        theme.text("terminal.input.choice.prompt", ["metric": .text(q.metric), "target": .int(q.target)])
    }

    func outcome(_ q: QuestionInfo, _ r: Resolution, theme: Theme) -> String {
        let value = WordArgument.text(Format.number(r.actual, decimals: 2))
        if let right = r.correctOption, options.indices.contains(right) {
            return theme.text(
                "terminal.input.choice.answer",
                ["option": .text(options[right].label), "metric": .text(q.metric), "value": value])
        }
        return theme.text("terminal.input.choice.none", ["metric": .text(q.metric), "value": value])
    }

    /// A bar per option with its count, the option that came true marked.
    func drawSpread(
        _ resolution: Resolution, question: QuestionInfo, into canvas: inout Canvas, rect: Rect, theme: Theme
    ) {
        let spread = resolution.spread
        let counts = spread.counts ?? []
        let peak = max(1, counts.max() ?? 1)
        for (i, option) in options.enumerated() where i < rect.height {
            let count = i < counts.count ? counts[i] : 0
            let right = resolution.correctOption == i
            let labelWidth = min(12, rect.width / 3)
            let barRoom = max(1, rect.width - labelWidth - 8)
            let length = count <= 0 ? 0 : max(1, Int(Double(count) / Double(peak) * Double(barRoom)))
            let bar = String(repeating: "█", count: min(barRoom, length))
            let style = right ? theme.success : CellStyle.plain
            canvas.put(
                TerminalText.padded(option.label, toWidth: labelWidth), x: rect.x, y: rect.y + i, style: style)
            canvas.put(
                bar + " \(count)" + (right ? " ✓" : ""), x: rect.x + labelWidth + 1, y: rect.y + i, style: style,
                maxWidth: rect.width - labelWidth - 1)
        }
    }

    func shown(_ p: Prediction, theme: Theme) -> String {
        guard case .choice(let i) = p else { return p.description }
        return options.indices.contains(i)
            ? options[i].label : theme.text("terminal.input.choice.unnamed", ["number": .int(i + 1)])
    }
}

/// `ask choice METRIC in N [option LABEL OP [VALUE [UPPER]]]…`: without options, the model's defaults.
struct ChoiceAsking: KindAsking {
    var options: [ChoiceOption] = []

    static let words = ["choice", "c"]
    static let clauses = ["option"]
    static let clauseExample = "ask choice population in 5 option up gt asked option down otherwise"

    static func example(metric: String) -> String { "ask choice \(metric) in 5" }

    mutating func readClause(_ word: String, _ rest: inout ArraySlice<String>) throws(CommandError) -> Bool {
        guard word == "option" else { return false }
        guard let label = rest.popFirst(), !label.isEmpty else {
            throw CommandError(TerminalWords.word("terminal.parse.option.needs"), example: "option up gt asked")
        }
        options.append(
            ChoiceOption(label, when: try QuestionSyntax.condition(&rest, context: .text("option \"\(label)\""))))
        return true
    }

    func kind(context: CommandContext) -> QuestionKind {
        .choice(options: options.isEmpty ? QuestionSyntax.defaultOptions(context.presentation) : options)
    }
}
