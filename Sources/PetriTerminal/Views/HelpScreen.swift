/// The `?` screen: every key of the student view.
enum HelpScreen {
    /// The keys and what they do, in the order shown.
    ///
    /// - Parameter makeup: Whether the student plays a make-up (its keys come first; no spotter, who hunts).
    static func studentKeys(_ theme: Theme, makeup: Bool = false) -> [(String, String)] {
        let makeupKeys = [
            ("n", theme.text("terminal.help.makeupNext")), ("c", theme.text("terminal.help.makeupPace")),
            ("o", theme.text("terminal.help.makeupCarryOn")),
        ]
        let keys = [
            ("0-9 . -", theme.text("terminal.help.typeNumber")),
            ("1-8", theme.text("terminal.help.option")),
            ("Enter", theme.text("terminal.help.send")),
            ("Backspace", theme.text("terminal.help.delete")),
            ("h", theme.text("terminal.help.hint")),
            ("← →", theme.text("terminal.help.history")),
            ("Home End", theme.text("terminal.help.ends")),
            ("PgUp PgDn", theme.text("terminal.help.pages")),
            ("b", theme.text("terminal.help.suited")),
            ("w a s d", theme.text("terminal.help.board")),
            ("↑↓←→ Tab Enter", theme.text("terminal.help.hunt")),
            ("p", theme.text("terminal.help.spotter")),
            ("r", theme.text("terminal.help.reconnect")),
            ("l", theme.text("terminal.help.leaderboard")),
            ("i", theme.text("terminal.help.about")),
            ("g", theme.text("terminal.help.guide")),
            ("Space", theme.text("terminal.help.reason")),
            ("?", theme.text("terminal.help.help")),
            ("q  Ctrl-C", theme.text("terminal.help.quit")),
        ]
        return makeup ? makeupKeys + keys.filter { $0.0 != "p" && !$0.0.hasPrefix("↑↓←→") } : keys
    }

    /// Draws the help box centred on the canvas, in two columns when one does not fit.
    static func draw(
        into canvas: inout Canvas, title: String? = nil, keys: [(String, String)]? = nil, theme: Theme
    ) {
        let title = title ?? theme.text("terminal.help.keys")
        let keys = keys ?? studentKeys(theme)
        let keyWidth = min(12, (keys.map { TerminalText.width(of: $0.0) }.max() ?? 8) + 2)
        let available = canvas.height - 6
        let columns = keys.count > available ? 2 : 1
        let rows = (keys.count + columns - 1) / columns
        let width = min(canvas.width - 2, columns == 1 ? 70 : canvas.width - 2)
        let height = min(canvas.height, rows + 4)
        let rect = Rect(x: (canvas.width - width) / 2, y: (canvas.height - height) / 2, width: width, height: height)
        canvas.fill(Rect(x: rect.x - 1, y: rect.y, width: rect.width + 2, height: rect.height))
        canvas.box(rect, title: title, style: theme.accent, titleStyle: theme.accent)
        let inner = rect.inset(dx: 2, dy: 1)
        let columnWidth = columns == 1 ? inner.width : (inner.width - 2) / 2
        for (i, (key, meaning)) in keys.enumerated() {
            let column = i / rows
            let row = i % rows
            guard row < inner.height - 1 else { continue }
            let x = inner.x + column * (columnWidth + 2)
            canvas.put(TerminalText.padded(key, toWidth: keyWidth), x: x, y: inner.y + row, style: theme.title)
            canvas.put(meaning, x: x + keyWidth, y: inner.y + row, maxWidth: columnWidth - keyWidth)
        }
        canvas.put(
            theme.text("terminal.help.back"), x: inner.x, y: inner.maxY - 1, style: theme.dim, maxWidth: inner.width)
    }
}
