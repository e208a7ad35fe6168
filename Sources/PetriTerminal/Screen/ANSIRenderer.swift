/// Turns a ``Canvas`` into the bytes a terminal needs, for one ``ColorMode``.
///
/// The renderer is the only code that writes escape sequences, and it writes only these:
/// SGR (`ESC[…m`), cursor position (`ESC[row;colH`) and erase-display (`ESC[2J`), plus the
/// private modes of ``TerminalModes``. Everything between them is a canvas's printable text.
struct ANSIRenderer: Sendable {
    /// What the terminal can show.
    var mode: ColorMode

    /// A renderer for one colour mode.
    init(mode: ColorMode) {
        self.mode = mode
    }

    /// One row of the canvas with its SGR codes, starting and ending in the default style.
    func row(_ canvas: Canvas, _ y: Int) -> String {
        var out = "\u{1B}[0m"
        var current = CellStyle.plain
        for x in 0..<canvas.width {
            let cell = canvas[x, y]
            if cell.character.isEmpty { continue }  // right half of a wide character
            let style = effective(cell.style)
            if style != current {
                out += sgr(style)
                current = style
            }
            out += cell.character
        }
        return out + "\u{1B}[0m"
    }

    /// The whole canvas: every row positioned with `ESC[row;1H`.
    func frame(_ canvas: Canvas) -> String {
        (0..<canvas.height).map { "\u{1B}[\($0 + 1);1H" + row(canvas, $0) }.joined()
    }

    /// The canvas as lines, for golden files: SGR codes written as `⟨…⟩` so a diff shows them.
    func visibleLines(_ canvas: Canvas) -> [String] {
        (0..<canvas.height).map { row(canvas, $0).replacingEscapes() }
    }

    /// The style as this mode can show it.
    private func effective(_ style: CellStyle) -> CellStyle {
        guard mode == .none else { return style }
        var s = style
        s.foreground = nil
        s.background = nil
        return s
    }

    private func sgr(_ style: CellStyle) -> String {
        var codes = ["0"]
        if style.bold { codes.append("1") }
        if style.dim { codes.append("2") }
        if style.underline { codes.append("4") }
        if style.reverse { codes.append("7") }
        if let fg = style.foreground { codes.append(color(fg, base: 38)) }
        if let bg = style.background { codes.append(color(bg, base: 48)) }
        return "\u{1B}[" + codes.joined(separator: ";") + "m"
    }

    private func color(_ c: TerminalColor, base: Int) -> String {
        switch mode {
        case .truecolor: "\(base);2;\(c.red);\(c.green);\(c.blue)"
        case .ansi256: "\(base);5;\(c.ansi256Index)"
        case .none: ""
        }
    }
}

extension String {
    /// ESC sequences shown as `⟨…⟩` (for golden files and test failure messages).
    func replacingEscapes() -> String {
        var out = ""
        var inEscape = false
        for scalar in unicodeScalars {
            if scalar == "\u{1B}" {
                out += "⟨"
                inEscape = true
                continue
            }
            if inEscape && scalar == "[" { continue }
            out.unicodeScalars.append(scalar)
            if inEscape && (0x40...0x7E).contains(scalar.value) {
                out += "⟩"
                inEscape = false
            }
        }
        return out
    }
}
