import PetriProtocol
import PetriSimulation
import PetriWords

/// The `i` screen: what the lesson's model is, in the server's words (its description's title, story and guide,
/// and the guide's section on chance), so the terminal says what the browser pages say and knows no model itself.
enum AboutScreen {
    /// The title and text, from what the server has sent so far; a sentence while nothing has come yet.
    static func text(for lesson: LessonState) -> (title: String, body: String) {
        var paragraphs: [String] = []
        if let story = lesson.modelDescription?.story ?? lesson.guide?.story, !story.isEmpty {
            paragraphs.append(story)
        }
        if let guide = lesson.modelDescription?.guide, !guide.isEmpty { paragraphs.append(guide) }
        if let chance = lesson.guide?.section("randomness") {
            paragraphs.append(chance.title)
            paragraphs += chance.paragraphs
        }
        if paragraphs.isEmpty { paragraphs.append(TerminalWords.text("terminal.about.asking", in: lesson.language)) }
        let title = lesson.modelDescription?.title ?? lesson.model ?? ""
        let heading =
            title.isEmpty
            ? TerminalWords.text("terminal.about.title", in: lesson.language)
            : TerminalWords.text("terminal.about.titleModel", ["title": .text(title)], in: lesson.language)
        return (heading, paragraphs.joined(separator: "\n\n"))
    }

    /// Draws the about box centred on the canvas.
    static func draw(into canvas: inout Canvas, lesson: LessonState, theme: Theme) {
        let (title, body) = text(for: lesson)
        let width = min(canvas.width - 4, 76)
        let lines = TerminalText.wrapped(body, toWidth: width - 4)
        let height = min(canvas.height - 2, lines.count + 4)
        let rect = Rect(x: (canvas.width - width) / 2, y: (canvas.height - height) / 2, width: width, height: height)
        canvas.fill(Rect(x: rect.x - 1, y: rect.y, width: rect.width + 2, height: rect.height))
        canvas.box(rect, title: title, style: theme.accent, titleStyle: theme.accent)
        let inner = rect.inset(dx: 2, dy: 1)
        for (i, line) in lines.enumerated() where i < inner.height - 1 {
            canvas.put(line, x: inner.x, y: inner.y + i, maxWidth: inner.width)
        }
        canvas.put(
            theme.text("terminal.help.back"), x: inner.x, y: inner.maxY - 1, style: theme.dim, maxWidth: inner.width)
    }
}
