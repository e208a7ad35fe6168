import PetriSimulation

/// A Life region's cells, with the extent of the live ones measured once per picture.
public struct LiveCells: Sendable, Hashable {
    /// Row-major over the region, `true` for alive.
    public let alive: [Bool]
    /// How many are alive.
    public let count: Int
    /// The live cells' bounding box and sums, in board coordinates (zero when none is alive).
    public let minX: Int, minY: Int, maxX: Int, maxY: Int
    /// Sums of the live cells' coordinates, for their centre of mass.
    public let sumX: Int, sumY: Int

    /// Measures the live cells of a decoded region.
    ///
    /// - Parameters:
    ///   - alive: The region's cells, row-major.
    ///   - snapshot: The snapshot they came from (for the region's place on the board).
    public init(_ alive: [Bool], snapshot: LifeSnapshot) {
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
    public subscript(rx: Int, ry: Int, width: Int) -> Bool { alive[ry * width + rx] }
}
