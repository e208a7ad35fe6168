import PetriWords

/// The palette of styles the views share, for one colour mode.
struct Theme: Sendable, Hashable {
    /// The colour mode the styles are for.
    var mode: ColorMode
    /// The language the views' words are in.
    var language: Language

    /// The styles for one colour mode, the words in `language`.
    init(mode: ColorMode, language: Language = .english) {
        self.mode = mode
        self.language = language
    }

    /// The terminal's sentence `key` in the theme's language (see ``TerminalWords``).
    func text(_ key: String, _ arguments: [String: WordArgument] = [:]) -> String {
        TerminalWords.book.text(key, arguments, in: language)
    }

    /// Whether colours may tell things apart.
    var hasColor: Bool { mode.hasColor }

    /// The status line.
    var bar: CellStyle {
        hasColor
            ? CellStyle(foreground: .white, background: TerminalColor(red: 45, green: 55, blue: 80), bold: true)
            : CellStyle(bold: true, reverse: true)
    }

    /// Headings.
    var title: CellStyle { .bold }
    /// Secondary text.
    var dim: CellStyle { hasColor ? CellStyle(foreground: .dimGray) : .dim }
    /// Errors.
    var error: CellStyle { hasColor ? CellStyle(foreground: .red, bold: true) : .bold }
    /// Good news (accepted answers, points).
    var success: CellStyle { hasColor ? CellStyle(foreground: .green, bold: true) : .bold }
    /// What needs attention (the open question).
    var accent: CellStyle { hasColor ? CellStyle(foreground: .cyan, bold: true) : .bold }
    /// Warnings (a hint that costs points).
    var warning: CellStyle { hasColor ? CellStyle(foreground: .yellow, bold: true) : .bold }
    /// A field being typed in.
    var input: CellStyle {
        hasColor ? CellStyle(foreground: .white, background: .panel, underline: true) : .reverse
    }
    /// The "locked" badge.
    var locked: CellStyle {
        hasColor ? CellStyle(foreground: .black, background: .yellow, bold: true) : CellStyle(bold: true, reverse: true)
    }
    /// Box lines.
    var frame: CellStyle { dim }
}
