/// The escape sequences that enter and leave the full-screen mode.
enum TerminalModes {
    /// Alternate screen, cursor hidden, line wrap off (so the last cell never scrolls), screen cleared.
    static let enter = "\u{1B}[?1049h\u{1B}[?25l\u{1B}[?7l\u{1B}[0m\u{1B}[2J\u{1B}[H"
    /// Default attributes, line wrap and cursor back on, main screen back.
    static let leave = "\u{1B}[0m\u{1B}[?7h\u{1B}[?25h\u{1B}[?1049l"
}
