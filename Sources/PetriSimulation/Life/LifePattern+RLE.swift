extension LifePattern {
    /// Reads a pattern in the Life community's RLE format.
    ///
    /// See `LifeRLEReader` for exactly what is accepted; in short: `#` comment lines, an
    /// optional `x = m, y = n, rule = B3/S23` header, then a body such as `bo$2bo$3o!` (the `!`
    /// may be left out).
    ///
    /// ```swift
    /// let glider = try LifePattern(rle: "#N Glider\nx = 3, y = 3, rule = B3/S23\nbo$2bo$3o!")
    /// ```
    ///
    /// - Parameters:
    ///   - text: the RLE text.
    ///   - maxWidth: the widest pattern allowed (at most ``LifeGrid/maxSide``).
    ///   - maxHeight: the tallest pattern allowed.
    /// - Throws: ``SimulationError/Code/malformedInput`` with a sentence saying what is wrong.
    package init(
        rle text: String, maxWidth: Int = LifeGrid.maxSide, maxHeight: Int = LifeGrid.maxSide
    ) throws(SimulationError) {
        let reader = try LifeRLEReader(text, maxWidth: maxWidth, maxHeight: maxHeight)
        self.init(cells: try reader.cells(), name: reader.name, comments: reader.comments, rule: reader.rule)
    }

    /// The pattern as RLE text: `#N` and `#C` lines, the header (with the rule when known), and
    /// the body in lines of at most 70 characters, ending with `!` and a newline.
    ///
    /// Runs of dead cells at the end of a row and empty rows at the end are left out, as usual;
    /// the header keeps the full size.
    package var rle: String {
        var text = ""
        if let name { text += "#N \(name)\n" }
        for comment in comments { text += "#C \(comment)\n" }
        text += "x = \(cells.width), y = \(cells.height)"
        if let rule { text += ", rule = \(rule)" }
        text += "\n" + Self.rleBody(of: cells)
        return text
    }

    /// The body of `grid` in RLE, wrapped at 70 characters, with the final `!` and newline.
    static func rleBody(of grid: LifeGrid) -> String {
        var lines: [String] = []
        var line = ""
        func emit(_ count: Int, _ tag: Character) {
            let token = count == 1 ? String(tag) : "\(count)\(tag)"
            if line.count + token.count > 70 {
                lines.append(line)
                line = ""
            }
            line += token
        }
        var lastRow = -1  // the last row that had a live cell
        for y in 0..<grid.height {
            var x = grid.nextColumn(row: y, from: 0, alive: true)
            guard x < grid.width else { continue }
            // Rows since the last live row (or leading empty rows) become one `n$`.
            let gap = lastRow >= 0 ? y - lastRow : y
            if gap > 0 { emit(gap, "$") }
            lastRow = y
            var deadFrom = 0
            while x < grid.width {
                if x > deadFrom { emit(x - deadFrom, "b") }
                let end = grid.nextColumn(row: y, from: x, alive: false)
                emit(end - x, "o")
                deadFrom = end
                x = grid.nextColumn(row: y, from: end, alive: true)
            }
        }
        emit(1, "!")
        lines.append(line)
        return lines.joined(separator: "\n") + "\n"
    }
}
