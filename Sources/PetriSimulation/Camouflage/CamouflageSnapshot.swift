/// What clients draw for one camouflage generation: small and independent of the population size.
///
/// The creatures are sent as a count per trait value, not one entry per creature: 100 numbers describe
/// 10 or 100,000 creatures exactly, so a client can draw every creature (in any arrangement it likes)
/// and the broadcast to a whole school stays a few hundred bytes.
///
/// It carries every key of ``TraitSnapshot`` (so a client draws every trait model from those alone) and, as it
/// always did, `environmentColour` and `bestCamouflaged` (the same values as `environmentValue` and `suited`).
/// A snapshot written before the trait keys decodes with them filled in from the camouflage ones.
package struct CamouflageSnapshot: Sendable, Hashable, Codable {
    var generation: Int
    /// The background, 1 (black) ... 100 (white).
    var environmentColour: Int
    /// Living creatures.
    package var population: Int
    /// Creatures within 1 of the background (the ones the original outlined in red).
    var bestCamouflaged: Int
    /// True once every creature has died.
    var extinct: Bool
    /// 100 entries: `traitCounts[i]` creatures have trait `i + 1`.
    var traitCounts: [Int]
    /// Ten bins: traits 1-10, 11-20, ..., 91-100.
    var histogram: [Int]
    /// ``TraitSnapshot/trait``: `colour`.
    var trait: String
    /// ``TraitSnapshot/unit``: empty.
    var unit: String
    /// ``TraitSnapshot/scale``: 1.
    var scale: Double
    /// ``TraitSnapshot/traitMin``: 1.
    var traitMin: Int
    /// ``TraitSnapshot/binWidth``: 10.
    var binWidth: Int
    /// ``TraitSnapshot/environment``: `environmentColour`.
    var environment: String
    /// ``TraitSnapshot/environmentValue``: the background.
    var environmentValue: Int
    /// ``TraitSnapshot/target``: the background.
    var target: Int
    /// ``TraitSnapshot/suited``: the best camouflaged.
    var suited: Int

    package init(
        generation: Int, environmentColour: Int, population: Int, bestCamouflaged: Int, extinct: Bool,
        traitCounts: [Int], histogram: [Int]
    ) {
        self.generation = generation
        self.environmentColour = environmentColour
        self.population = population
        self.bestCamouflaged = bestCamouflaged
        self.extinct = extinct
        self.traitCounts = traitCounts
        self.histogram = histogram
        trait = "colour"
        unit = ""
        scale = 1
        traitMin = 1
        binWidth = 10
        environment = "environmentColour"
        environmentValue = environmentColour
        target = environmentColour
        suited = bestCamouflaged
    }

    /// The trait engine's picture, with the camouflage keys beside it.
    package init(_ picture: TraitSnapshot) {
        generation = picture.generation
        environmentColour = picture.environmentValue
        population = picture.population
        bestCamouflaged = picture.suited
        extinct = picture.extinct
        traitCounts = picture.traitCounts
        histogram = picture.histogram
        trait = picture.trait
        unit = picture.unit
        scale = picture.scale
        traitMin = picture.traitMin
        binWidth = picture.binWidth
        environment = picture.environment
        environmentValue = picture.environmentValue
        target = picture.target
        suited = picture.suited
    }

    /// The same picture as a ``TraitSnapshot``.
    var traitSnapshot: TraitSnapshot {
        TraitSnapshot(
            generation: generation, trait: trait, unit: unit, scale: scale, traitMin: traitMin, binWidth: binWidth,
            environment: environment, environmentValue: environmentValue, target: target, population: population,
            suited: suited, extinct: extinct, traitCounts: traitCounts, histogram: histogram)
    }

    private enum CodingKeys: String, CodingKey {
        case generation, environmentColour, population, bestCamouflaged, extinct, traitCounts, histogram, trait, unit,
            scale, traitMin, binWidth, environment, environmentValue, target, suited
    }

    /// Reads a snapshot of today or of a server from before the trait keys.
    package init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        self.init(
            generation: try c.decode(Int.self, forKey: .generation),
            environmentColour: try c.decode(Int.self, forKey: .environmentColour),
            population: try c.decode(Int.self, forKey: .population),
            bestCamouflaged: try c.decode(Int.self, forKey: .bestCamouflaged),
            extinct: try c.decode(Bool.self, forKey: .extinct),
            traitCounts: try c.decode([Int].self, forKey: .traitCounts),
            histogram: try c.decode([Int].self, forKey: .histogram))
        trait = try c.decodeIfPresent(String.self, forKey: .trait) ?? trait
        unit = try c.decodeIfPresent(String.self, forKey: .unit) ?? unit
        scale = try c.decodeIfPresent(Double.self, forKey: .scale) ?? scale
        traitMin = try c.decodeIfPresent(Int.self, forKey: .traitMin) ?? traitMin
        binWidth = try c.decodeIfPresent(Int.self, forKey: .binWidth) ?? binWidth
        environment = try c.decodeIfPresent(String.self, forKey: .environment) ?? environment
        environmentValue = try c.decodeIfPresent(Int.self, forKey: .environmentValue) ?? environmentValue
        target = try c.decodeIfPresent(Int.self, forKey: .target) ?? target
        suited = try c.decodeIfPresent(Int.self, forKey: .suited) ?? suited
    }
}
