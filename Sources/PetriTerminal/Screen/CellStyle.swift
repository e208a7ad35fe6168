/// How one cell is drawn: colours and attributes.
///
/// Colours are ignored in ``ColorMode/none``; attributes (bold, dim, underline, reverse) are
/// kept there, since NO_COLOR is about colour only.
struct CellStyle: Sendable, Hashable {
    var foreground: TerminalColor?
    var background: TerminalColor?
    var bold = false
    var dim = false
    var underline = false
    var reverse = false

    /// A style; everything off by default.
    init(
        foreground: TerminalColor? = nil, background: TerminalColor? = nil, bold: Bool = false, dim: Bool = false,
        underline: Bool = false, reverse: Bool = false
    ) {
        self.foreground = foreground
        self.background = background
        self.bold = bold
        self.dim = dim
        self.underline = underline
        self.reverse = reverse
    }

    /// The terminal's default look.
    static let plain = CellStyle()
    /// Bold text.
    static let bold = CellStyle(bold: true)
    /// Faint text.
    static let dim = CellStyle(dim: true)
    /// Swapped foreground and background.
    static let reverse = CellStyle(reverse: true)

    /// This style with another foreground.
    func with(foreground color: TerminalColor?) -> CellStyle {
        var s = self
        s.foreground = color
        return s
    }

    /// This style with another background.
    func with(background color: TerminalColor?) -> CellStyle {
        var s = self
        s.background = color
        return s
    }
}
