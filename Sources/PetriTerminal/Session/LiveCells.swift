/// A board region's cells, with the extent of the live ones measured once per picture.
struct LiveCells: Sendable, Hashable {
    /// Row-major over the region, `true` for alive.
    let alive: [Bool]
    /// How many are alive.
    let count: Int
    /// The bounding box of the cells alive and sums, in board coordinates (zero when none is alive).
    let minX: Int, minY: Int, maxX: Int, maxY: Int
    /// Sums of the coordinates of the cells alive, for their centre of mass.
    let sumX: Int, sumY: Int

    /// Measures the cells alive in a decoded region.
    ///
    /// - Parameters:
    ///   - alive: The region's cells, row-major.
    ///   - snapshot: The snapshot they came from (for the region's place on the board).
    init(_ alive: [Bool], snapshot: CellBoardSnapshot) {
        self.alive = alive
        var minX = Int.max, minY = Int.max, maxX = Int.min, maxY = Int.min
        var sumX = 0, sumY = 0, count = 0
        for ry in 0..<snapshot.height {
            for rx in 0..<snapshot.width where alive[ry * snapshot.width + rx] {
                let x = snapshot.x + rx
                let y = snapshot.y + ry
                minX = min(minX, x)
                maxX = max(maxX, x)
                minY = min(minY, y)
                maxY = max(maxY, y)
                sumX += x
                sumY += y
                count += 1
            }
        }
        self.count = count
        (self.minX, self.minY, self.maxX, self.maxY) = count == 0 ? (0, 0, 0, 0) : (minX, minY, maxX, maxY)
        (self.sumX, self.sumY) = (sumX, sumY)
    }

    /// Whether the cell at region row `ry`, column `rx` is alive.
    subscript(rx: Int, ry: Int, width: Int) -> Bool { alive[ry * width + rx] }
}
