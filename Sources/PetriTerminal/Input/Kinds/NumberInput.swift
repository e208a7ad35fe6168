import PetriProtocol
import PetriWords

/// A number question's answer: a typed number (digits, `.`, `-`).
struct NumberInput: KindInput {
    func edit(_ key: Key, field: inout AnswerField) -> Bool { editNumber(key, field: &field, negative: true) }

    func prediction(from field: AnswerField) -> Result<Prediction, AnswerProblem> {
        guard let x = Double(field.text), x.isFinite else {
            return .failure(AnswerProblem(TerminalWords.word("terminal.answer.typeNumber")))
        }
        return .success(.number(x))
    }

    func prediction(typed text: String, question id: QuestionID) -> Result<Prediction, AnswerProblem> {
        guard let x = Double(text), x.isFinite else {
            return .failure(
                AnswerProblem(TerminalWords.word("terminal.answer.wantsNumber", ["number": .int(Int(id.rawValue))])))
        }
        return .success(.number(x))
    }

    func draw(
        _ field: AnswerField, question q: QuestionInfo, lesson: LessonState, into canvas: inout Canvas, inner: Rect,
        y: Int, theme: Theme
    ) {
        drawTyped(
            field, label: theme.text("terminal.input.number.label") + " ", unit: q.unit.isEmpty ? "" : " \(q.unit)",
            into: &canvas, inner: inner,
            y: y, theme: theme)
    }

    func prompt(_ q: QuestionInfo, theme: Theme) -> String {
        theme.text("terminal.input.number.prompt", ["metric": .text(q.metric), "target": .int(q.target)])
    }

    func outcome(_ q: QuestionInfo, _ r: Resolution, theme: Theme) -> String {
        let value = Format.number(r.actual, decimals: 2) + (q.unit.isEmpty ? "" : " " + q.unit)
        return theme.text("terminal.input.actual", ["value": .text(value)])
    }

    /// Ten bars, the one holding the actual value marked.
    func drawSpread(
        _ resolution: Resolution, question: QuestionInfo, into canvas: inout Canvas, rect: Rect, theme: Theme
    ) {
        SpreadView.drawBins(resolution.spread, target: resolution.actual, into: &canvas, rect: rect, theme: theme)
    }

    func shown(_ p: Prediction, theme: Theme) -> String {
        guard case .number(let x) = p else { return p.description }
        return Format.number(x, decimals: 2)
    }
}

/// `ask number METRIC in N [tolerance T]`: how far off scores nothing is the number's own clause.
struct NumberAsking: KindAsking {
    var tolerance: Double?

    static let words = ["number", "n", "num"]
    static let clauses = ["tolerance", "tol"]
    static let clauseExample = "ask number population in 10 tolerance 20"

    static func example(metric: String) -> String { "ask number \(metric) in 10" }

    mutating func readClause(_ word: String, _ rest: inout ArraySlice<String>) throws(CommandError) -> Bool {
        guard Self.clauses.contains(word) else { return false }
        guard let text = rest.popFirst(), let value = Double(text), value > 0 else {
            throw CommandError(TerminalWords.word("terminal.parse.tolerance.needs"), example: Self.clauseExample)
        }
        tolerance = value
        return true
    }

    func kind(context: CommandContext) -> QuestionKind { .number(tolerance: tolerance) }
}
