/// A Life pattern: a rectangle of cells with the name, comments and rule an RLE file gave it.
///
/// Read one from RLE text with ``init(rle:maxWidth:maxHeight:)``, take a named classic with
/// ``named(_:)``, write one out with ``rle``.
///
/// ```swift
/// let glider = try LifePattern(rle: "x = 3, y = 3\nbo$2bo$3o!")
/// var board = try LifeGrid(width: 20, height: 20)
/// board.paste(glider.cells, atX: 1, y: 1, boundary: .bounded)
/// ```
package struct LifePattern: Sendable, Hashable {
    /// The `#N` name line, if any.
    var name: String?
    /// The text of `#C`, `#c` and `#O` lines, in order.
    var comments: [String]
    /// The rule given in the header (or an old `#r` line), if any.
    var rule: LifeRule?
    /// The pattern's bounding rectangle, as given by the header (or the body's extent when
    /// there is no header).
    package var cells: LifeGrid

    /// A pattern made of `cells`, optionally named, commented and tied to a rule.
    package init(cells: LifeGrid, name: String? = nil, comments: [String] = [], rule: LifeRule? = nil) {
        self.cells = cells
        self.name = name
        self.comments = comments
        self.rule = rule
    }

    /// Reads a pattern given either by a catalog name or as RLE text.
    ///
    /// Text containing a digit, a newline or any of `! $ = #` is RLE; anything else is a name
    /// (see ``catalogNames``). `rle` alone, such as `ooo`, is therefore read as a name: end
    /// RLE with `!` (`3o!`).
    ///
    /// - Parameters:
    ///   - text: a name such as `glider` or `Gosper glider gun`, or RLE text.
    ///   - maxWidth: the widest pattern allowed.
    ///   - maxHeight: the tallest pattern allowed.
    /// - Throws: ``SimulationError/Code/malformedInput`` for malformed RLE, an unknown name or a
    ///   pattern larger than allowed.
    package init(
        resolving text: String, maxWidth: Int = LifeGrid.maxSide, maxHeight: Int = LifeGrid.maxSide
    ) throws(SimulationError) {
        let looksLikeRLE = text.contains { $0.isNumber || $0.isNewline || "!$=#".contains($0) }
        guard !looksLikeRLE else {
            try self.init(rle: text, maxWidth: maxWidth, maxHeight: maxHeight)
            return
        }
        let pattern = try Self.named(text)
        guard pattern.cells.width <= maxWidth, pattern.cells.height <= maxHeight else {
            throw SimulationError(
                .malformedInput,
                "The pattern \(pattern.name ?? text) is \(pattern.cells.width)×\(pattern.cells.height) cells,"
                    + " larger than the \(maxWidth)×\(maxHeight) cells that fit here."
            )
        }
        self = pattern
    }
}
