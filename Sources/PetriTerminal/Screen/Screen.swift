import PetriProtocol

/// The screens, as pure functions from state to a ``Canvas``.
///
/// ```swift
/// let canvas = Screen.student(state, width: 80, height: 24)
/// let bytes = ANSIRenderer(mode: state.colorMode).frame(canvas)
/// ```
enum Screen {
    /// The smallest terminal the screens are drawn for; smaller ones get a request to enlarge.
    static let minimumWidth = 60
    /// See ``minimumWidth``.
    static let minimumHeight = 18

    /// The student screen at one size.
    static func student(_ state: ScreenState, width: Int, height: Int) -> Canvas {
        var canvas = Canvas(width: width, height: height)
        let theme = Theme(mode: state.colorMode, language: state.lesson.language)
        guard width >= minimumWidth, height >= minimumHeight else {
            tooSmall(into: &canvas, theme: theme)
            return canvas
        }
        let layout = studentLayout(state, width: width, height: height)
        StatusLine.draw(
            into: &canvas, rect: layout.status, lesson: state.lesson, connection: state.connection, theme: theme)
        let hunting = drawHunt(into: &canvas, state, layout: layout, theme: theme)
        if !hunting {
            drawPicture(
                into: &canvas, rect: layout.picture, lesson: state.lesson, markBest: state.ui.markBest,
                viewport: state.ui.boardViewport, connection: state.connection, theme: theme)
        }
        if !layout.side.isEmpty && !hunting {
            SidePanel.draw(
                into: &canvas, rect: layout.side, lesson: state.lesson, generation: state.ui.historyCursor, theme: theme
            )
        }
        QuestionPanel.drawStudent(
            into: &canvas, rect: layout.panel, lesson: state.lesson, ui: state.ui, now: state.now, theme: theme)
        let keys =
            hunting
            ? (state.ui.spotter ? theme.text("terminal.hunt.keysSpotter") : theme.text("terminal.hunt.keys"))
            : state.ui.historyCursor != nil
                ? theme.text("terminal.screen.viewing", ["generation": .int(state.ui.historyCursor ?? 0)])
                : studentKeys(state, theme: theme)
        Footer.draw(
            into: &canvas, rect: layout.bottom,
            // Once the lesson has ended, the footer always says how to leave (the panel says why).
            message: state.lesson.ended ? nil : Footer.newest(state.ui.message, state.lesson.notices.last),
            keys: keys, now: state.now, theme: theme)
        switch state.ui.overlay {
        case .none: break
        case .help:
            HelpScreen.draw(
                into: &canvas, keys: HelpScreen.studentKeys(theme, makeup: state.lesson.isMakeup), theme: theme)
        case .carryOn(let link): CarryOnScreen.draw(into: &canvas, link: link, theme: theme)
        case .about: AboutScreen.draw(into: &canvas, lesson: state.lesson, theme: theme)
        case .guide: GuideScreen.draw(into: &canvas, guide: state.lesson.guide ?? Guide(), theme: theme)
        case .leaderboard(let page):
            let board = state.lesson.summary?.leaderboard ?? state.lesson.leaderboard
            LeaderboardScreen.draw(
                into: &canvas, board: board, you: state.lesson.you?.student, page: page, theme: theme)
        }
        return canvas
    }

    /// The area a hunt round is drawn in: the picture and the side panel together (the side panel's histogram and
    /// chart wait for the round's end, so the field is as large as it can be).
    static func huntArea(_ layout: ScreenLayout) -> Rect {
        guard !layout.side.isEmpty else { return layout.picture }
        return Rect(
            x: layout.picture.x, y: layout.picture.y, width: layout.side.maxX - layout.picture.x,
            height: layout.picture.height)
    }

    /// The hunt round under way, drawn over the picture and side panel; false when there is none to draw (no round,
    /// or no trait picture to take its colours from).
    private static func drawHunt(
        into canvas: inout Canvas, _ state: ScreenState, layout: ScreenLayout, theme: Theme
    ) -> Bool {
        guard let round = state.lesson.hunt, case .traitField(let snapshot) = state.lesson.picture,
            let presentation = state.lesson.presentation
        else { return false }
        let area = huntArea(layout)
        var ui = state.ui
        ui.place(HuntFieldView.grid(in: area, theme: theme), round: round.round)
        HuntFieldView.draw(
            into: &canvas, rect: area, round: round, snapshot: snapshot, presentation: presentation,
            cursor: ui.spotter ? nil : ui.huntCursor, now: state.now, theme: theme)
        return true
    }

    /// Where the student screen's parts go: the question panel as tall as its text needs.
    static func studentLayout(_ state: ScreenState, width: Int, height: Int) -> ScreenLayout {
        ScreenLayout.student(
            width: width, height: height,
            panelWants: QuestionPanel.preferredStudentHeight(lesson: state.lesson, width: width))
    }

