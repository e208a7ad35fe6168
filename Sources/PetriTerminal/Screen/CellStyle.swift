/// How one cell is drawn: colours and attributes.
///
/// Colours are ignored in ``ColorMode/none``; attributes (bold, dim, underline, reverse) are
/// kept there, since NO_COLOR is about colour only.
public struct CellStyle: Sendable, Hashable {
    public var foreground: TerminalColor?
    public var background: TerminalColor?
    public var bold = false
    public var dim = false
    public var underline = false
    public var reverse = false

    /// A style; everything off by default.
    public init(
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
    public static let plain = CellStyle()
    /// Bold text.
    public static let bold = CellStyle(bold: true)
    /// Faint text.
    public static let dim = CellStyle(dim: true)
    /// Swapped foreground and background.
    public static let reverse = CellStyle(reverse: true)

    /// This style with another foreground.
    public func with(foreground color: TerminalColor?) -> CellStyle {
        var s = self
        s.foreground = color
        return s
    }

    /// This style with another background.
    public func with(background color: TerminalColor?) -> CellStyle {
        var s = self
        s.background = color
        return s
    }
}
