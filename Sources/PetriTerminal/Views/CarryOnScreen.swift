/// The `o` screen of a make-up: the link that carries the student's place to another device (a browser, or
/// `petri join LINK`), and that it is theirs alone (it holds their resume token).
enum CarryOnScreen {
    /// Draws the box centred on the canvas.
    static func draw(into canvas: inout Canvas, link: String, theme: Theme) {
        let width = min(canvas.width - 4, 76)
        var lines = TerminalText.wrapped(theme.text("terminal.makeup.carryOn"), toWidth: width - 4)
        lines.append("")
        // The link is one word: broken only where it must be, so it can be copied.
        var rest = Substring(link)
        while !rest.isEmpty {
            lines.append(String(rest.prefix(width - 4)))
            rest = rest.dropFirst(width - 4)
        }
        lines.append("")
        lines += TerminalText.wrapped(theme.text("terminal.makeup.carryOnSecret"), toWidth: width - 4)
        let height = min(canvas.height - 2, lines.count + 4)
        let rect = Rect(x: (canvas.width - width) / 2, y: (canvas.height - height) / 2, width: width, height: height)
        canvas.fill(Rect(x: rect.x - 1, y: rect.y, width: rect.width + 2, height: rect.height))
        canvas.box(
            rect, title: theme.text("terminal.makeup.carryOnTitle"), style: theme.accent, titleStyle: theme.accent)
        let inner = rect.inset(dx: 2, dy: 1)
        for (i, line) in lines.enumerated() where i < inner.height - 1 {
            canvas.put(line, x: inner.x, y: inner.y + i, maxWidth: inner.width)
        }
        canvas.put(
            theme.text("terminal.help.back"), x: inner.x, y: inner.maxY - 1, style: theme.dim, maxWidth: inner.width)
    }
}
