/// What the terminal can show: no colour, the xterm 256-colour palette, or 24-bit colour.
package enum ColorMode: String, Sendable, Hashable, CaseIterable {
    /// No colours at all (NO_COLOR, or a terminal that cannot): views use distinct glyphs instead.
    case none
    /// The xterm 256-colour palette (`ESC[38;5;Nm`).
    case ansi256
    /// 24-bit colour (`ESC[38;2;R;G;Bm`).
    case truecolor

    /// Whether views may rely on colour to tell things apart.
    var hasColor: Bool { self != .none }

    /// The mode a terminal described by these environment variables supports.
    ///
    /// `NO_COLOR` (any non-empty value, see no-color.org) or `TERM=dumb` give ``none``;
    /// `COLORTERM=truecolor` or `24bit` give ``truecolor``; anything else ``ansi256``,
    /// which every terminal emulator in use today shows.
    ///
    /// - Parameter environment: The process environment.
    package static func detect(environment: [String: String]) -> ColorMode {
        if let noColor = environment["NO_COLOR"], !noColor.isEmpty { return .none }
        if environment["TERM"] == "dumb" { return .none }
        let colorTerm = environment["COLORTERM"]?.lowercased() ?? ""
        if colorTerm == "truecolor" || colorTerm == "24bit" { return .truecolor }
        return .ansi256
    }
}
