import PetriProtocol
import PetriWords

extension QuestionPanel {
    static func drawResolved(
        into canvas: inout Canvas, rect: Rect, inner: Rect, question q: QuestionInfo, lesson: LessonState, theme: Theme
    ) {
        guard let resolution = lesson.resolutions[q.id] else {
            canvas.box(
                rect, title: theme.text("terminal.resolved.title", ["number": .int(Int(q.id.rawValue))]),
                style: theme.frame)
            let actual = q.actual.map { Format.number($0, decimals: 2) } ?? "?"
            canvas.put(prompt(q, theme: theme), x: inner.x, y: inner.y, style: theme.title, maxWidth: inner.width)
            canvas.put(
                theme.text("terminal.resolved.actual", ["value": .text(actual), "unit": .text(q.unit)]), x: inner.x,
                y: inner.y + 1, maxWidth: inner.width)
            return
        }
        canvas.box(
            rect,
            title: theme.text(
                "terminal.resolved.titleAt",
                ["number": .int(Int(q.id.rawValue)), "generation": .int(resolution.generation)]),
            style: theme.frame)
        let spreadWidth = min(30, inner.width / 2)
        let (left, right) = inner.splitLeft(inner.width - spreadWidth - 2, gap: 2)
        var y = left.y
        canvas.put(outcome(q, resolution, theme: theme), x: left.x, y: y, style: theme.title, maxWidth: left.width)
        y += 1
        if lesson.role != .teacher {
            let result = lesson.results[q.id]
            if let prediction = result?.prediction ?? lesson.answers[q.id]?.prediction {
                var line = theme.text(
                    "terminal.resolved.youSaid", ["answer": .text(shown(prediction, q, theme: theme))])
                if let points = result?.points {
                    line += " → +\(points.total)"
                    var parts: [String] = []
                    if points.hintTaken {
                        parts.append(theme.text("terminal.resolved.hintHalved", ["points": .int(points.base)]))
                    }
                    if points.speed > 0 {
                        parts.append(theme.text("terminal.resolved.speed", ["points": .int(points.speed)]))
                    }
                    if points.streak > 0 {
                        parts.append(theme.text("terminal.resolved.streakBonus", ["points": .int(points.streak)]))
                    }
                    if !parts.isEmpty { line += " (" + parts.joined(separator: " ") + ")" }
                }
                canvas.put(
                    line, x: left.x, y: y, style: (result?.points.total ?? 0) > 0 ? theme.success : .plain,
                    maxWidth: left.width)
            } else {
                canvas.put(
                    theme.text("terminal.resolved.notAnswered"), x: left.x, y: y, style: theme.dim, maxWidth: left.width
                )
            }
            y += 1
            if let standing = lesson.results[q.id]?.standing ?? lesson.leaderboard.you {
                let streak =
                    lesson.you.map {
                        $0.streak > 1 ? theme.text("terminal.resolved.streak", ["count": .int($0.streak)]) : ""
                    } ?? ""
                let score = theme.text(
                    "terminal.resolved.score",
                    [
                        "score": .int(standing.score), "rank": .int(standing.rank),
                        "count": .int(lesson.leaderboard.students),
                    ])
                canvas.put(
                    score + streak,
                    x: left.x,
                    y: y, maxWidth: left.width)
                y += 1
            }
        }
        if let mean = resolution.spread.mean, y < left.maxY {
            let mean = q.kind.input.mean(mean)
            canvas.put(
                theme.text(
                    "terminal.resolved.answeredMean", ["count": .int(resolution.spread.answers), "mean": .text(mean)]),
                x: left.x, y: y, style: theme.dim,
                maxWidth: left.width)
            y += 1
        } else if y < left.maxY {
            canvas.put(
                theme.text("terminal.resolved.answered", ["count": .int(resolution.spread.answers)]), x: left.x, y: y,
                style: theme.dim, maxWidth: left.width)
            y += 1
        }
        // Judgement apart from luck: the answer's expected points over the replicates, beside what it scored.
        if let line = expectedLine(
            result: lesson.role == .teacher ? nil : lesson.results[q.id], resolution: resolution, theme: theme),
            y < left.maxY
        {
            canvas.put(line, x: left.x, y: y, style: theme.accent, maxWidth: left.width)
            y += 1
        }
        if let standing = resolution.replicates, y < left.maxY {
            canvas.put(
                TerminalText.sanitise(standing.word.text(in: theme.language), maxCharacters: 200), x: left.x, y: y,
                style: theme.dim,
                maxWidth: left.width)
            y += 1
        }
        if y < left.maxY {
            let top = LeaderboardView.inline(resolution.leaderboard.top, width: left.width - 5)
            canvas.put(
                theme.text("terminal.question.top", ["names": .text(top)]), x: left.x, y: y, style: theme.dim,
                maxWidth: left.width)
        }
        SpreadView.draw(into: &canvas, rect: right, question: q, resolution: resolution, theme: theme)
    }

    static func drawEnded(into canvas: inout Canvas, rect: Rect, inner: Rect, lesson: LessonState, theme: Theme) {
        canvas.box(rect, title: theme.text("terminal.ended.title"), style: theme.accent, titleStyle: theme.accent)
        var y = inner.y
        if let closing = lesson.closing {
            canvas.put(
                theme.text(
                    "terminal.ended.scored",
                    ["score": .int(closing.score), "possible": .int(closing.possible), "rank": .int(closing.rank)]),
                x: inner.x, y: y,
                style: theme.title,
                maxWidth: inner.width)
            y += 1
            canvas.put(closing.message.text, x: inner.x, y: y, maxWidth: inner.width)
            y += 1
        } else if let summary = lesson.summary {
            canvas.put(
                theme.text("terminal.ended.questions", ["count": .int(summary.questions)]), x: inner.x, y: y,
                style: theme.title,
                maxWidth: inner.width)
            y += 1
        }
        if y < inner.maxY {
            let board = lesson.summary?.leaderboard.top ?? lesson.leaderboard.top
            canvas.put(
                theme.text(
                    "terminal.ended.final", ["names": .text(LeaderboardView.inline(board, width: inner.width - 7))]),
                x: inner.x, y: y, style: theme.dim)
        }
    }

    /// "Your prediction would have scored 820 on average over 100 runs that could have happened; this time it
    /// scored 310." for a student with expected points, else the class's average; nil without either.
    static func expectedLine(result: PersonalResult?, resolution: Resolution, theme: Theme) -> String? {
        if let expected = result?.expected, let points = expected.points, let base = result?.points.base {
            return theme.text(
                "terminal.resolved.expected",
                ["points": .int(points), "count": .int(expected.replicates), "score": .int(base)])
        }
        guard let mean = resolution.expected?.classMean else { return nil }
        return theme.text(
            "terminal.resolved.expectedClass",
            ["mean": .int(mean), "count": .int(resolution.expected?.replicates ?? 0)])
    }
}
