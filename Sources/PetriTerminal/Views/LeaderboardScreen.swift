import PetriProtocol

/// The `l` screen: the leaderboard as the student receives it, as many lines as the window holds, paged.
///
/// The inline `Top:` lines beside a question hold only the names that fit in one row (one at 80
/// columns); this screen is where the whole board the server sends (its top N and the student's own
/// line) can be read.
enum LeaderboardScreen {
    /// The entries shown: the top, then the student's own line when it is not among them.
    static func entries(_ board: Leaderboard) -> [LeaderboardEntry] {
        var entries = board.top
        if let you = board.you, !entries.contains(where: { $0.student == you.student }) { entries.append(you) }
        return entries
    }

    /// The entry rows one page holds on a canvas of `height` rows.
    static func rowsPerPage(height: Int) -> Int { max(1, height - 6) }

    /// How many pages the board takes on a canvas of `height` rows.
    static func pages(_ board: Leaderboard, height: Int) -> Int {
        max(1, (entries(board).count + rowsPerPage(height: height) - 1) / rowsPerPage(height: height))
    }

    /// Draws page `page` (from 0, clamped) of the board in a box over the whole canvas.
    static func draw(
        into canvas: inout Canvas, board: Leaderboard, you: StudentID?, page: Int, theme: Theme
    ) {
        let rect = Rect(x: 1, y: 1, width: canvas.width - 2, height: canvas.height - 2)
        guard rect.width >= 20, rect.height >= 5 else { return }
        let all = entries(board)
        let perPage = rowsPerPage(height: canvas.height)
        let pageCount = pages(board, height: canvas.height)
        let shown = min(max(0, page), pageCount - 1)
        canvas.fill(Rect(x: 0, y: 0, width: canvas.width, height: canvas.height))
        let title = theme.text(
            "terminal.leaderboard.title", ["top": .int(board.top.count), "count": .int(board.students)])
        canvas.box(rect, title: title, style: theme.accent, titleStyle: theme.accent)
        let inner = rect.inset(dx: 2, dy: 1)
        let slice = Array(all.dropFirst(shown * perPage).prefix(perPage))
        LeaderboardView.draw(
            into: &canvas, rect: Rect(x: inner.x, y: inner.y, width: min(inner.width, 60), height: perPage),
            board: Leaderboard(top: slice, you: nil, students: board.students), highlight: you, theme: theme)
        let paging =
            pageCount > 1
            ? theme.text("terminal.leaderboard.page", ["page": .int(shown + 1), "pages": .int(pageCount)]) + " " : ""
        canvas.put(
            paging + theme.text("terminal.leaderboard.back"), x: inner.x, y: inner.maxY - 1, style: theme.dim,
            maxWidth: inner.width)
    }
}
