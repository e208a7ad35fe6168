import PetriProtocol
import PetriWords

/// The box at the bottom: the open question and its input, the locked state, or the result.
enum QuestionPanel {
    /// Draws the panel for the student's focus question (or the lesson's end) in `rect`.
    static func drawStudent(
        into canvas: inout Canvas, rect: Rect, lesson: LessonState, ui: StudentUI, now: Timestamp, theme: Theme
    ) {
        guard rect.height >= 4, rect.width >= 20 else { return }
        let inner = rect.inset(dx: 2, dy: 1)
        if lesson.ended {
            drawEnded(into: &canvas, rect: rect, inner: inner, lesson: lesson, theme: theme)
            return
        }
        guard let question = lesson.focusQuestion else {
            canvas.box(rect, title: theme.text("terminal.question.questions"), style: theme.frame)
            canvas.put(
                theme.text("terminal.question.none"), x: inner.x,
                y: inner.y, maxWidth: inner.width)
            if let you = lesson.you {
                canvas.put(
                    theme.text("terminal.question.youAre", ["name": .text(you.name)]), x: inner.x, y: inner.y + 1,
                    style: theme.dim, maxWidth: inner.width)
            }
            if inner.height >= 3 {
                let top = LeaderboardView.inline(lesson.leaderboard.top, width: inner.width - 5)
                if !top.isEmpty {
                    canvas.put(
                        theme.text("terminal.question.top", ["names": .text(top)]), x: inner.x, y: inner.maxY - 1,
                        style: theme.dim)
                }
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
            canvas.box(
                rect,
                title: theme.text("terminal.question.withdrawnTitle", ["number": .int(Int(question.id.rawValue))]),
                style: theme.frame)
            canvas.put(prompt(question, theme: theme), x: inner.x, y: inner.y, maxWidth: inner.width)
            canvas.put(
                lesson.cancelReasons[question.id] ?? theme.text("terminal.question.withdrawn"), x: inner.x,
                y: inner.y + 1, style: theme.dim, maxWidth: inner.width)
        }
    }

    /// The prompt, or a sentence built from the metric when the teacher wrote none.
    static func prompt(_ q: QuestionInfo, theme: Theme) -> String {
        if let prompt = q.prompt, !prompt.isEmpty { return prompt }
        return q.kind.input.prompt(q, theme: theme)
    }

    /// `< 10`, `between 40 and 60`, `> asked value`.
    static func describe(_ c: Condition, theme: Theme) -> String {
        let base = c.ref == .asked ? theme.text("terminal.condition.asked") : ""
        func amount(_ v: Double?) -> WordArgument {
            guard c.ref == .asked else { return .text(Format.number(v ?? 0, decimals: 2)) }
            guard let v, v != 0 else { return .text(base) }
            return .text(base + (v > 0 ? " + " : " − ") + Format.number(abs(v), decimals: 2))
        }
        switch c.op {
        case .lt: return theme.text("terminal.condition.below", ["value": amount(c.value)])
        case .le: return theme.text("terminal.condition.atMost", ["value": amount(c.value)])
        case .gt: return theme.text("terminal.condition.above", ["value": amount(c.value)])
        case .ge: return theme.text("terminal.condition.atLeast", ["value": amount(c.value)])
        case .eq: return theme.text("terminal.condition.exactly", ["value": amount(c.value)])
        case .ne: return theme.text("terminal.condition.not", ["value": amount(c.value)])
        case .between:
            return theme.text("terminal.condition.between", ["low": amount(c.value), "high": amount(c.upper)])
        case .over: return theme.text("terminal.condition.over")
        case .otherwise: return theme.text("terminal.condition.otherwise")
        }
    }

    /// "number", "choice", "probability" with a time-left suffix.
    static func title(_ q: QuestionInfo, lesson: LessonState, now: Timestamp, theme: Theme) -> String {
        let title = kindTitle(q, theme: theme)
        guard let left = lesson.millisecondsLeft(q, now: now) else { return title }
        return theme.text(
            "terminal.question.timeLeft", ["title": .text(title), "left": .text(Format.clock(milliseconds: left))])
    }

    /// `Question 3 · number`, the kind in the reader's words.
    static func kindTitle(_ q: QuestionInfo, theme: Theme) -> String {
        let kind: String =
            switch q.kind {
            case .number: theme.text("terminal.question.kind.number")
            case .choice: theme.text("terminal.question.kind.choice")
            case .probability: theme.text("terminal.question.kind.probability")
            case .range: theme.text("terminal.question.kind.range")
            }
        return theme.text("terminal.question.title", ["number": .int(Int(q.id.rawValue)), "kind": .text(kind)])
    }

    /// One line about the metric: what it is, its value when asked, the target generation.
    static func metricLine(_ q: QuestionInfo, lesson: LessonState, theme: Theme) -> String {
        let unit = q.unit.isEmpty ? "" : " \(q.unit)"
        let togo = Format.remaining(q.target, after: lesson.position.generation)
        if let hunts = q.hunts {
            return theme.text(
                "terminal.question.metricLineHunts",
                [
                    "count": .int(hunts), "value": .text(Format.number(q.askedValue, decimals: 2) + unit),
                    "asked": .int(q.askedAt), "metric": .text(q.metric), "description": .text(q.metricDescription),
                ])
        }
        return theme.text(
            "terminal.question.metricLine",
            [
                "target": .int(q.target), "togo": .int(togo),
                "value": .text(Format.number(q.askedValue, decimals: 2) + unit), "asked": .int(q.askedAt),
                "metric": .text(q.metric), "description": .text(q.metricDescription),
            ])
    }

    /// One row of the open-question panel: text, or the row with the answer field or options.
    enum OpenRow: Equatable {
        case text(String, CellStyle)
        case input
    }

    /// The rows of the open question, top to bottom, with the prompt, the metric line and the status wrapped.
    ///
    /// Every row is its own line: nothing is drawn over another row's text (a shorter line written
    /// on a longer one left `…ter to send.` behind), and nothing the student must read is cut.
    static func openRows(
        _ q: QuestionInfo, lesson: LessonState, width: Int, theme: Theme
    ) -> [OpenRow] {
        var rows: [OpenRow] = []
        func add(_ text: String, _ style: CellStyle) {
            rows += TerminalText.wrapped(text, toWidth: width).map { .text($0, style) }
        }
        add(prompt(q, theme: theme), theme.title)
        add(metricLine(q, lesson: lesson, theme: theme), theme.dim)
        rows.append(.input)
        var status: [String] = []
        var statusStyle = theme.dim
        if let instruction = q.kind.input.instruction(q, theme: theme) { status.append(instruction) }
        if let record = lesson.answers[q.id] {
            let sent = WordArgument.text(shown(record.prediction, q, theme: theme))
            status.append(
                q.allowChange
                    ? theme.text("terminal.question.sentChangeable", ["answer": sent])
                    : theme.text("terminal.question.sentFinal", ["answer": sent]))
            statusStyle = theme.success
        } else if !q.allowChange {
            status.append(theme.text("terminal.question.firstIsFinal"))
        }
        if let hint = lesson.hints[q.id] {
            status.append(theme.text("terminal.question.hint", ["hint": .text(hint)]))
            statusStyle = theme.warning
        } else if q.hasHint {
            status.append(theme.text("terminal.question.hintKey"))
        }
        if q.closesAt == nil { status.append(theme.text("terminal.question.locksAtStep")) }
        if q.closesAt != nil, lesson.extraTime > 0 {
            status.append(theme.text("terminal.question.extraTime", ["percent": .int(lesson.extraTime)]))
        }
        add(status.joined(separator: "  "), statusStyle)
        if let you = lesson.you {
            let line =
                lesson.leaderboard.you.map {
                    theme.text(
                        "terminal.question.scoreRank",
                        [
                            "name": .text(you.name), "score": .int(you.score), "rank": .int($0.rank),
                            "count": .int(lesson.leaderboard.students),
                        ])
                } ?? theme.text("terminal.question.score", ["name": .text(you.name), "score": .int(you.score)])
            add(line, theme.dim)
        }
        return rows
    }

    /// What a digit does on a choice question: it sends at once when the answer can be changed;
    /// when the first answer is final, it only picks and Enter sends, so a slip of the finger is not final.
    /// The rows the student panel wants for the lesson's focus question, frame included (0: the default).
    static func preferredStudentHeight(lesson: LessonState, width: Int) -> Int {
        guard !lesson.ended, let q = lesson.focusQuestion, q.state == .open else { return 0 }
        return openRows(q, lesson: lesson, width: width - 4, theme: Theme(mode: .none)).count + 2
    }

    private static func drawOpen(
        into canvas: inout Canvas, rect: Rect, inner: Rect, question q: QuestionInfo, lesson: LessonState,
        ui: StudentUI, now: Timestamp, theme: Theme
    ) {
        canvas.box(
            rect, title: title(q, lesson: lesson, now: now, theme: theme), style: theme.accent, titleStyle: theme.accent
        )
        var rows = openRows(q, lesson: lesson, width: inner.width, theme: theme)
        // Too little room: the score line goes first (the status line shows it too), then the metric's text.
        if rows.count > inner.height, lesson.you != nil { rows.removeLast() }
        var y = inner.y
        for row in rows where y < inner.maxY {
            canvas.fill(Rect(x: inner.x, y: y, width: inner.width, height: 1))
            switch row {
            case .text(let text, let style):
                canvas.put(text, x: inner.x, y: y, style: style, maxWidth: inner.width)
            case .input:
                drawInput(into: &canvas, inner: inner, y: y, question: q, lesson: lesson, ui: ui, theme: theme)
            }
            y += 1
        }
    }

    /// The answer field (number, probability) or the options (choice) on row `y`.
    private static func drawInput(
        into canvas: inout Canvas, inner: Rect, y: Int, question q: QuestionInfo, lesson: LessonState, ui: StudentUI,
        theme: Theme
    ) {
        let field = ui.answer.question == q.id ? ui.answer : AnswerField()
        q.kind.input.draw(field, question: q, lesson: lesson, into: &canvas, inner: inner, y: y, theme: theme)
        // The reason, typed after a space, replaces the rest of the row while it is typed.
        if field.typingReason {
            let start = inner.x
            let answer = q.kind.input.answerText(field)
            canvas.fill(Rect(x: start, y: y, width: inner.width, height: 1))
            let reason = TerminalText.sanitise(field.reason, maxCharacters: ReasonRules.maxCharacters)
            canvas.put(
                theme.text("terminal.question.because", ["answer": .text(answer), "reason": .text(reason)]), x: start,
                y: y, style: theme.input, maxWidth: inner.width)
        }
    }

    private static func drawLocked(
        into canvas: inout Canvas, rect: Rect, inner: Rect, question q: QuestionInfo, lesson: LessonState, theme: Theme
    ) {
        canvas.box(rect, title: kindTitle(q, theme: theme), style: theme.frame)
        let badge = " " + theme.text("terminal.question.locked") + " "
        canvas.put(badge, x: rect.maxX - TerminalText.width(of: badge) - 2, y: rect.y, style: theme.locked)
        canvas.put(prompt(q, theme: theme), x: inner.x, y: inner.y, style: theme.title, maxWidth: inner.width)
        let why: String =
            switch lesson.lockReasons[q.id] {
            case .timeLimit: theme.text("terminal.question.lock.timeUp")
            case .closedByTeacher: theme.text("terminal.question.lock.closed")
            default: theme.text("terminal.question.lock.movedOn")
            }
        let togo = Format.remaining(q.target, after: lesson.position.generation)
        let line =
            q.hunts.map { theme.text("terminal.question.lockedLineHunts", ["why": .text(why), "count": .int($0)]) }
            ?? theme.text(
                "terminal.question.lockedLine", ["why": .text(why), "target": .int(q.target), "togo": .int(togo)])
        canvas.put(
            line,
            x: inner.x,
            y: inner.y + 1, style: theme.dim, maxWidth: inner.width)
        let mine =
            lesson.answers[q.id].map {
                theme.text("terminal.question.yourAnswer", ["answer": .text(shown($0.prediction, q, theme: theme))])
            }
            ?? theme.text("terminal.question.notAnswered")
        canvas.put(mine, x: inner.x, y: inner.y + 2, maxWidth: inner.width)
        if inner.height >= 4 {
            let top = LeaderboardView.inline(lesson.leaderboard.top, width: inner.width - 5)
            if !top.isEmpty {
                canvas.put(
                    theme.text("terminal.question.top", ["names": .text(top)]), x: inner.x, y: inner.y + 3,
                    style: theme.dim)
            }
        }
    }

    /// `Actual: 130 creatures`, `It happened`, `The answer was: grow`.
    static func outcome(_ q: QuestionInfo, _ r: Resolution, theme: Theme) -> String {
        q.kind.input.outcome(q, r, theme: theme)
    }

    /// A prediction as the student typed it.
    static func shown(_ p: Prediction, _ q: QuestionInfo, theme: Theme) -> String {
        q.kind.input.shown(p, theme: theme)
    }
}
