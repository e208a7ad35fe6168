extension LifeGrid {
    /// Creates a board whose cells are each alive with probability `density`.
    ///
    /// - Parameters:
    ///   - width: number of columns, 1...16384.
    ///   - height: number of rows, 1...16384.
    ///   - density: the chance that a cell is alive, 0...1.
    ///   - random: the generator to draw from; one draw per cell (see ``randomize(density:using:)``).
    /// - Throws: ``SimulationError/Code/parameterOutOfRange`` naming `width`, `height` or `density`.
    package init(width: Int, height: Int, density: Double, using random: inout PetriRandom) throws(SimulationError) {
        try self.init(width: width, height: height)
        try randomize(density: density, using: &random)
    }

    /// Replaces every cell by a random one, alive with probability `density`.
    ///
    /// Draws exactly one `nextUnit()` per cell, row 0 first and left to right, and a cell is alive
    /// when the draw is below `density`. That order is part of every pinned history: keep it.
    ///
    /// - Parameters:
    ///   - density: the chance that a cell is alive, 0...1.
    ///   - random: the generator to draw from.
    /// - Throws: ``SimulationError/Code/parameterOutOfRange`` when `density` is outside 0...1 or NaN.
    mutating func randomize(density: Double, using random: inout PetriRandom) throws(SimulationError) {
        try SimulationError.check("density", density, in: 0...1)
        let wpr = wordsPerRow
        let width = width
        words.withUnsafeMutableBufferPointer { words in
            for y in 0..<height {
                for i in 0..<wpr {
                    let cellsInWord = min(64, width - i * 64)
                    var word: UInt64 = 0
                    for bit in 0..<cellsInWord where random.nextUnit() < density {
                        word |= 1 << UInt64(bit)
                    }
                    words[y * wpr + i] = word
                }
            }
        }
    }
}
