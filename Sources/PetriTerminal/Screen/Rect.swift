/// A rectangle of cells: the room a view may draw in.
public struct Rect: Sendable, Hashable, CustomStringConvertible {
    public var x: Int
    public var y: Int
    public var width: Int
    public var height: Int

    /// A rectangle; negative sizes become empty.
    public init(x: Int, y: Int, width: Int, height: Int) {
        self.x = x
        self.y = y
        self.width = max(0, width)
        self.height = max(0, height)
    }

    /// The first column right of the rectangle.
    public var maxX: Int { x + width }
    /// The first row below the rectangle.
    public var maxY: Int { y + height }
    /// Whether it holds no cell.
    public var isEmpty: Bool { width == 0 || height == 0 }

    /// This rectangle shrunk by `dx` columns and `dy` rows on every side.
    public func inset(dx: Int, dy: Int) -> Rect {
        Rect(x: x + dx, y: y + dy, width: width - 2 * dx, height: height - 2 * dy)
    }

    /// The top `rows` rows, and the rest below them.
    public func splitTop(_ rows: Int) -> (top: Rect, rest: Rect) {
        let r = min(max(0, rows), height)
        return (Rect(x: x, y: y, width: width, height: r), Rect(x: x, y: y + r, width: width, height: height - r))
    }

    /// The bottom `rows` rows, and the rest above them.
    public func splitBottom(_ rows: Int) -> (rest: Rect, bottom: Rect) {
        let r = min(max(0, rows), height)
        return (Rect(x: x, y: y, width: width, height: height - r), Rect(x: x, y: maxY - r, width: width, height: r))
    }

    /// The left `columns` columns, and the rest to their right (after a `gap`).
    public func splitLeft(_ columns: Int, gap: Int = 0) -> (left: Rect, rest: Rect) {
        let c = min(max(0, columns), width)
        return (
            Rect(x: x, y: y, width: c, height: height),
            Rect(x: x + c + gap, y: y, width: width - c - gap, height: height)
        )
    }

    public var description: String { "\(width)×\(height) at (\(x), \(y))" }
}
