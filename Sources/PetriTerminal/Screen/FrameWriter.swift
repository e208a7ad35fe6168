/// Sends only the rows that changed since the last frame, so a redraw never flickers.
///
/// Not thread-safe: owned by the one task that draws.
struct FrameWriter: Sendable {
    private var previous: [String] = []
    private var size: (Int, Int) = (0, 0)
    /// Turns rows into bytes.
    var renderer: ANSIRenderer

    /// A writer that has drawn nothing yet.
    init(renderer: ANSIRenderer) {
        self.renderer = renderer
    }

    /// The bytes that bring the terminal from the last frame to this one.
    ///
    /// After a size change (or ``invalidate()``) the screen is cleared and every row is sent.
    mutating func update(_ canvas: Canvas) -> String {
        var out = ""
        if size != (canvas.width, canvas.height) {
            out += "\u{1B}[0m\u{1B}[2J"
            previous = []
            size = (canvas.width, canvas.height)
        }
        let rows = (0..<canvas.height).map { renderer.row(canvas, $0) }
        for (y, row) in rows.enumerated() where y >= previous.count || previous[y] != row {
            out += "\u{1B}[\(y + 1);1H" + row
        }
        previous = rows
        return out
    }

    /// Forgets the last frame, so the next update redraws everything (after Ctrl-L or a resize).
    mutating func invalidate() {
        previous = []
        size = (0, 0)
    }
}
