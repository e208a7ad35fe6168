/// The plain Life board: one byte per cell, stepped cell by cell.
///
/// Deliberately simple so that it is obviously right: tests check the bit-packed ``LifeGrid``
/// against it and the benchmark uses it as the baseline to beat. Same API subset as `LifeGrid`.
package struct LifeReferenceGrid: Sendable, Hashable {
    /// Number of columns.
    let width: Int
    /// Number of rows.
    let height: Int
    /// Row-major cells, index `y * width + x`, 1 alive and 0 dead.
    private var cells: [UInt8]

    /// Creates an all-dead board.
    ///
    /// - Throws: ``SimulationError/Code/parameterOutOfRange`` naming `width` or `height`.
    package init(width: Int, height: Int) throws(SimulationError) {
        try SimulationError.check("width", width, in: 1...LifeGrid.maxSide)
        try SimulationError.check("height", height, in: 1...LifeGrid.maxSide)
        self.width = width
        self.height = height
        cells = [UInt8](repeating: 0, count: width * height)
    }

    /// A cell-by-cell copy of a bit-packed board.
    package init(_ grid: LifeGrid) {
        width = grid.width
        height = grid.height
        cells = [UInt8](repeating: 0, count: width * height)
        for y in 0..<height {
            for x in 0..<width where grid[x, y] { cells[y * width + x] = 1 }
        }
    }

    /// Whether the cell at column `x`, row `y` is alive.
    ///
    /// - Precondition: (x, y) lies on the board.
    subscript(x: Int, y: Int) -> Bool {
        get { cells[y * width + x] != 0 }
        set { cells[y * width + x] = newValue ? 1 : 0 }
    }

    /// The number of live cells.
    var population: Int { cells.reduce(0) { $0 + Int($1) } }

    /// The number of live cells in `region`; cells of the region beyond the board count as dead.
    func population(in region: LifeRegion) -> Int {
        var total = 0
        for y in 0..<height {
            for x in 0..<width
            where x >= region.x && x - region.x < region.width && y >= region.y && y - region.y < region.height {
                total += Int(cells[y * width + x])
            }
        }
        return total
    }

    /// Advances one generation, counting each cell's eight neighbours one by one.
    ///
    /// - Returns: the number of cells born and the number that died.
    @discardableResult
    package mutating func step(rule: LifeRule, boundary: LifeBoundary) -> (births: Int, deaths: Int) {
        var next = cells
        var births = 0
        var deaths = 0
        for y in 0..<height {
            for x in 0..<width {
                var neighbours = 0
                for dy in -1...1 {
                    for dx in -1...1 where dx != 0 || dy != 0 {
                        if isAlive(x + dx, y + dy, boundary) { neighbours += 1 }
                    }
                }
                let alive = cells[y * width + x] != 0
                let willLive = rule.next(alive: alive, neighbours: neighbours)
                next[y * width + x] = willLive ? 1 : 0
                if willLive && !alive { births += 1 }
                if alive && !willLive { deaths += 1 }
            }
        }
        cells = next
        return (births, deaths)
    }

    /// A cell that may lie beyond the edge: dead there on a bounded board, wrapped on a torus.
    private func isAlive(_ x: Int, _ y: Int, _ boundary: LifeBoundary) -> Bool {
        switch boundary {
        case .bounded:
            guard x >= 0, x < width, y >= 0, y < height else { return false }
            return cells[y * width + x] != 0
        case .toroidal:
            let wx = (x % width + width) % width
            let wy = (y % height + height) % height
            return cells[wy * width + wx] != 0
        }
    }
}
