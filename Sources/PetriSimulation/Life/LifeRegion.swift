/// A rectangle of cells: its top-left cell and its size.
///
/// Used for the `region(x,y,w,h)` metric and for viewport snapshots of large boards.
package struct LifeRegion: Sendable, Hashable, Codable {
    /// Column of the top-left cell.
    var x: Int
    /// Row of the top-left cell.
    var y: Int
    /// Number of columns.
    var width: Int
    /// Number of rows.
    var height: Int

    /// The rectangle of `width`×`height` cells whose top-left cell is (`x`, `y`).
    package init(x: Int, y: Int, width: Int, height: Int) {
        self.x = x
        self.y = y
        self.width = width
        self.height = height
    }

    /// True when the rectangle holds no cell (a width or height of zero or less).
    var isEmpty: Bool { width <= 0 || height <= 0 }

    /// The part of this rectangle that lies on a `width`×`height` board (possibly empty).
    func clipped(width boardWidth: Int, height boardHeight: Int) -> LifeRegion {
        guard !isEmpty else { return LifeRegion(x: 0, y: 0, width: 0, height: 0) }
        // The lengths are positive here, so an overflowing end lies past any board.
        func end(_ start: Int, _ length: Int, _ limit: Int) -> Int {
            let (sum, overflow) = start.addingReportingOverflow(length)
            return overflow ? limit : min(sum, limit)
        }
        let x0 = max(x, 0)
        let y0 = max(y, 0)
        let x1 = end(x, width, boardWidth)
        let y1 = end(y, height, boardHeight)
        guard x0 < x1, y0 < y1 else { return LifeRegion(x: 0, y: 0, width: 0, height: 0) }
        return LifeRegion(x: x0, y: y0, width: x1 - x0, height: y1 - y0)
    }
}
