import PetriProtocol

extension Screen {
    /// The teacher screen: the students' view plus the roster, the log and the command line.
    static func teacher(_ state: TeacherScreenState, width: Int, height: Int) -> Canvas {
        var canvas = Canvas(width: width, height: height)
        let theme = Theme(mode: state.colorMode, language: state.lesson.language)
        guard width >= minimumWidth, height >= minimumHeight else {
            tooSmall(into: &canvas, theme: theme)
            return canvas
        }
        let layout = ScreenLayout.teacher(width: width, height: height)
        let lesson = state.lesson
        StatusLine.draw(into: &canvas, rect: layout.status, lesson: lesson, connection: state.connection, theme: theme)
        drawPicture(
            into: &canvas, rect: layout.picture, lesson: lesson, markBest: state.console.markBest,
            viewport: state.console.boardViewport, connection: state.connection, theme: theme)
        if !layout.side.isEmpty {
            if layout.side.height >= 26 {
                let (top, bottom) = layout.side.splitTop(layout.side.height / 2 - 2)
                RosterView.draw(into: &canvas, rect: top, lesson: lesson, theme: theme)
                SidePanel.draw(
                    into: &canvas, rect: bottom.splitTop(1).rest, lesson: lesson,
                    generation: state.console.historyCursor,
                    theme: theme)
            } else if state.console.panel == .roster && state.console.historyCursor == nil {
                RosterView.draw(into: &canvas, rect: layout.side, lesson: lesson, theme: theme)
            } else {
                SidePanel.draw(
                    into: &canvas, rect: layout.side, lesson: lesson, generation: state.console.historyCursor,
                    theme: theme)
            }
        }
        drawTeacherPanel(into: &canvas, rect: layout.panel, lesson: lesson, now: state.now, theme: theme)
        drawLog(into: &canvas, rect: layout.log, state: state, theme: theme)
        drawPrompt(into: &canvas, rect: layout.bottom, editor: state.console.editor, theme: theme)
        switch state.console.overlay {
        case .none: break
        case .help:
            HelpScreen.draw(
                into: &canvas, title: theme.text("terminal.help.commands"),
                keys: TeacherCommandSpec.all.map { ($0.name, $0.short(in: theme.language)) }
                    + [
                        ("Tab", theme.text("terminal.help.completes")),
                        ("↑ ↓", theme.text("terminal.help.earlierCommands")),
                        ("← →", theme.text("terminal.help.generations")),
                    ],
                theme: theme)
        case .code:
            drawJoinCode(into: &canvas, lesson: lesson, server: state.server, theme: theme)
        }
        return canvas
    }

    static func drawTeacherPanel(
        into canvas: inout Canvas, rect: Rect, lesson: LessonState, now: Timestamp, theme: Theme
    ) {
        guard rect.height >= 3 else { return }
        let inner = rect.inset(dx: 2, dy: 1)
        if lesson.ended {
            canvas.box(rect, title: theme.text("terminal.ended.title"), style: theme.accent, titleStyle: theme.accent)
            canvas.put(theme.text("terminal.teacher.endedHelp"), x: inner.x, y: inner.y, maxWidth: inner.width)
            if inner.height >= 2 {
                let names = LeaderboardView.inline(lesson.leaderboard.top, width: inner.width - 7)
                canvas.put(
                    theme.text("terminal.ended.final", ["names": .text(names)]), x: inner.x, y: inner.y + 1,
                    style: theme.dim, maxWidth: inner.width)
            }
            return
        }
        guard let q = lesson.focusQuestion else {
            canvas.box(rect, title: theme.text("terminal.question.questions"), style: theme.frame)
            canvas.put(
                theme.text(
                    "terminal.teacher.noQuestion", ["metric": .text(lesson.metrics.first?.name ?? "population")]),
                x: inner.x, y: inner.y,
                style: theme.dim, maxWidth: inner.width)
            return
        }
        switch q.state {
        case .open:
            canvas.box(
                rect, title: QuestionPanel.title(q, lesson: lesson, now: now, theme: theme), style: theme.accent,
                titleStyle: theme.accent)
            canvas.put(
                QuestionPanel.prompt(q, theme: theme), x: inner.x, y: inner.y, style: theme.title, maxWidth: inner.width
            )
            var line: String
            if let tally = lesson.answerCount, tally.question == q.id {
                line = theme.text(
                    "terminal.teacher.answers", ["answered": .int(tally.answered), "students": .int(tally.students)])
            } else {
                line = theme.text("terminal.teacher.answersNone")
            }
            line += " · " + (q.hasHint ? theme.text("terminal.teacher.hintYes") : theme.text("terminal.teacher.hintNo"))
            if inner.height >= 2 {
                canvas.put(line, x: inner.x, y: inner.y + 1, style: theme.success, maxWidth: inner.width)
            }
            if inner.height >= 3 {
                canvas.put(
                    QuestionPanel.metricLine(q, lesson: lesson, theme: theme), x: inner.x, y: inner.y + 2,
                    style: theme.dim,
                    maxWidth: inner.width)
            }
        case .locked:
            canvas.box(rect, title: QuestionPanel.kindTitle(q, theme: theme), style: theme.frame)
            let badge = " " + theme.text("terminal.question.locked") + " "
            canvas.put(badge, x: rect.maxX - TerminalText.width(of: badge) - 2, y: rect.y, style: theme.locked)
            canvas.put(
                QuestionPanel.prompt(q, theme: theme), x: inner.x, y: inner.y, style: theme.title, maxWidth: inner.width
            )
            let togo = Format.remaining(q.target, after: lesson.position.generation)
            let count =
                lesson.answerCount.flatMap {
                    $0.question == q.id
                        ? " · " + theme.text("terminal.resolved.answered", ["count": .int($0.answered)]) : nil
                } ?? ""
            if inner.height >= 2 {
                canvas.put(
                    theme.text("terminal.teacher.resolvesAt", ["target": .int(q.target), "togo": .int(togo)]) + count,
                    x: inner.x, y: inner.y + 1,
                    style: theme.dim, maxWidth: inner.width)
            }
        case .resolved:
            QuestionPanel.drawResolved(
                into: &canvas, rect: rect, inner: inner, question: q, lesson: lesson, theme: theme)
        case .cancelled:
            canvas.box(
                rect, title: theme.text("terminal.question.withdrawnTitle", ["number": .int(Int(q.id.rawValue))]),
                style: theme.frame)
            canvas.put(
                lesson.cancelReasons[q.id] ?? "", x: inner.x, y: inner.y, style: theme.dim, maxWidth: inner.width)
        }
    }