    /// The model's picture with its caption, or what the client is waiting for.
    static func drawPicture(
        into canvas: inout Canvas, rect: Rect, lesson: LessonState, markBest: Bool, viewport: BoardViewport,
        connection: ConnectionStatus, theme: Theme
    ) {
        if let picture = lesson.picture, let presentation = lesson.presentation {
            switch picture {
            case .traitField(let snapshot):
                TraitFieldView.draw(
                    into: &canvas, rect: rect, snapshot: snapshot, presentation: presentation, markBest: markBest,
                    theme: theme)
            case .traitHistogram(let snapshot):
                TraitHistogramView.draw(
                    into: &canvas, rect: rect, snapshot: snapshot, presentation: presentation, theme: theme)
            case .tileMap(let snapshot, let tiles):
                TileMapView.draw(
                    into: &canvas, rect: rect, snapshot: snapshot, tiles: tiles, nouns: presentation.nouns,
                    theme: theme)
            case .cellBoard(let snapshot, let cells):
                let followed = boardViewport(viewport, lesson: lesson, picture: rect)
                CellBoardView.draw(
                    into: &canvas, rect: rect, snapshot: snapshot, cells: cells, viewport: followed, theme: theme)
            }
        } else {
            let text: String =
                switch connection {
                case .ended(let message): message
                case .reconnecting(_, let seconds, let reason):
                    theme.text("terminal.screen.reconnecting", ["reason": .text(reason), "seconds": .int(seconds)])
                case .online where lesson.model != nil && lesson.presentation == nil:
                    // A server that does not say how to draw its model: the numbers beside are all there is.
                    theme.text("terminal.screen.noPresentation")
                default: theme.text("terminal.screen.connecting")
                }
            let lines = TerminalText.wrapped(text, toWidth: max(10, rect.width - 4))
            for (i, line) in lines.enumerated() {
                canvas.put(line, x: rect.x + 2, y: rect.y + rect.height / 2 - lines.count / 2 + i, style: theme.dim)
            }
        }
        if case .reconnecting(_, let seconds, let reason) = connection, lesson.picture != nil {
            // Keep the picture but say plainly that it is stale.
            let reasonText = reason.prefix(1).uppercased() + reason.dropFirst()
            let text =
                " " + theme.text("terminal.screen.stale", ["reason": .text(reasonText), "seconds": .int(seconds)]) + " "
            canvas.put(
                text, x: rect.x + max(0, (rect.width - TerminalText.width(of: text)) / 2), y: rect.y + rect.height / 2,
                style: theme.locked, maxWidth: rect.width)
        }
    }

    /// Where the board view looks in a picture area: the stored viewport, moved to follow the cells.
    ///
    /// The runner keeps the result for the next frame, so following has memory (see ``CellBoardView/follow(_:snapshot:cells:columns:rows:)``).
    static func boardViewport(_ viewport: BoardViewport, lesson: LessonState, picture rect: Rect) -> BoardViewport {
        guard case .cellBoard(let snapshot, let cells) = lesson.picture else { return viewport }
        return CellBoardView.follow(
            viewport, snapshot: snapshot, cells: cells, columns: rect.width, rows: 2 * max(0, rect.height - 1))
    }

    private static func studentKeys(_ state: ScreenState, theme: Theme) -> String {
        if state.lesson.ended {
            return theme.text("terminal.keys.ended")
        }
        if state.lesson.makeupOver {
            return theme.text("terminal.keys.makeupOver")
        }
        var keys: [String] = []
        if state.lesson.isMakeup {
            // A make-up's own keys come first: moving on is what the student does most.
            keys.append(theme.text("terminal.keys.makeupNext"))
            keys.append(theme.text("terminal.keys.makeupPace"))
        }
        if let open = state.lesson.openQuestion {
            if case .choice = open.kind {
                let count = optionCount(open.kind)
                keys.append(
                    open.allowChange
                        ? theme.text("terminal.keys.choiceSend", ["count": .int(count)])
                        : theme.text("terminal.keys.choicePick", ["count": .int(count)]))
            } else {
                keys.append(theme.text("terminal.keys.type"))
            }
            if open.hasHint && state.lesson.hints[open.id] == nil { keys.append(theme.text("terminal.keys.hint")) }
        }
        // ←/→ history is said by the side panel's header (and ?), leaving room for l at 80 columns.
        switch state.lesson.presentation?.picture {
        case .traitField: keys.append(theme.text("terminal.keys.best"))
        case .cellBoard: keys.append(theme.text("terminal.keys.move"))
        default: break
        }
        keys += [
            theme.text("terminal.keys.leaderboard"), theme.text("terminal.keys.about"),
            theme.text("terminal.keys.help"),
            theme.text("terminal.keys.quit"),
        ]
        return keys.joined(separator: "  ")
    }

    private static func optionCount(_ kind: QuestionKind) -> Int {
        if case .choice(let options) = kind { return options.count }
        return 0
    }

    static func tooSmall(into canvas: inout Canvas, theme: Theme) {
        let lines = TerminalText.wrapped(
            theme.text(
                "terminal.screen.tooSmall",
                [
                    "width": .int(minimumWidth), "height": .int(minimumHeight), "actualWidth": .int(canvas.width),
                    "actualHeight": .int(canvas.height),
                ]),
            toWidth: max(1, canvas.width - 2))
        for (i, line) in lines.enumerated() { canvas.put(line, x: 1, y: i, style: theme.title) }
    }
}
