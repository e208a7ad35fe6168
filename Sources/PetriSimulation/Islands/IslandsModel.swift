/// Speciation by isolation: the islands model of MODELS.md §2.
///
/// A `width`×`height` map of land and sea tiles, numbered in reading order (`index = y * width + x`).
/// Generation 0 is a 3×3 island whose top-left tile is `((width - 3) / 2, (height - 3) / 2)`, inhabited
/// by species 1. The teacher toggles tiles between generations; ``step()`` ("evolve") recomputes the
/// landmasses and applies the continuity rules of ``IslandsContinuity``. Species change only when the
/// island evolves: between evolves a raised tile is uninhabited and a flooded tile's species still
/// counts as alive.
///
/// The model has no randomness: the seed is accepted for the common interface and ignored, and the
/// state holds no generator. The run is over when every species is extinct: land can still be raised,
/// but an islet with no inhabited neighbour stays uninhabited, so life can never return.
///
/// ```swift
/// var islands = try IslandsModel(parameters: IslandsParameters(), seed: 0)
/// try islands.apply(.toggle(x: 4, y: 1))  // flood the middle column of the starting island...
/// try islands.apply(.toggle(x: 4, y: 2))
/// try islands.apply(.toggle(x: 4, y: 3))
/// islands.step()                          // ...and species 1 is split: species 2 appears on the right
/// ```
package struct IslandsModel: SimulationModel {
    package static let kind = ModelKind.islands

    /// What everyone is told when the last species dies out.
    static let extinctionMessage =
        "Every species is extinct. New land can still rise from the sea, but an islet that touches no "
        + "inhabited land stays empty, so life cannot return."

    /// The refusal of any change once every species is extinct.
    static let runOverMessage = "Every species is extinct, so the run is over; start a new lesson to try again."

    package internal(set) var parameters: IslandsParameters
    package internal(set) var generation = 0
    /// One entry per tile in reading order: true for land.
    package internal(set) var land: [Bool]
    /// One entry per tile: the species it carried at the last evolve (0 for none). A tile flooded since
    /// keeps its entry until the next evolve, so raising it again before then changes nothing.
    var inhabitants: [Int]
    /// The highest species id ever given; ids 1...speciesEver have all existed.
    package internal(set) var speciesEver: Int

    /// Creates generation 0: the starting 3×3 island with species 1.
    ///
    /// - Parameters:
    ///   - parameters: The map size and adjacency rule.
    ///   - seed: Ignored: the islands model has no randomness.
    /// - Throws: ``SimulationError/Code/parameterOutOfRange`` for a width or height outside 3...256.
    package init(parameters: IslandsParameters, seed: UInt64) throws(SimulationError) {
        try parameters.validate()
        let width = parameters.width
        var land = [Bool](repeating: false, count: width * parameters.height)
        var inhabitants = [Int](repeating: 0, count: land.count)
        let left = (width - 3) / 2
        let top = (parameters.height - 3) / 2
        for y in top..<top + 3 {
            for x in left..<left + 3 {
                land[y * width + x] = true
                inhabitants[y * width + x] = 1
            }
        }
        self.init(parameters: parameters, generation: 0, land: land, inhabitants: inhabitants, speciesEver: 1)
    }

    /// Assembles a model from checked parts (creation and state decoding).
    init(parameters: IslandsParameters, generation: Int, land: [Bool], inhabitants: [Int], speciesEver: Int) {
        self.parameters = parameters
        self.generation = generation
        self.land = land
        self.inhabitants = inhabitants
        self.speciesEver = speciesEver
    }

    var width: Int { parameters.width }
    var height: Int { parameters.height }

    /// Whether tile (x, y) is land; false outside the map.
    func isLand(x: Int, y: Int) -> Bool {
        guard let tile = tileIndex(x: x, y: y) else { return false }
        return land[tile]
    }

    /// The species living on tile (x, y), or 0 for sea, uninhabited land and tiles outside the map.
    func species(x: Int, y: Int) -> Int {
        guard let tile = tileIndex(x: x, y: y), land[tile] else { return 0 }
        return inhabitants[tile]
    }

    /// True once every species is extinct (after an evolve); see the type's comment.
    package var isOver: Bool { inhabitants.allSatisfy { $0 == 0 } }

    package var endMessage: String? { isOver ? Self.extinctionMessage : nil }

    /// Evolves one generation: recomputes the landmasses and applies ``IslandsContinuity``.
    ///
    /// A no-op once every species is extinct.
    package mutating func step() {
        guard !isOver else { return }
        let next = IslandsContinuity.evolve(
            land: land, inhabitants: inhabitants, width: width, height: height, diagonal: parameters.diagonal,
            speciesEver: speciesEver)
        inhabitants = next.inhabitants
        speciesEver = next.speciesEver
        generation += 1
    }

    func tileIndex(x: Int, y: Int) -> Int? {
        guard (0..<width).contains(x), (0..<height).contains(y) else { return nil }
        return y * width + x
    }
}
