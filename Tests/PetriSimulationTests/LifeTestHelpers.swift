@testable import PetriSimulation

/// Builds a board the way the tutorial writes one: cells row by row (index = y·width + x),
/// `L` alive and `D` dead, with spaces and `/` between them for reading.
func lifeBoard(_ cells: String, width: Int = 3) throws -> LifeGrid {
    let states = cells.filter { $0 == "L" || $0 == "D" }
    var grid = try LifeGrid(width: width, height: states.count / width)
    for (index, state) in states.enumerated() where state == "L" {
        grid[index % width, index / width] = true
    }
    return grid
}

/// The live cells of a grid as (x, y) pairs, row by row.
func liveCells(_ grid: LifeGrid) -> [[Int]] {
    var cells: [[Int]] = []
    for y in 0..<grid.height {
        for x in 0..<grid.width where grid[x, y] { cells.append([x, y]) }
    }
    return cells
}

/// True when the bit-packed and the reference board hold the same cells.
func sameCells(_ grid: LifeGrid, _ reference: LifeReferenceGrid) -> Bool {
    LifeReferenceGrid(grid) == reference
}

/// A board of `width`×`height` with `pattern` at (x, y).
func lifeBoard(_ width: Int, _ height: Int, _ pattern: String, at x: Int, _ y: Int) throws -> LifeGrid {
    var grid = try LifeGrid(width: width, height: height)
    grid.paste(try LifePattern(resolving: pattern).cells, atX: x, y: y, boundary: .bounded)
    return grid
}

/// The error a throwing call fails with, or nil when it does not fail.
func lifeError<T>(_ body: () throws(SimulationError) -> T) -> SimulationError? {
    do {
        _ = try body()
        return nil
    } catch {
        return error
    }
}
