extension LifePattern {
    /// The names of the built-in classics, in the order a menu should list them.
    ///
    /// ``named(_:)`` ignores letter case, spaces and punctuation, so `Gosper glider gun`,
    /// `gosper-glider-gun` and `GosperGliderGun` all work.
    static let catalogNames: [String] = catalog.map(\.name)

    /// A built-in classic by name.
    ///
    /// - Parameter name: one of ``catalogNames`` (or an alias such as `gun` or `r-pentomino`),
    ///   in any letter case, with or without spaces and dashes.
    /// - Throws: ``SimulationError/Code/malformedInput`` for a name that is not in the catalog.
    static func named(_ name: String) throws(SimulationError) -> LifePattern {
        let key = Self.key(name)
        guard let entry = catalog.first(where: { Self.key($0.name) == key || $0.aliases.contains(key) }) else {
            throw SimulationError(
                .malformedInput,
                "There is no pattern named \"\(LifeText.clipped(name))\"; use one of "
                    + catalogNames.joined(separator: ", ") + ", or give the pattern as RLE text."
            )
        }
        return try LifePattern(rle: entry.rle)
    }

    private static func key(_ name: String) -> String {
        String(name.lowercased().filter { $0.isLetter || $0.isNumber })
    }

    /// The classics as RLE, each with its `#N` name. Aliases are given already normalised.
    private static let catalog: [(name: String, aliases: [String], rle: String)] = [
        ("block", [], "#N Block\nx = 2, y = 2, rule = B3/S23\n2o$2o!"),
        ("blinker", [], "#N Blinker\nx = 3, y = 1, rule = B3/S23\n3o!"),
        ("toad", [], "#N Toad\nx = 4, y = 2, rule = B3/S23\nb3o$3o!"),
        ("beacon", [], "#N Beacon\nx = 4, y = 4, rule = B3/S23\n2o$2o$2b2o$2b2o!"),
        (
            "pulsar", [],
            """
            #N Pulsar
            x = 13, y = 13, rule = B3/S23
            2b3o3b3o2$o4bobo4bo$o4bobo4bo$o4bobo4bo$2b3o3b3o2$2b3o3b3o$o4bobo4bo$o4b
            obo4bo$o4bobo4bo2$2b3o3b3o!
            """
        ),
        ("glider", [], "#N Glider\nx = 3, y = 3, rule = B3/S23\nbo$2bo$3o!"),
        ("lwss", ["lightweightspaceship"], "#N LWSS\nx = 5, y = 4, rule = B3/S23\nbo2bo$o$o3bo$4o!"),
        ("r-pentomino", ["rpentomino"], "#N R-pentomino\nx = 3, y = 3, rule = B3/S23\nb2o$2o$bo!"),
        ("diehard", [], "#N Diehard\nx = 8, y = 3, rule = B3/S23\n6bo$2o$bo3b3o!"),
        ("acorn", [], "#N Acorn\nx = 7, y = 3, rule = B3/S23\nbo$3bo$2o2b3o!"),
        (
            "gosper-glider-gun", ["gosper", "gun", "glidergun"],
            """
            #N Gosper glider gun
            x = 36, y = 9, rule = B3/S23
            24bo$22bobo$12b2o6b2o12b2o$11bo3bo4b2o12b2o$2o8bo5bo3b2o$2o8bo3bob2o4b
            obo$10bo5bo7bo$11bo3bo$12b2o!
            """
        ),
        (
            "replicator", ["highlifereplicator"],
            "#N Replicator\n#C HighLife's replicator: under B36/S23 it copies itself.\nx = 5, y = 5, rule = B36/S23\n"
                + "2b3o$bo2bo$o3bo$o2bo$3o!"
        ),
    ]
}
