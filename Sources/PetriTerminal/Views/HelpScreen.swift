/// The `?` screen: every key of the student view.
enum HelpScreen {
    /// The keys and what they do, in the order shown.
    static let studentKeys: [(String, String)] = [
        ("0-9 . -", "type a number or a chance (per cent)"),
        ("1-8", "answer with an option (sent at once; when the answer is final, Enter sends)"),
        ("Enter", "send your answer (you may change it until it locks)"),
        ("Backspace", "delete the last character"),
        ("h", "show the hint (press twice; halves your points)"),
        ("← →", "step through past generations"),
        ("Home End", "first generation / back to live"),
        ("PgUp PgDn", "ten generations at a time"),
        ("b", "mark the best-suited creatures"),
        ("w a s d", "move the board view; f follows the cells again"),
        ("r", "reconnect now while waiting to reconnect"),
        ("l", "the leaderboard (l again: next page)"),
        ("i", "about this model"),
        ("g", "guide: what evolution is, and why chance matters"),
        ("Space", "while answering: add why you think so"),
        ("?", "this help"),
        ("q  Ctrl-C", "leave the lesson"),
    ]

    /// Draws the help box centred on the canvas, in two columns when one does not fit.
    static func draw(
        into canvas: inout Canvas, title: String = "Keys", keys: [(String, String)] = studentKeys, theme: Theme
    ) {
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
        canvas.put("Press any key to go back.", x: inner.x, y: inner.maxY - 1, style: theme.dim, maxWidth: inner.width)
    }
}
