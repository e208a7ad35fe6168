/// Natural selection on one heritable trait, colour: the peppered-moth model of MODELS.md §1.
///
/// Each creature is a trait 1...100 (1 black, 100 white), stored one byte per creature in the order
/// random draws are made. The model is a value: copying it is an exact checkpoint.
///
/// ```swift
/// var model = try CamouflageModel(parameters: CamouflageScenario.industrialRevolution.parameters, seed: 7)
/// for _ in 0..<40 { model.step() }
/// let mean = try model.value(of: MetricID("meanTrait"))
/// ```
public struct CamouflageModel: SimulationModel {
    public static let kind = ModelKind.camouflage

    /// The sentence everyone sees when the population dies out.
    public static let extinctionMessage = "This species didn't adapt fast enough - it is now extinct."

    public internal(set) var parameters: CamouflageParameters
    /// The creatures and their generator, stepped by the shared selection engine.
    var creatures: TraitPopulation

    /// Generations stepped since generation 0.
    public var generation: Int { creatures.generation }
    /// Every creature's trait (1...100), in draw order: survivors keep their order, children follow.
    public var traits: [UInt8] { creatures.traits }
    /// What happened in the step that produced this generation (all zero at generation 0).
    public var lastCounts: CamouflageGenerationCounts { creatures.lastCounts }
    var seed: UInt64 { creatures.seed }
    var random: PetriRandom { creatures.random }

    /// Creates generation 0: `population` creatures with traits uniform in `initialTraitMin...initialTraitMax`.
    ///
    /// Draws one `nextInt(in:)` per creature, in order.
    ///
    /// - Parameters:
    ///   - parameters: The settings; see ``CamouflageParameters``.
    ///   - seed: The teacher's secret seed.
    /// - Throws: ``SimulationError/Code/parameterOutOfRange`` naming the first bad parameter.
    public init(parameters: CamouflageParameters, seed: UInt64) throws(SimulationError) {
        try parameters.validate()
        let range = parameters.initialTraitMin...parameters.initialTraitMax
        self.init(
            parameters: parameters,
            creatures: .founding(count: parameters.population, seed: seed) { UInt8($0.nextInt(in: range)) })
    }

    /// Assembles a model from checked parts (creation and state decoding).
    init(
        parameters: CamouflageParameters, seed: UInt64, random: PetriRandom, traits: [UInt8],
        generation: Int = 0, lastCounts: CamouflageGenerationCounts = CamouflageGenerationCounts()
    ) {
        self.parameters = parameters
        creatures = TraitPopulation(
            traits: traits, random: random, generation: generation, lastCounts: lastCounts, seed: seed)
    }

    /// Assembles a model from decoded parts.
    init(parameters: CamouflageParameters, creatures: TraitPopulation) {
        self.parameters = parameters
        self.creatures = creatures
    }

    /// True once every creature has died; the run is then over.
    public var isExtinct: Bool { creatures.traits.isEmpty }

    public var isOver: Bool { isExtinct }

    public var endMessage: String? { isExtinct ? Self.extinctionMessage : nil }

    /// Advances one generation: scheduled changes, selection, then reproduction.
    ///
    /// The exact order, which is part of every pinned history:
    /// 1. Scheduled changes whose generation is `generation + 1` are applied, in schedule order.
    /// 2. N is the population now; the death chance of each trait value 1...100 is computed once
    ///    (``chanceOfDeath(trait:environmentColour:selectionPressure:crowding:population:)``).
    /// 3. Selection: for each creature in array order, one `nextUnit()` draw `u`; it survives iff
    ///    `u > chanceOfDeath`. Survivors keep their relative order. If none survives, the species is
    ///    extinct and the step ends (no more draws, ever).
    /// 4. Reproduction: for each survivor in order, while the population is below `maxPopulation`,
    ///    one `nextUnit()` draw `u`; if `u < reproductiveChance`, one `nextInt(in: -10...10)` draw `d`
    ///    and a child with trait ``reflect(_:)``(trait + d) is appended after the survivors.
    ///    Children do not breed in the generation they are born in.
    ///
    /// Steps 3 and 4 are the shared engine's (``TraitPopulation``). A no-op once the species is extinct.
    public mutating func step() { stepGeneration() }
}

extension CamouflageModel: TraitModel {
    static let displayName = "Camouflage"
    static let runOverSentence = "The species is extinct, so the run is over; start a new lesson to try again."
    static let environmentName = "environmentColour"
    static let traitRange = CamouflageParameters.traitRange
    /// A child's colour differs from its parent's by at most this much (the original app's rule).
    static let mutation = 10

    func selectionRound(population: Int) -> SelectionRound<SingleDrawSurvival> {
        let p = parameters
        var chances = [Double](repeating: 0, count: Self.traitRange.upperBound + 1)
        for trait in Self.traitRange {
            chances[trait] = Self.chanceOfDeath(
                trait: trait, environmentColour: p.environmentColour, selectionPressure: p.selectionPressure,
                crowding: p.crowding, population: population)
        }
        return SelectionRound(
            survival: SingleDrawSurvival(chances: chances),
            birthChance: [Double](repeating: p.reproductiveChance, count: Self.traitRange.upperBound + 1),
            mutation: Self.mutation, traitRange: Self.traitRange, maxPopulation: p.maxPopulation)
    }
}
