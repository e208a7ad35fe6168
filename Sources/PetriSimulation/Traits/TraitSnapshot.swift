/// What clients draw for one generation of the antibiotic-resistance or finch-beak model: a histogram of the
/// trait, small and independent of the population size.
///
/// The creatures are sent as a count per trait value (as ``CamouflageSnapshot`` does), so a client can draw the
/// whole distribution exactly; the bins are the same as the stats' histogram. A trait value `t` is shown as
/// `t * scale` in `unit` (beaks: 92 is 9.2 mm).
package struct TraitSnapshot: Sendable, Hashable, Codable {
    package var generation: Int
    /// The trait's name, e.g. `resistance` or `beakDepth`.
    package var trait: String
    /// The unit values are shown in after scaling (`mm`; empty for a score).
    package var unit: String
    /// Multiply a trait value by this to show it in ``unit``.
    package var scale: Double
    /// The lowest trait value: `traitCounts[i]` creatures have trait `traitMin + i`.
    package var traitMin: Int
    /// Trait values per histogram bin (the last bin also takes the values left over).
    package var binWidth: Int
    /// The environment's parameter, e.g. `dose` or `seedHardness`.
    package var environment: String
    /// Its value this generation.
    package var environmentValue: Int
    /// The trait value the environment favours, drawn as a marker: the dose (bacteria at or above it are
    /// resistant), the best beak depth for the seeds.
    package var target: Int
    /// Living creatures.
    package var population: Int
    /// Creatures counted as suited to the environment (resistant; food-matched).
    package var suited: Int
    /// True once every creature has died.
    package var extinct: Bool
    /// One entry per trait value from ``traitMin``.
    package var traitCounts: [Int]
    /// Bins of ``binWidth`` trait values from ``traitMin``.
    package var histogram: [Int]

    package init(
        generation: Int, trait: String, unit: String, scale: Double, traitMin: Int, binWidth: Int,
        environment: String, environmentValue: Int, target: Int, population: Int, suited: Int, extinct: Bool,
        traitCounts: [Int], histogram: [Int]
    ) {
        self.generation = generation
        self.trait = trait
        self.unit = unit
        self.scale = scale
        self.traitMin = traitMin
        self.binWidth = binWidth
        self.environment = environment
        self.environmentValue = environmentValue
        self.target = target
        self.population = population
        self.suited = suited
        self.extinct = extinct
        self.traitCounts = traitCounts
        self.histogram = histogram
    }
}
