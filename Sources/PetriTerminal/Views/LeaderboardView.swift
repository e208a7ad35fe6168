import PetriProtocol

/// Leaderboard lines and one-line summaries.
enum LeaderboardView {
    /// `1 Ada 2070 · 2 Ben 1500 · …` for as many entries as fit.
    static func inline(_ entries: [LeaderboardEntry], width: Int) -> String {
        var text = ""
        for entry in entries {
            let item = "\(entry.rank) \(TerminalText.clipped(entry.name, toWidth: 16)) \(entry.score)"
            let next = text.isEmpty ? item : text + " · " + item
            if TerminalText.width(of: next) > width { break }
            text = next
        }
        return text
    }

    /// Draws one entry per row: rank, name, score; `you` highlighted.
    static func draw(
        into canvas: inout Canvas, rect: Rect, board: Leaderboard, highlight: StudentID?, theme: Theme
    ) {
        var y = rect.y
        var entries = board.top
        if let you = board.you, !entries.contains(where: { $0.student == you.student }) {
            entries = Array(entries.prefix(max(0, rect.height - 1))) + [you]
        }
        for entry in entries.prefix(rect.height) {
            let score = "\(entry.score)"
            let name = TerminalText.clipped(entry.name, toWidth: rect.width - 5 - TerminalText.width(of: score))
            let style = entry.student == highlight ? theme.accent : CellStyle.plain
            canvas.put(
                TerminalText.padded("\(entry.rank)", toWidth: 4) + name, x: rect.x, y: y, style: style,
                maxWidth: rect.width)
            canvas.put(score, x: rect.maxX - TerminalText.width(of: score), y: y, style: style)
            y += 1
        }
    }
}
