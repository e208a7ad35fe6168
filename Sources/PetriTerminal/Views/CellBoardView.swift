import PetriWords

/// The cell-board picture, drawn with half blocks: each character is one column and two rows of cells.
///
/// The view shows a viewport of the received region; ``follow(_:snapshot:cells:columns:rows:)``
/// keeps it on the cells that are alive unless the student moved it.
enum CellBoardView {
    /// Draws the caption in the top row of `rect` and the board below it.
    static func draw(
        into canvas: inout Canvas, rect: Rect, snapshot: CellBoardSnapshot, cells: LiveCells, viewport: BoardViewport,
        theme: Theme
    ) {
        guard rect.height >= 2, rect.width >= 4 else { return }
        let (captionRow, field) = rect.splitTop(1)
        let onBoard = CellStyle(
            foreground: theme.hasColor ? .green : nil,
            background: theme.hasColor ? TerminalColor(red: 20, green: 28, blue: 24) : nil)
        func alive(_ x: Int, _ y: Int) -> Bool {
            let rx = x - snapshot.x
            let ry = y - snapshot.y
            guard rx >= 0, ry >= 0, rx < snapshot.width, ry < snapshot.height else { return false }
            return cells.alive[ry * snapshot.width + rx]
        }
        func isOnBoard(_ x: Int, _ y: Int) -> Bool {
            x >= 0 && y >= 0 && x < snapshot.boardWidth && y < snapshot.boardHeight
        }
        let left = -viewport.x
        let right = snapshot.boardWidth - viewport.x  // first column past the board
        for row in 0..<field.height {
            let top = viewport.y + 2 * row
            let rowOnBoard = top + 1 >= 0 && top < snapshot.boardHeight
            for column in 0..<field.width {
                let x = viewport.x + column
                let board = isOnBoard(x, top) || isOnBoard(x, top + 1)
                var glyph: Character =
                    switch (alive(x, top), alive(x, top + 1)) {
                    case (true, true): "█"
                    case (true, false): "▀"
                    case (false, true): "▄"
                    case (false, false): " "
                    }
                var style = board ? onBoard : CellStyle.plain
                if !board {
                    // A thin frame just outside the board, so its edges show when it is smaller than the view.
                    let columnOnBoard = column >= left && column < right
                    let above = top + 1 == -1 || top == -1
                    let below =
                        top == snapshot.boardHeight
                        || top - 1 == snapshot.boardHeight - 1 && top >= snapshot.boardHeight
                    if (column == left - 1 || column == right) && rowOnBoard {
                        glyph = "│"
                    } else if columnOnBoard && (above || below) {
                        glyph = "─"
                    } else if (column == left - 1 || column == right) && (above || below) {
                        glyph = column == left - 1 ? (above ? "┌" : "└") : (above ? "┐" : "┘")
                    }
                    style = theme.dim
                }
                canvas.set(field.x + column, field.y + row, glyph, style)
            }
        }
        var caption = "\(snapshot.rule) · \(snapshot.boardWidth)×\(snapshot.boardHeight) \(snapshot.boundary)"
        let fits = snapshot.boardWidth <= field.width && snapshot.boardHeight <= 2 * field.height
        if !fits {
            let at: [String: WordArgument] = ["x": .int(viewport.x), "y": .int(viewport.y)]
            caption +=
                " · "
                + (viewport.following
                    ? theme.text("terminal.board.following", at) : theme.text("terminal.board.moving", at))
        }
        canvas.put(caption, x: captionRow.x, y: captionRow.y, style: theme.dim, maxWidth: captionRow.width)
    }

    /// Where the viewport should be for this picture.
    ///
    /// A board that fits is centred. Otherwise a following viewport stays put while every live
    /// cell is inside it, and recentres on them (their bounding box, or their centre of mass when
    /// they do not fit) when they leave; a moved viewport only stays on the board.
    ///
    /// - Parameters:
    ///   - columns: The view's width in cells.
    ///   - rows: The view's height in cells (twice its rows of characters).
    static func follow(
        _ viewport: BoardViewport, snapshot: CellBoardSnapshot, cells: LiveCells, columns: Int, rows: Int
    ) -> BoardViewport {
        var next = viewport
        next.placed = true
        let boardW = snapshot.boardWidth
        let boardH = snapshot.boardHeight
        func clampX(_ x: Int) -> Int { boardW <= columns ? -(columns - boardW) / 2 : min(max(0, x), boardW - columns) }
        func clampY(_ y: Int) -> Int { boardH <= rows ? -(rows - boardH) / 2 : min(max(0, y), boardH - rows) }
        guard viewport.following else {
            next.x = clampX(viewport.x)
            next.y = clampY(viewport.y)
            return next
        }
        let (minX, minY, maxX, maxY, count) = (cells.minX, cells.minY, cells.maxX, cells.maxY, cells.count)
        guard count > 0 else {
            next.x = clampX(snapshot.x + (snapshot.width - columns) / 2)
            next.y = clampY(snapshot.y + (snapshot.height - rows) / 2)
            return next
        }
        let inside =
            viewport.placed && minX >= viewport.x && maxX < viewport.x + columns && minY >= viewport.y
            && maxY < viewport.y + rows
        if !inside {
            if maxX - minX < columns && maxY - minY < rows {
                next.x = (minX + maxX + 1 - columns) / 2
                next.y = (minY + maxY + 1 - rows) / 2
            } else {
                next.x = cells.sumX / count - columns / 2
                next.y = cells.sumY / count - rows / 2
            }
        }
        next.x = clampX(next.x)
        next.y = clampY(next.y)
        return next
    }
}
