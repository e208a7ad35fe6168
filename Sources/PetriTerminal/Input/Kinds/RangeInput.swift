import PetriProtocol
import PetriWords

/// A range question's answer: two typed bounds, `lower,upper` (digits, `.`, `-`, and `,` between them;
/// `40..60` typed in `--json` mode works too).
struct RangeInput: KindInput {
    var confidence: Int?

    func edit(_ key: Key, field: inout AnswerField) -> Bool {
        switch key {
        case .character(let c) where c.isASCII && (c.isNumber || c == "." || c == "-" || c == ","):
            if field.text.count < AnswerField.maxRangeLength, !(c == "," && field.text.contains(",")) {
                field.text.append(c)
            }
            return true
        case .backspace:
            if !field.text.isEmpty { field.text.removeLast() }
            return true
        default:
            return false
        }
    }

    func prediction(from field: AnswerField) -> Result<Prediction, AnswerProblem> {
        guard let (lower, upper) = Self.bounds(field.text) else {
            return .failure(AnswerProblem(TerminalWords.word("terminal.answer.typeRange")))
        }
        return .success(.range(lower: lower, upper: upper))
    }

    func prediction(typed text: String, question id: QuestionID) -> Result<Prediction, AnswerProblem> {
        guard let (lower, upper) = Self.bounds(text) else {
            return .failure(
                AnswerProblem(TerminalWords.word("terminal.answer.wantsRange", ["number": .int(Int(id.rawValue))])))
        }
        return .success(.range(lower: lower, upper: upper))
    }

    /// `40,60` or `40..60`, each bound a finite number, lower first.
    static func bounds(_ text: String) -> (Double, Double)? {
        let parts = text.contains("..") ? text.components(separatedBy: "..") : text.components(separatedBy: ",")
        guard parts.count == 2, let lower = Double(parts[0]), let upper = Double(parts[1]), lower.isFinite,
            upper.isFinite, lower <= upper
        else { return nil }
        return (lower, upper)
    }

    func draw(
        _ field: AnswerField, question q: QuestionInfo, lesson: LessonState, into canvas: inout Canvas, inner: Rect,
        y: Int, theme: Theme
    ) {
        drawTyped(
            field, label: theme.text("terminal.input.range.label") + " ", unit: q.unit.isEmpty ? "" : " \(q.unit)",
            into: &canvas,
            inner: inner, y: y, theme: theme, width: AnswerField.maxRangeLength)
    }

    func instruction(_ q: QuestionInfo, theme: Theme) -> String? {
        theme.text("terminal.input.range.instruction", ["sure": .int(sure)])
    }

    func prompt(_ q: QuestionInfo, theme: Theme) -> String {
        theme.text(
            "terminal.input.range.prompt", ["metric": .text(q.metric), "target": .int(q.target), "sure": .int(sure)])
    }

    func outcome(_ q: QuestionInfo, _ r: Resolution, theme: Theme) -> String {
        let value = Format.number(r.actual, decimals: 2) + (q.unit.isEmpty ? "" : " " + q.unit)
        return theme.text("terminal.input.actual", ["value": .text(value)])
    }

    /// One row per range (as many as fit), on one axis, the actual value marked on every row.
    func drawSpread(
        _ resolution: Resolution, question: QuestionInfo, into canvas: inout Canvas, rect: Rect, theme: Theme
    ) {
        let intervals = resolution.spread.intervals ?? []
        guard !intervals.isEmpty else {
            canvas.put(theme.text("terminal.chart.noAnswers"), x: rect.x, y: rect.y, style: theme.dim)
            return
        }
        let actual = resolution.actual
        let low = min(intervals.map(\.lower).min() ?? actual, actual)
        let high = max(intervals.map(\.upper).max() ?? actual, actual)
        let (top, bottom) = rect.splitBottom(1)
        let width = max(1, top.width - 1)
        func column(_ x: Double) -> Int {
            guard high > low else { return width / 2 }
            let t = (x - low) / (high - low)
            return top.x + Int((t * Double(width)).rounded()).clamped(0, width)
        }
        let rows = min(top.height, intervals.count)
        for row in 0..<rows {
            let interval = intervals[rows == 1 ? 0 : row * (intervals.count - 1) / (rows - 1)]
            let held = interval.lower <= actual && actual <= interval.upper
            let y = top.y + row
            // Held ranges are heavy (and green in colour), missed ones light, so both read without colour.
            let style = CellStyle(foreground: theme.hasColor ? (held ? .green : .blue) : nil)
            for x in column(interval.lower)...column(interval.upper) { canvas.set(x, y, held ? "━" : "─", style) }
            canvas.set(column(actual), y, "│", theme.accent)
        }
        let held = resolution.spread.held ?? 0
        let axis =
            "\(Format.compact(low)) … \(Format.compact(high))  "
            + theme.text("terminal.input.range.held", ["held": .int(held), "count": .int(resolution.spread.answers)])
        canvas.put(axis, x: bottom.x, y: bottom.y, style: theme.dim, maxWidth: rect.width)
    }

    func shown(_ p: Prediction, theme: Theme) -> String {
        guard case .range(let lower, let upper) = p else { return p.description }
        return "\(Format.number(lower, decimals: 2))–\(Format.number(upper, decimals: 2))"
    }

    private var sure: Int { confidence ?? 80 }
}

extension Int {
    fileprivate func clamped(_ low: Int, _ high: Int) -> Int { Swift.min(high, Swift.max(low, self)) }
}

/// The teacher's `ask range METRIC in N [sure P] [tolerance T]`: how sure the range should be and how far off
/// scores nothing.
struct RangeAsking: KindAsking {
    var confidence: Int?
    var tolerance: Double?

    static let words = ["range", "r"]
    static let clauses = ["sure", "confidence", "tolerance", "tol"]
    static let clauseExample = "ask range population in 10 sure 80"

    static func example(metric: String) -> String { "ask range \(metric) in 10 sure 80" }

    mutating func readClause(_ word: String, _ rest: inout ArraySlice<String>) throws(CommandError) -> Bool {
        switch word {
        case "sure", "confidence":
            guard let text = rest.popFirst(), let percent = Int(text.trimmingCharacters(in: ["%"])),
                (50...99).contains(percent)
            else {
                throw CommandError(TerminalWords.word("terminal.parse.sure.needs"), example: Self.clauseExample)
            }
            confidence = percent
            return true
        case "tolerance", "tol":
            guard let text = rest.popFirst(), let value = Double(text), value > 0 else {
                throw CommandError(
                    TerminalWords.word("terminal.parse.tolerance.needs"),
                    example: "ask range population in 10 sure 80 tolerance 20")
            }
            tolerance = value
            return true
        default:
            return false
        }
    }

    func kind(context: CommandContext) -> QuestionKind { .range(confidence: confidence, tolerance: tolerance) }
}
