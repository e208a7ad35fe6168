/// One key press, decoded from the terminal's bytes.
enum Key: Sendable, Hashable {
    /// A printable character (letters, digits, punctuation, any script).
    case character(Character)
    case enter
    case backspace
    case delete
    case tab
    case escape
    case up
    case down
    case left
    case right
    case home
    case end
    case pageUp
    case pageDown
    /// Ctrl plus a letter, e.g. `.control("c")` for Ctrl-C (lower-case letter).
    case control(Character)
}
