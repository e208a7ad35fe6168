/// A rectangle of cells: the room a view may draw in.
struct Rect: Sendable, Hashable, CustomStringConvertible {
    var x: Int
    var y: Int
    var width: Int
    var height: Int

    /// A rectangle; negative sizes become empty.
    init(x: Int, y: Int, width: Int, height: Int) {
        self.x = x
        self.y = y
        self.width = max(0, width)
        self.height = max(0, height)
    }

    /// The first column right of the rectangle.
    var maxX: Int { x + width }
    /// The first row below the rectangle.
    var maxY: Int { y + height }
    /// Whether it holds no cell.
    var isEmpty: Bool { width == 0 || height == 0 }

    /// This rectangle shrunk by `dx` columns and `dy` rows on every side.
    func inset(dx: Int, dy: Int) -> Rect {
        Rect(x: x + dx, y: y + dy, width: width - 2 * dx, height: height - 2 * dy)
    }

    /// The top `rows` rows, and the rest below them.
    func splitTop(_ rows: Int) -> (top: Rect, rest: Rect) {
        let r = min(max(0, rows), height)
        return (Rect(x: x, y: y, width: width, height: r), Rect(x: x, y: y + r, width: width, height: height - r))
    }

    /// The bottom `rows` rows, and the rest above them.
    func splitBottom(_ rows: Int) -> (rest: Rect, bottom: Rect) {
        let r = min(max(0, rows), height)
        return (Rect(x: x, y: y, width: width, height: height - r), Rect(x: x, y: maxY - r, width: width, height: r))
    }

    /// The left `columns` columns, and the rest to their right (after a `gap`).
    func splitLeft(_ columns: Int, gap: Int = 0) -> (left: Rect, rest: Rect) {
        let c = min(max(0, columns), width)
        return (
            Rect(x: x, y: y, width: c, height: height),
            Rect(x: x + c + gap, y: y, width: width - c - gap, height: height)
        )
    }

    var description: String { "\(width)×\(height) at (\(x), \(y))" }
}
