extension LifeGrid {
    /// Copies `pattern` onto the board with its top-left cell at (`x`, `y`).
    ///
    /// The pattern's whole rectangle replaces the board's cells there (its dead cells clear the
    /// board), so a stamped pattern behaves as designed. Cells falling beyond the edge are dropped
    /// on a bounded board and wrap around on a torus.
    ///
    /// - Parameters:
    ///   - pattern: the cells to copy; at most as wide and as tall as the board.
    ///   - x: the board column of the pattern's left edge (any value; may be off the board).
    ///   - y: the board row of the pattern's top edge.
    ///   - boundary: whether to drop or wrap cells beyond the edge.
    /// - Precondition: the pattern is no larger than the board.
    mutating func paste(_ pattern: LifeGrid, atX x: Int, y: Int, boundary: LifeBoundary) {
        precondition(pattern.width <= width && pattern.height <= height, "the pattern is larger than the board")
        let toroidal = boundary == .toroidal
        func wrap(_ v: Int, _ n: Int) -> Int { (v % n + n) % n }
        for py in 0..<pattern.height {
            var ty = y + py
            if toroidal {
                ty = wrap(ty, height)
            } else if ty < 0 || ty >= height {
                continue
            }
            if toroidal {
                let start = wrap(x, width)
                if start + pattern.width <= width {
                    clearRow(ty, from: start, to: start + pattern.width)
                } else {
                    clearRow(ty, from: start, to: width)
                    clearRow(ty, from: 0, to: start + pattern.width - width)
                }
            } else {
                let x0 = max(x, 0), x1 = min(x + pattern.width, width)
                if x0 < x1 { clearRow(ty, from: x0, to: x1) }
            }
            for i in 0..<pattern.wordsPerRow {
                var word = pattern.words[py * pattern.wordsPerRow + i]
                while word != 0 {
                    var tx = x + i * 64 + word.trailingZeroBitCount
                    word &= word &- 1
                    if toroidal {
                        tx = wrap(tx, width)
                    } else if tx < 0 || tx >= width {
                        continue
                    }
                    self[tx, ty] = true
                }
            }
        }
    }

    /// Brings every cell of row `y` in columns `x0..<x1` to life (on the board, `x0 < x1`).
    mutating func fillRow(_ y: Int, from x0: Int, to x1: Int) {
        let base = y * wordsPerRow
        let first = x0 >> 6, last = (x1 - 1) >> 6
        for i in first...last {
            var bits: UInt64 = ~0
            if i == first { bits &= ~0 << UInt64(x0 & 63) }
            if i == last { bits &= ~0 >> UInt64(63 - (x1 - 1) & 63) }
            words[base + i] |= bits
        }
    }

    /// The first column at or after `x` in row `y` whose cell is `alive`, or ``width`` if none.
    func nextColumn(row y: Int, from x: Int, alive: Bool) -> Int {
        guard x < width else { return width }
        let base = y * wordsPerRow
        var i = x >> 6
        var word = (alive ? words[base + i] : ~words[base + i]) & (~0 << UInt64(x & 63))
        while word == 0 {
            i += 1
            guard i < wordsPerRow else { return width }
            word = alive ? words[base + i] : ~words[base + i]
        }
        return min(i * 64 + word.trailingZeroBitCount, width)
    }
}
