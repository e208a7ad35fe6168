/// A grid of cells that views draw into; ``ANSIRenderer`` turns it into terminal output.
///
/// Drawing clips to the canvas (and to a `maxWidth` where given) and never writes a character
/// that ``TerminalText/isPrintable(_:)`` rejects, so a canvas can only ever hold printable text:
/// whatever a view is given, no escape sequence survives into the output.
struct Canvas: Sendable, Hashable {
    /// Columns.
    let width: Int
    /// Rows.
    let height: Int
    private var cells: [Cell]

    /// A canvas of `width`×`height` cells, all `fill`.
    init(width: Int, height: Int, fill: Cell = Cell()) {
        self.width = max(0, width)
        self.height = max(0, height)
        cells = Array(repeating: fill, count: self.width * self.height)
    }

    /// The whole canvas as a rectangle.
    var bounds: Rect { Rect(x: 0, y: 0, width: width, height: height) }

    /// The cell at (x, y); reading off the canvas gives a blank, writing there does nothing.
    subscript(x: Int, y: Int) -> Cell {
        get { contains(x, y) ? cells[y * width + x] : Cell() }
        set { if contains(x, y) { cells[y * width + x] = newValue } }
    }

    /// Whether (x, y) is on the canvas.
    func contains(_ x: Int, _ y: Int) -> Bool { x >= 0 && y >= 0 && x < width && y < height }

    /// Writes `text` from (x, y) rightwards; returns the columns used.
    ///
    /// Unprintable characters are skipped. Text that does not fit ends in `…`.
    ///
    /// - Parameters:
    ///   - text: What to write (one line; it is not wrapped).
    ///   - x: The first column.
    ///   - y: The row.
    ///   - style: The style of every cell written.
    ///   - maxWidth: The most columns to use (default: to the canvas's edge).
    @discardableResult
    mutating func put(_ text: String, x: Int, y: Int, style: CellStyle = .plain, maxWidth: Int? = nil) -> Int {
        guard y >= 0, y < height else { return 0 }
        let limit = min(width, x + (maxWidth ?? width))
        let room = limit - x
        let printable = String(text.filter(TerminalText.isPrintable))
        let fitted =
            TerminalText.width(of: printable) > room ? TerminalText.clipped(printable, toWidth: room) : printable
        var column = x
        for character in fitted {
            guard TerminalText.isPrintable(character) else { continue }
            let w = TerminalText.width(of: character)
            guard w > 0 else { continue }
            if column + w > limit { break }
            if column >= 0 {
                cells[y * width + column] = Cell(String(character), style: style)
                if w == 2 { cells[y * width + column + 1] = Cell("", style: style) }
            }
            column += w
        }
        clearBrokenWideCharacter(at: column, y: y)
        return column - x
    }

    /// Sets one cell to a single-column glyph (braille, blocks, box drawing).
    mutating func set(_ x: Int, _ y: Int, _ glyph: Character, _ style: CellStyle = .plain) {
        guard contains(x, y), TerminalText.isPrintable(glyph) || glyph == "\u{2800}" else { return }
        cells[y * width + x] = Cell(String(glyph), style: style)
    }

    /// Fills a rectangle (clipped to the canvas) with one glyph.
    mutating func fill(_ rect: Rect, _ glyph: Character = " ", style: CellStyle = .plain) {
        for y in max(0, rect.y)..<min(height, rect.maxY) {
            for x in max(0, rect.x)..<min(width, rect.maxX) { set(x, y, glyph, style) }
        }
    }

    /// Changes the style of every cell in a rectangle, keeping the characters.
    mutating func restyle(_ rect: Rect, _ change: (inout CellStyle) -> Void) {
        for y in max(0, rect.y)..<min(height, rect.maxY) {
            for x in max(0, rect.x)..<min(width, rect.maxX) { change(&cells[y * width + x].style) }
        }
    }

    /// Draws a box with light lines around `rect`, with an optional title in its top edge.
    mutating func box(
        _ rect: Rect, title: String? = nil, style: CellStyle = .plain, titleStyle: CellStyle = .bold
    ) {
        guard rect.width >= 2, rect.height >= 2 else { return }
        let right = rect.maxX - 1
        let bottom = rect.maxY - 1
        for x in rect.x...right {
            set(x, rect.y, "─", style)
            set(x, bottom, "─", style)
        }
        for y in rect.y...bottom {
            set(rect.x, y, "│", style)
            set(right, y, "│", style)
        }
        set(rect.x, rect.y, "┌", style)
        set(right, rect.y, "┐", style)
        set(rect.x, bottom, "└", style)
        set(right, bottom, "┘", style)
        if let title, rect.width > 4 {
            put(" " + title + " ", x: rect.x + 1, y: rect.y, style: titleStyle, maxWidth: rect.width - 2)
        }
    }

    /// Copies another canvas onto this one with its top-left corner at (x, y).
    mutating func draw(_ other: Canvas, x: Int, y: Int) {
        for row in 0..<other.height {
            for column in 0..<other.width { self[x + column, y + row] = other[column, row] }
        }
    }

    /// The text of each row without styles, trailing spaces removed (for tests and plain output).
    func lines() -> [String] {
        (0..<height).map { y in
            var line = ""
            for x in 0..<width { line += cells[y * width + x].character }
            while line.last == " " { line.removeLast() }
            return line
        }
    }

    /// If (x, y) is the right half of a wide character whose left half was overwritten, blank it.
    private mutating func clearBrokenWideCharacter(at x: Int, y: Int) {
        guard contains(x, y), cells[y * width + x].character.isEmpty else { return }
        cells[y * width + x].character = " "
    }
}
