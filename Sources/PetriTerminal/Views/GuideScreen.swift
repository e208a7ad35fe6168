import PetriProtocol

/// The `g` screen: the model's story, then what evolution is and why chance matters, from the guide the
/// server sends (the same text the browser pages show).
enum GuideScreen {
    /// The lines shown: the story, then each section's title and paragraphs, wrapped to `width`.
    static func lines(of guide: Guide, width: Int, theme: Theme) -> [(String, Bool)] {
        var lines: [(String, Bool)] = []
        if let story = guide.story, !story.isEmpty {
            lines.append((theme.text("terminal.guide.story"), true))
            lines += TerminalText.wrapped(story, toWidth: width).map { ($0, false) }
            lines.append(("", false))
        }
        for section in guide.sections {
            lines.append((section.title, true))
            for paragraph in section.paragraphs {
                lines += TerminalText.wrapped(paragraph, toWidth: width).map { ($0, false) }
            }
            lines.append(("", false))
        }
        return lines
    }

    static func draw(into canvas: inout Canvas, guide: Guide, theme: Theme) {
        let width = min(canvas.width - 4, 76)
        guard width > 10, canvas.height > 6 else { return }
        let height = canvas.height - 2
        let rect = Rect(x: (canvas.width - width) / 2, y: 1, width: width, height: height)
        canvas.fill(Rect(x: rect.x - 1, y: rect.y, width: rect.width + 2, height: rect.height))
        canvas.box(rect, title: theme.text("terminal.guide.title"), style: theme.accent, titleStyle: theme.accent)
        let inner = rect.inset(dx: 2, dy: 1)
        for (i, (line, isTitle)) in lines(of: guide, width: inner.width, theme: theme).enumerated()
        where i < inner.height - 1 {
            canvas.put(line, x: inner.x, y: inner.y + i, style: isTitle ? theme.title : .plain, maxWidth: inner.width)
        }
        canvas.put(
            theme.text("terminal.help.back"), x: inner.x, y: inner.maxY - 1, style: theme.dim, maxWidth: inner.width)
    }
}
