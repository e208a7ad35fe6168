extension IslandsModel {
    // Counts carry no range: their only bounds are safety caps (a 256×256 map), and a range
    // is what a question's default tolerance is scaled to (a tenth of it), so a cap would make
    // every guess look close. Without one the tolerance is a fifth of the value when asked.
    /// The numbers a student can be asked to predict, usually about the map after the next evolve.
    package static let metrics: [MetricDescriptor] = [
        MetricDescriptor(
            name: "livingSpecies", label: "Living species", description: "How many species are alive.", unit: "species",
            range: nil),
        MetricDescriptor(
            name: "speciesEver", label: "Species ever",
            description: "How many species have ever existed, extinct ones included.",
            unit: "species", range: nil),
        MetricDescriptor(
            name: "extinctSpecies", label: "Extinct species", description: "How many species have died out.",
            unit: "species",
            range: nil),
        MetricDescriptor(
            name: "landTiles", label: "Land tiles", description: "How many tiles are land.", unit: "tiles", range: nil),
        MetricDescriptor(
            name: "landmasses", label: "Landmasses", description: "How many separate landmasses there are.",
            unit: "landmasses",
            range: nil),
        MetricDescriptor(
            name: "tilesOfSpecies(id)", label: "Land tiles of one species",
            description: "How many land tiles species id lives on (0 if it is extinct).",
            unit: "tiles", range: nil),
    ]

    /// The current value of a metric.
    ///
    /// `tilesOfSpecies(id)` is 0 for an extinct species and for an id not given yet, so a question can
    /// ask about the species the next split will create.
    ///
    /// - Parameters:
    ///   - metric: One of ``metrics``; `tilesOfSpecies` takes one argument, a species id (1 or more).
    /// - Throws: ``SimulationError/Code/unknownMetric`` for another name or wrong arguments.
    package func value(of metric: MetricID) throws(SimulationError) -> Double {
        if metric.name == "tilesOfSpecies" {
            guard metric.arguments.count == 1 else {
                throw SimulationError(
                    .unknownMetric,
                    "tilesOfSpecies needs one species id, as in tilesOfSpecies(2), but was given \(metric).")
            }
            let id = metric.arguments[0]
            guard id >= 1 else {
                throw SimulationError(.unknownMetric, "Species ids start at 1, but tilesOfSpecies was given \(id).")
            }
            return Double(tilesOfSpecies(id))
        }
        guard let value = values()[metric.name] else {
            let names = Self.metrics.map(\.name).joined(separator: ", ")
            throw SimulationError(
                .unknownMetric, "Islands has no metric named \"\(metric.name)\"; its metrics are \(names).")
        }
        guard metric.arguments.isEmpty else {
            throw SimulationError(.unknownMetric, "\(metric.name) takes no arguments, but was given \(metric).")
        }
        return value
    }

    /// Every argument-free metric, plus `groups`: land tiles per living species, keyed by species id.
    package func stats() -> GenerationStats {
        var groups: [String: Int] = [:]
        for species in speciesList() where species.alive {
            groups[String(species.id)] = species.tiles
        }
        return GenerationStats(generation: generation, values: values(), groups: groups)
    }

    /// Every species ever, in id order, with its land tiles now and whether it is alive.
    func speciesList() -> [IslandsSpecies] {
        var tiles = [Int](repeating: 0, count: speciesEver + 1)
        var alive = [Bool](repeating: false, count: speciesEver + 1)
        for tile in inhabitants.indices where inhabitants[tile] != 0 {
            alive[inhabitants[tile]] = true
            if land[tile] { tiles[inhabitants[tile]] += 1 }
        }
        return (1...max(1, speciesEver)).map { IslandsSpecies(id: $0, tiles: tiles[$0], alive: alive[$0]) }
    }

    /// Land tiles carrying species `id` now.
    func tilesOfSpecies(_ id: Int) -> Int {
        inhabitants.indices.reduce(0) { $0 + (land[$1] && inhabitants[$1] == id ? 1 : 0) }
    }

    private func values() -> [String: Double] {
        let living = Set(inhabitants).subtracting([0]).count
        return [
            "livingSpecies": Double(living),
            "speciesEver": Double(speciesEver),
            "extinctSpecies": Double(speciesEver - living),
            "landTiles": Double(land.reduce(0) { $0 + ($1 ? 1 : 0) }),
            "landmasses": Double(
                IslandsLandmasses(land: land, width: width, height: height, diagonal: parameters.diagonal).count),
        ]
    }
}
