import PetriProtocol

/// The bottom line: the newest message for a few seconds, otherwise the keys.
enum Footer {
    /// How long a message stays, in milliseconds.
    static let messageLifetime: Int64 = 8000

    /// Draws the footer across `rect` (one row).
    ///
    /// - Parameters:
    ///   - message: A message to show if it is recent enough (the newest of the UI's and the lesson's).
    ///   - keys: The key hints shown otherwise.
    static func draw(
        into canvas: inout Canvas, rect: Rect, message: Notice?, keys: String, now: Timestamp, theme: Theme
    ) {
        if let message, now.millisecondsSince1970 - message.at.millisecondsSince1970 < messageLifetime {
            let style =
                switch message.kind {
                case .error: theme.error
                case .success: theme.success
                case .info: theme.accent
                }
            canvas.put(" " + message.text, x: rect.x, y: rect.y, style: style, maxWidth: rect.width)
        } else {
            canvas.put(" " + keys, x: rect.x, y: rect.y, style: theme.dim, maxWidth: rect.width)
        }
    }

    /// The newer of two optional notices.
    static func newest(_ a: Notice?, _ b: Notice?) -> Notice? {
        guard let a else { return b }
        guard let b else { return a }
        return a.at >= b.at ? a : b
    }
}
