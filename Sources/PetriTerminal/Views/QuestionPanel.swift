import PetriProtocol

/// The box at the bottom: the open question and its input, the locked state, or the result.
public enum QuestionPanel {
    /// Draws the panel for the student's focus question (or the lesson's end) in `rect`.
    public static func drawStudent(
        into canvas: inout Canvas, rect: Rect, lesson: LessonState, ui: StudentUI, now: Timestamp, theme: Theme
    ) {
        guard rect.height >= 4, rect.width >= 20 else { return }
        let inner = rect.inset(dx: 2, dy: 1)
        if lesson.ended {
            drawEnded(into: &canvas, rect: rect, inner: inner, lesson: lesson, theme: theme)
            return
        }
        guard let question = lesson.focusQuestion else {
            canvas.box(rect, title: "Questions", style: theme.frame)
            canvas.put(
                "No question yet. Watch how the simulation changes: the teacher will ask you to predict.", x: inner.x,
                y: inner.y, maxWidth: inner.width)
            if let you = lesson.you {
                canvas.put("You are \(you.name).", x: inner.x, y: inner.y + 1, style: theme.dim, maxWidth: inner.width)
            }
            if inner.height >= 3 {
                let top = LeaderboardView.inline(lesson.leaderboard.top, width: inner.width - 5)
                if !top.isEmpty { canvas.put("Top: " + top, x: inner.x, y: inner.maxY - 1, style: theme.dim) }
            }
            return
        }
        switch question.state {
        case .open:
            drawOpen(
                into: &canvas, rect: rect, inner: inner, question: question, lesson: lesson, ui: ui, now: now,
                theme: theme)
        case .locked:
            drawLocked(into: &canvas, rect: rect, inner: inner, question: question, lesson: lesson, theme: theme)
        case .resolved:
            drawResolved(into: &canvas, rect: rect, inner: inner, question: question, lesson: lesson, theme: theme)
        case .cancelled:
            canvas.box(rect, title: "Question \(question.id.rawValue) · withdrawn", style: theme.frame)
            canvas.put(prompt(question), x: inner.x, y: inner.y, maxWidth: inner.width)
            canvas.put(
                lesson.cancelReasons[question.id] ?? "The teacher withdrew it; it is not scored.", x: inner.x,
                y: inner.y + 1, style: theme.dim, maxWidth: inner.width)
        }
    }

    /// The prompt, or a sentence built from the metric when the teacher wrote none.
    public static func prompt(_ q: QuestionInfo) -> String {
        if let prompt = q.prompt, !prompt.isEmpty { return prompt }
        switch q.kind {
        case .number: return "What will \(q.metric) be at generation \(q.target)?"
        case .choice: return "What will happen to \(q.metric) by generation \(q.target)?"
        case .probability(let event):
            if let event { return "How likely is \(q.metric) \(describe(event)) at generation \(q.target)?" }
            return "How likely is \"\(q.metric)\" by generation \(q.target)?"
        }
    }

    /// `< 10`, `between 40 and 60`, `> asked value`.
    static func describe(_ c: Condition) -> String {
        let base = c.ref == .asked ? "the value when asked" : ""
        func amount(_ v: Double?) -> String {
            guard c.ref == .asked else { return Format.number(v ?? 0, decimals: 2) }
            guard let v, v != 0 else { return base }
            return base + (v > 0 ? " + " : " − ") + Format.number(abs(v), decimals: 2)
        }
        switch c.op {
        case .lt: return "below \(amount(c.value))"
        case .le: return "at most \(amount(c.value))"
        case .gt: return "above \(amount(c.value))"
        case .ge: return "at least \(amount(c.value))"
        case .eq: return "exactly \(amount(c.value))"
        case .ne: return "not \(amount(c.value))"
        case .between: return "between \(amount(c.value)) and \(amount(c.upper))"
        case .over: return "over (the run has ended)"
        case .otherwise: return "anything else"
        }
    }

    /// "number", "choice", "probability" with a time-left suffix.
    static func title(_ q: QuestionInfo, lesson: LessonState, now: Timestamp) -> String {
        var title = "Question \(q.id.rawValue) · \(q.kind.name)"
        if let left = lesson.millisecondsLeft(q, now: now) { title += " · \(Format.clock(milliseconds: left)) left" }
        return title
    }

    /// One line about the metric: what it is, its value when asked, the target generation.
    static func metricLine(_ q: QuestionInfo, lesson: LessonState) -> String {
        let unit = q.unit.isEmpty ? "" : " \(q.unit)"
        let togo = Format.remaining(q.target, after: lesson.position.generation)
        return
            "Resolves at gen \(q.target) (\(togo) to go) · was \(Format.number(q.askedValue, decimals: 2))\(unit) at gen"
            + " \(q.askedAt) · \(q.metric): \(q.metricDescription)"
    }

