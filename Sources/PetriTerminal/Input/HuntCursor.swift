import PetriProtocol

/// Where a hunt round's creatures fall on a field of terminal cells, and which one is under a cell.
///
/// A creature is two columns wide (as in the picture); its place (thousandths of the field) picks its left column
/// and its row. Creatures are drawn in id order, so where two overlap the later id is on top, and that is the one a
/// catch takes: what the student sees under the cursor is what they catch.
struct HuntGrid: Sendable, Hashable {
    /// The field's columns and rows.
    var columns: Int
    var rows: Int

    /// A field of `columns` × `rows` cells (at least 2 × 1).
    init(columns: Int, rows: Int) {
        self.columns = max(2, columns)
        self.rows = max(1, rows)
    }

    /// The cell of a creature's left half, relative to the field.
    func cell(of creature: HuntCreature) -> (column: Int, row: Int) {
        let x = min(999, max(0, creature.x))
        let y = min(999, max(0, creature.y))
        return (x * (columns - 1) / 1000, y * rows / 1000)
    }

    /// The creature drawn at a cell (the highest id among the live ones covering it), or nil.
    func creature(atColumn column: Int, row: Int, in round: HuntRound) -> HuntCreature? {
        round.creatures.last { creature in
            guard !round.eaten.contains(creature.id) else { return false }
            let cell = cell(of: creature)
            return cell.row == row && (cell.column == column || cell.column + 1 == column)
        }
    }
}

/// The student's cursor on a hunt field: a cell, moved by the arrow keys (two columns at a time, so every two-column
/// creature has a stop on it) and by Tab to the next live creature in id order.
struct HuntCursor: Sendable, Hashable {
    var column: Int
    var row: Int

    /// The middle of a field (on an even column).
    init(centreOf grid: HuntGrid) {
        column = (grid.columns / 2) & ~1
        row = grid.rows / 2
    }

    init(column: Int, row: Int) {
        self.column = column
        self.row = row
    }

    /// Moves one stop in a direction, staying on the field.
    mutating func move(dx: Int, dy: Int, on grid: HuntGrid) {
        column = min(grid.columns - 1, max(0, column + 2 * dx))
        row = min(grid.rows - 1, max(0, row + dy))
    }

    /// Keeps the cursor on the field (after the terminal was resized).
    mutating func clamp(to grid: HuntGrid) {
        column = min(grid.columns - 1, max(0, column))
        row = min(grid.rows - 1, max(0, row))
    }

    /// Jumps to the next creature that can be caught (one not hidden under another), in id order after the one under
    /// the cursor (wrapping round); stays put when none is left. What Tab reaches, Enter catches.
    mutating func jumpToNext(in round: HuntRound, on grid: HuntGrid) {
        let current = grid.creature(atColumn: column, row: row, in: round)?.id ?? Int.min
        let stops: [(id: Int, column: Int, row: Int)] = round.alive.compactMap { creature in
            let cell = grid.cell(of: creature)
            let visible = [cell.column, cell.column + 1].first { column in
                grid.creature(atColumn: column, row: cell.row, in: round)?.id == creature.id
            }
            return visible.map { (creature.id, $0, cell.row) }
        }
        guard let next = stops.first(where: { $0.id > current }) ?? stops.first else { return }
        column = next.column
        row = next.row
    }
}
