import PetriProtocol
import PetriWords

/// A probability question's answer: a typed percentage (digits, `.`), ↑/↓ moving by 5.
struct ProbabilityInput: KindInput {
    var event: Condition?

    func edit(_ key: Key, field: inout AnswerField) -> Bool {
        switch key {
        case .up, .down:
            let current = Double(field.text) ?? 50
            let next = min(100, max(0, (current / 5).rounded() * 5 + (key == .up ? 5 : -5)))
            field.text = NumberText.format(next)
            return true
        default:
            return editNumber(key, field: &field, negative: false)
        }
    }

    func prediction(from field: AnswerField) -> Result<Prediction, AnswerProblem> {
        guard let percent = Double(field.text), percent.isFinite, (0...100).contains(percent) else {
            return .failure(AnswerProblem(TerminalWords.word("terminal.answer.typeChance")))
        }
        return .success(.probability(percent / 100))
    }

    /// A probability 0…1, or a percentage like `70%`.
    func prediction(typed text: String, question id: QuestionID) -> Result<Prediction, AnswerProblem> {
        let percent = text.hasSuffix("%")
        guard let x = Double(percent ? String(text.dropLast()) : text) else {
            return .failure(
                AnswerProblem(
                    TerminalWords.word("terminal.answer.wantsProbability", ["number": .int(Int(id.rawValue))])))
        }
        let p = percent ? x / 100 : x
        guard (0...1).contains(p) else {
            return .failure(AnswerProblem(TerminalWords.word("terminal.answer.probabilityRange")))
        }
        return .success(.probability(p))
    }

    func draw(
        _ field: AnswerField, question q: QuestionInfo, lesson: LessonState, into canvas: inout Canvas, inner: Rect,
        y: Int, theme: Theme
    ) {
        drawTyped(
            field, label: theme.text("terminal.input.probability.label") + " ", unit: " %  ↑/↓ ±5", into: &canvas,
            inner: inner, y: y, theme: theme)
    }

    func prompt(_ q: QuestionInfo, theme: Theme) -> String {
        if let event {
            return theme.text(
                "terminal.input.probability.promptEvent",
                [
                    "metric": .text(q.metric), "event": .text(QuestionPanel.describe(event, theme: theme)),
                    "target": .int(q.target),
                ])
        }
        return theme.text("terminal.input.probability.prompt", ["metric": .text(q.metric), "target": .int(q.target)])
    }

    func outcome(_ q: QuestionInfo, _ r: Resolution, theme: Theme) -> String {
        let arguments: [String: WordArgument] = [
            "metric": .text(q.metric), "value": .text(Format.number(r.actual, decimals: 2)),
        ]
        return r.eventHappened == true
            ? theme.text("terminal.input.probability.happened", arguments)
            : theme.text("terminal.input.probability.didNotHappen", arguments)
    }

    /// Ten bars of 10%, the end the event went to (100% if it happened, 0% if not) marked.
    func drawSpread(
        _ resolution: Resolution, question: QuestionInfo, into canvas: inout Canvas, rect: Rect, theme: Theme
    ) {
        let target: Double = resolution.eventHappened == true ? 1 : 0
        SpreadView.drawBins(resolution.spread, target: target, into: &canvas, rect: rect, theme: theme)
    }

    func mean(_ x: Double) -> String { Format.percent(x) }

    func shown(_ p: Prediction, theme: Theme) -> String {
        guard case .probability(let x) = p else { return p.description }
        return Format.percent(x)
    }
}

/// `ask probability METRIC [OP VALUE [UPPER]] in N`: the event comes before `in` (none: the server's default).
struct ProbabilityAsking: KindAsking {
    var event: Condition?

    static let words = ["probability", "p", "prob", "chance"]

    static func example(metric: String) -> String {
        metric.contains("(") ? "ask probability \(metric) > 0 in 5" : "ask probability \(metric) < 10 in 20"
    }

    mutating func readBeforeHorizon(_ rest: inout ArraySlice<String>) throws(CommandError) {
        guard let first = rest.first, first.lowercased() != "in" else { return }
        event = try QuestionSyntax.condition(&rest, context: .word(TerminalWords.word("terminal.parse.ask.theEvent")))
    }

    func kind(context: CommandContext) -> QuestionKind { .probability(event: event) }
}