    private static func drawOpen(
        into canvas: inout Canvas, rect: Rect, inner: Rect, question q: QuestionInfo, lesson: LessonState,
        ui: StudentUI, now: Timestamp, theme: Theme
    ) {
        canvas.box(rect, title: title(q, lesson: lesson, now: now), style: theme.accent, titleStyle: theme.accent)
        var y = inner.y
        canvas.put(TerminalText.clipped(prompt(q), toWidth: inner.width), x: inner.x, y: y, style: theme.title)
        y += 1
        if inner.height >= 4 {
            canvas.put(
                TerminalText.clipped(metricLine(q, lesson: lesson), toWidth: inner.width), x: inner.x, y: y,
                style: theme.dim)
            y += 1
        }
        let field = ui.answer.question == q.id ? ui.answer : AnswerField()
        switch q.kind {
        case .choice(let options):
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
            y += 1
            canvas.put(
                "Press 1–\(options.count) to choose, Enter to send.", x: inner.x, y: y, style: theme.dim,
                maxWidth: inner.width)
        case .number, .probability:
            let isProbability = if case .probability = q.kind { true } else { false }
            let label = isProbability ? "Chance it happens: " : "Your prediction: "
            var x = inner.x + canvas.put(label, x: inner.x, y: y, maxWidth: inner.width)
            let shown = TerminalText.padded(field.text + "▏", toWidth: AnswerField.maxLength + 1)
            x += canvas.put(" " + shown + " ", x: x, y: y, style: theme.input, maxWidth: inner.maxX - x)
            let unit = isProbability ? " %  ↑/↓ ±5" : (q.unit.isEmpty ? "" : " \(q.unit)")
            x += canvas.put(unit, x: x, y: y, maxWidth: inner.maxX - x)
            canvas.put("  Enter to send", x: x, y: y, style: theme.dim, maxWidth: inner.maxX - x)
            y += 1
        }
        guard y < inner.maxY else { return }
        var status = ""
        var statusStyle = theme.dim
        if let record = lesson.answers[q.id] {
            status =
                "✓ Sent: \(shown(record.prediction, q)). "
                + (q.allowChange ? "You can change it until it locks." : "It is final.")
            statusStyle = theme.success
        } else if !q.allowChange {
            status = "Your first answer is final."
        }
        if let hint = lesson.hints[q.id] {
            status += (status.isEmpty ? "" : "  ") + "Hint: \(hint)"
            statusStyle = theme.warning
        } else if q.hasHint {
            status += (status.isEmpty ? "" : "  ") + "h: hint (halves your points)"
        }
        if q.closesAt == nil { status += (status.isEmpty ? "" : "  ") + "Locks at the next step." }
        canvas.put(status, x: inner.x, y: y, style: statusStyle, maxWidth: inner.width)
        y += 1
        if y < inner.maxY, let you = lesson.you {
            let rank = lesson.leaderboard.you.map { " · rank \($0.rank) of \(lesson.leaderboard.students)" } ?? ""
            canvas.put(
                "\(you.name): \(you.score) pts\(rank)", x: inner.x, y: y, style: theme.dim, maxWidth: inner.width)
        }
    }

    private static func drawLocked(
        into canvas: inout Canvas, rect: Rect, inner: Rect, question q: QuestionInfo, lesson: LessonState, theme: Theme
    ) {
        canvas.box(rect, title: "Question \(q.id.rawValue) · \(q.kind.name)", style: theme.frame)
        let badge = " LOCKED "
        canvas.put(badge, x: rect.maxX - TerminalText.width(of: badge) - 2, y: rect.y, style: theme.locked)
        canvas.put(prompt(q), x: inner.x, y: inner.y, style: theme.title, maxWidth: inner.width)
        let why: String =
            switch lesson.lockReasons[q.id] {
            case .timeLimit: "Time is up"
            case .closedByTeacher: "The teacher closed it"
            default: "The simulation moved on"
            }
        let togo = Format.remaining(q.target, after: lesson.position.generation)
        canvas.put(
            "\(why): no more answers. Resolves at gen \(q.target) (\(togo) to go).", x: inner.x,
            y: inner.y + 1, style: theme.dim, maxWidth: inner.width)
        let mine =
            lesson.answers[q.id].map { "Your answer: \(shown($0.prediction, q))" } ?? "You did not answer this one."
        canvas.put(mine, x: inner.x, y: inner.y + 2, maxWidth: inner.width)
        if inner.height >= 4 {
            let top = LeaderboardView.inline(lesson.leaderboard.top, width: inner.width - 5)
            if !top.isEmpty { canvas.put("Top: " + top, x: inner.x, y: inner.y + 3, style: theme.dim) }
        }
    }

    /// `Actual: 130 creatures`, `It happened`, `The answer was: grow`.
    static func outcome(_ q: QuestionInfo, _ r: Resolution) -> String {
        switch q.kind {
        case .choice(let options):
            if let right = r.correctOption, options.indices.contains(right) {
                return "The answer was: \(options[right].label) (\(q.metric) \(Format.number(r.actual, decimals: 2)))"
            }
            return "No option came true (\(q.metric) \(Format.number(r.actual, decimals: 2)))."
        case .probability:
            let happened = r.eventHappened == true ? "It happened" : "It did not happen"
            return "\(happened) (\(q.metric) \(Format.number(r.actual, decimals: 2)))."
        case .number:
            return "Actual: \(Format.number(r.actual, decimals: 2))\(q.unit.isEmpty ? "" : " " + q.unit)"
        }
    }

    /// A prediction as the student typed it.
    static func shown(_ p: Prediction, _ q: QuestionInfo) -> String {
        switch p {
        case .number(let x): return Format.number(x, decimals: 2)
        case .probability(let x): return Format.percent(x)
        case .choice(let i):
            if case .choice(let options) = q.kind, options.indices.contains(i) { return options[i].label }
            return "option \(i + 1)"
        }
    }
}
