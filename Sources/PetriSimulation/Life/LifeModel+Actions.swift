extension LifeModel {
    /// Applies a teacher's action between generations; on error nothing changes.
    ///
    /// - `.set(name: "rule", value: .text("B36/S23"))` changes the rule;
    ///   `.set(name: "boundary", value: .text("toroidal"))` the boundary. `width`, `height`,
    ///   `pattern` and `density` only describe generation 0 and cannot be set later.
    /// - `.toggle(x:y:)` flips one cell between dead and alive.
    /// - `.place(pattern:x:y:)` copies a catalog pattern or RLE text with its top-left cell at
    ///   (x, y); the pattern's dead cells clear the board under it, and cells beyond the edge are
    ///   dropped (bounded) or wrap around (toroidal). A rule in the RLE header is ignored: the
    ///   board keeps its own rule.
    ///
    /// Every change to the board or rule restarts period detection (``period`` reads 0 until
    /// the board repeats again). ``births``, ``deaths`` and ``isStill`` keep describing the last
    /// generation.
    ///
    /// - Parameter action: what the teacher did.
    /// - Throws: ``SimulationError`` saying what was wrong with the action.
    package mutating func apply(_ action: ModelAction) throws(SimulationError) {
        switch action {
        case .set(let name, let value):
            try set(name, value)
        case .toggle(let x, let y):
            try SimulationError.check("x", x, in: 0...grid.width - 1)
            try SimulationError.check("y", y, in: 0...grid.height - 1)
            grid[x, y].toggle()
            liveCells += grid[x, y] ? 1 : -1
            history.reset(grid.fingerprint)
        case .place(let text, let x, let y):
            try SimulationError.check("x", x, in: 0...grid.width - 1)
            try SimulationError.check("y", y, in: 0...grid.height - 1)
            let pattern = try LifePattern(resolving: text, maxWidth: grid.width, maxHeight: grid.height)
            grid.paste(pattern.cells, atX: x, y: y, boundary: boundary)
            liveCells = grid.population
            history.reset(grid.fingerprint)
        case .hunt:
            throw SimulationError(
                .invalidAction, "Life has no creatures to hunt; toggle cells or place patterns instead.")
        }
    }

    private mutating func set(_ name: String, _ value: ParameterValue) throws(SimulationError) {
        switch name {
        case "rule":
            guard case .text(let text) = value else { throw wrongKind(name, value, "text such as B3/S23") }
            rule = try LifeRule(parsing: text)
            parameters.rule = rule.description
            history.reset(history.newest)
        case "boundary":
            guard case .text(let text) = value else { throw wrongKind(name, value, "the text bounded or toroidal") }
            boundary = try LifeBoundary(parsing: text)
            parameters.boundary = boundary
            history.reset(history.newest)
        case "width", "height", "pattern", "density":
            throw SimulationError(
                .invalidAction,
                "\(name) only describes how the board starts and cannot change during a lesson;"
                    + " clone the lesson with a new \(name) instead."
            )
        default:
            throw SimulationError(
                .unknownParameter,
                "Life has no parameter named \"\(LifeText.clipped(name))\"; it has width, height, rule, boundary,"
                    + " pattern and density."
            )
        }
    }

    private func wrongKind(_ name: String, _ value: ParameterValue, _ expected: String) -> SimulationError {
        SimulationError(.wrongValueKind, "\(name) must be \(expected), but was \(value).")
    }
}