    static func drawLog(into canvas: inout Canvas, rect: Rect, state: TeacherScreenState, theme: Theme) {
        guard rect.height > 0 else { return }
        let lines = (state.console.log + state.lesson.notices).enumerated()
            .sorted { $0.element.at != $1.element.at ? $0.element.at < $1.element.at : $0.offset < $1.offset }
            .map(\.element)
            .suffix(rect.height)
        for (i, notice) in lines.enumerated() {
            let style: CellStyle =
                switch notice.kind {
                case .error: theme.error
                case .success: theme.success
                case .info: notice.text.hasPrefix("›") ? theme.dim : .plain
                }
            canvas.put(" " + notice.text, x: rect.x, y: rect.y + i, style: style, maxWidth: rect.width)
        }
    }

    static func drawPrompt(into canvas: inout Canvas, rect: Rect, editor: LineEditor, theme: Theme) {
        let prompt = "teach› "
        let used = canvas.put(prompt, x: rect.x, y: rect.y, style: theme.accent)
        let room = rect.width - used - 1
        // Scroll the line so the cursor stays in view.
        let start = max(0, editor.cursor - room)
        let visible = Array(editor.text[start...].prefix(room))
        canvas.put(String(visible), x: rect.x + used, y: rect.y)
        let cursorX = rect.x + used + (editor.cursor - start)
        let under = editor.cursor < editor.text.count ? String(editor.text[editor.cursor]) : " "
        canvas.put(under, x: cursorX, y: rect.y, style: .reverse)
    }

    static func drawJoinCode(into canvas: inout Canvas, lesson: LessonState, server: String, theme: Theme) {
        let rect = canvas.bounds
        canvas.fill(rect)
        canvas.box(rect, title: theme.text("terminal.teacher.joinTitle"), style: theme.accent, titleStyle: theme.accent)
        let code = lesson.code?.text ?? "------"
        // The code, then how to join, then how to leave: one block, centred.
        let block = BigText.height + 5
        let top = rect.y + max(1, (rect.height - block) / 2)
        let big = Rect(x: rect.x + 1, y: top, width: rect.width - 2, height: BigText.height)
        BigText.draw(
            into: &canvas, rect: big, code: code,
            style: theme.hasColor ? CellStyle(foreground: .yellow, bold: true) : .bold)
        let command = theme.text("terminal.teacher.joinCommand", ["code": .text(code), "server": .text(server)])
        canvas.put(
            command, x: rect.x + max(1, (rect.width - TerminalText.width(of: command)) / 2),
            y: top + BigText.height + 2,
            style: theme.title, maxWidth: rect.width - 2)
        let back = theme.text("terminal.help.back")
        canvas.put(
            back, x: rect.x + (rect.width - TerminalText.width(of: back)) / 2, y: top + BigText.height + 4,
            style: theme.dim)
    }
}
