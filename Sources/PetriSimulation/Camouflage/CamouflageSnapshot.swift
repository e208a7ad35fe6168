/// What clients draw for one camouflage generation: small and independent of the population size.
///
/// The creatures are sent as a count per trait value, not one entry per creature: 100 numbers describe
/// 10 or 100,000 creatures exactly, so a client can draw every creature (in any arrangement it likes)
/// and the broadcast to a whole school stays a few hundred bytes.
public struct CamouflageSnapshot: Sendable, Hashable, Codable {
    public var generation: Int
    /// The background, 1 (black) ... 100 (white).
    public var environmentColour: Int
    /// Living creatures.
    public var population: Int
    /// Creatures within 1 of the background (the ones the original outlined in red).
    public var bestCamouflaged: Int
    /// True once every creature has died.
    public var extinct: Bool
    /// 100 entries: `traitCounts[i]` creatures have trait `i + 1`.
    public var traitCounts: [Int]
    /// Ten bins: traits 1-10, 11-20, ..., 91-100.
    public var histogram: [Int]

    public init(
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
    }
}
