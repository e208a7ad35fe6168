import PetriProtocol

/// The top line: lesson, generation, the model's headline number, and the connection.
enum StatusLine {
    /// Draws the status line across `rect` (one row).
    static func draw(
        into canvas: inout Canvas, rect: Rect, lesson: LessonState, connection: ConnectionStatus, theme: Theme
    ) {
        canvas.fill(rect, style: theme.bar)
        var right = "\(symbol(connection)) \(connection.label(in: theme.language)) "
        if let you = lesson.you {
            let rank = lesson.leaderboard.you.map { "\(Format.ordinal($0.rank)) · " } ?? ""
            right = "\(TerminalText.clipped(you.name, toWidth: 14)) · \(rank)\(Format.points(you.score)) · " + right
        } else if lesson.role == .teacher {
            let online = lesson.roster.values.filter { $0.online && !$0.kicked }.count
            let all = lesson.roster.values.filter { !$0.kicked }.count
            right =
                theme.text("terminal.status.classOnline", ["online": .int(online), "all": .int(all)]) + " · " + right
        }
        // From most to least important; the least important go first when the line is short.
        var parts: [String] = []
        if let code = lesson.code { parts.append(code.text) }
        if let makeup = lesson.makeup { parts.append(makeupPart(makeup, theme: theme)) }
        var generation = theme.text("terminal.status.generation", ["generation": .int(lesson.position.generation)])
        if let rate = lesson.running { generation += " ▶ \(Format.number(rate))/s" }
        if lesson.ended {
            generation += " ■ " + theme.text("terminal.status.ended")
        } else if lesson.runOver != nil {
            generation += " ■ " + theme.text("terminal.status.over")
        }
        parts.append(generation)
        if let headline = headline(lesson) { parts.append(headline) }
        var prefix = [" Petri"] + (lesson.model.map { [$0] } ?? [])
        var left = (prefix + parts).joined(separator: " · ")
        while TerminalText.width(of: left) + TerminalText.width(of: right) + 1 > rect.width, !prefix.isEmpty {
            prefix.removeFirst()
            left = " " + (prefix + parts).joined(separator: " · ")
        }
        let rightWidth = TerminalText.width(of: right)
        canvas.put(left, x: rect.x, y: rect.y, style: theme.bar, maxWidth: max(0, rect.width - rightWidth - 1))
        let x = rect.maxX - rightWidth
        canvas.put(right, x: max(rect.x, x), y: rect.y, style: theme.bar, maxWidth: rect.width)
        if theme.hasColor {
            // Colour only the dot, so the state reads at a glance.
            let dotColor: TerminalColor =
                switch connection {
                case .online: .green
                case .connecting, .joining, .reconnecting: .yellow
                case .ended: .red
                }
            let dotX =
                rect.maxX - TerminalText.width(of: "\(symbol(connection)) \(connection.label(in: theme.language)) ")
            canvas.restyle(Rect(x: dotX, y: rect.y, width: 1, height: 1)) { $0.foreground = dotColor }
        }
    }

    /// Where a make-up student is: `make-up 3/12 · own pace`.
    static func makeupPart(_ position: MakeupPosition, theme: Theme) -> String {
        let pace =
            switch position.pace {
            case .own: theme.text("terminal.makeup.pace.own")
            case .class: theme.text("terminal.makeup.pace.class")
            case .auto:
                theme.text(
                    "terminal.makeup.pace.auto", ["seconds": .int(position.seconds ?? MakeupPace.defaultSeconds)])
            }
        return theme.text(
            "terminal.status.makeup",
            ["moment": .int(position.moment), "moments": .int(position.moments), "pace": .text(pace)])
    }

    /// The model's headline number with its noun, e.g. `57 creatures`, from the presentation (none without one).
    static func headline(_ lesson: LessonState) -> String? {
        guard let stats = lesson.latestStats, let presentation = lesson.presentation,
            let value = stats.values[presentation.headlineMetric]
        else { return nil }
        let nouns = presentation.nouns
        return "\(Format.compact(value)) \(value == 1 ? nouns.one : nouns.many)"
    }

    static func symbol(_ connection: ConnectionStatus) -> String {
        switch connection {
        case .online: "●"
        case .connecting, .joining: "◌"
        case .reconnecting: "↻"
        case .ended: "✕"
        }
    }
}
