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
    public internal(set) var generation = 0
    /// Every creature's trait (1...100), in draw order: survivors keep their order, children follow.
    public internal(set) var traits: [UInt8]
    /// What happened in the step that produced this generation (all zero at generation 0).
    public internal(set) var lastCounts = CamouflageGenerationCounts()
    /// Kept so that a creation-only parameter changed at generation 0 rebuilds generation 0 exactly as
    /// if the lesson had been created with it. It reveals no more than ``random`` already does.
    let seed: UInt64
    var random: PetriRandom

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
        var random = PetriRandom(seed: seed)
        var traits: [UInt8] = []
        traits.reserveCapacity(parameters.population)
        let range = parameters.initialTraitMin...parameters.initialTraitMax
        for _ in 0..<parameters.population {
            traits.append(UInt8(random.nextInt(in: range)))
        }
        self.init(parameters: parameters, seed: seed, random: random, traits: traits)
    }

    /// Assembles a model from checked parts (creation and state decoding).
    init(
        parameters: CamouflageParameters, seed: UInt64, random: PetriRandom, traits: [UInt8],
        generation: Int = 0, lastCounts: CamouflageGenerationCounts = CamouflageGenerationCounts()
    ) {
        self.parameters = parameters
        self.seed = seed
        self.random = random
        self.traits = traits
        self.generation = generation
        self.lastCounts = lastCounts
    }

    /// True once every creature has died; the run is then over.
    public var isExtinct: Bool { traits.isEmpty }

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
    /// A no-op once the species is extinct.
    public mutating func step() {
        guard !traits.isEmpty else { return }
        generation += 1
        applySchedule(for: generation)
        lastCounts = CamouflageGenerationCounts()
        select()
        if !traits.isEmpty { reproduce() }
    }

    private mutating func applySchedule(for generation: Int) {
        for change in parameters.schedule where change.generation == generation {
            // Every entry was checked when the parameters were validated, so parsing cannot fail here.
            if let setting = try? CamouflageSetting(name: change.name, value: change.value) {
                setting.apply(to: &parameters)
            }
        }
    }

    private mutating func select() {
        let population = traits.count
        let p = parameters
        var random = self.random
        var counts = lastCounts
        var survivors = 0
        withUnsafeTemporaryAllocation(of: Double.self, capacity: 101) { deathChance in
            for trait in 1...100 {
                deathChance[trait] = Self.chanceOfDeath(
                    trait: trait, environmentColour: p.environmentColour, selectionPressure: p.selectionPressure,
                    crowding: p.crowding, population: population)
            }
            traits.withUnsafeMutableBufferPointer { creatures in
                for i in 0..<population {
                    let trait = creatures[i]
                    let chance = deathChance[Int(trait)]
                    if random.nextUnit() > chance {
                        creatures[survivors] = trait
                        survivors += 1
                        if chance > 0.5 { counts.luckySurvivors += 1 }
                    } else if chance < 0.5 {
                        counts.unluckyDeaths += 1
                    }
                }
            }
        }
        traits.removeLast(population - survivors)  // keeps the capacity for this step's children
        counts.deaths = population - survivors
        lastCounts = counts
        self.random = random
    }

    private mutating func reproduce() {
        let parents = traits.count
        let cap = parameters.maxPopulation
        let chance = parameters.reproductiveChance
        var random = self.random
        for i in 0..<parents {
            guard traits.count < cap else { break }
            if random.nextUnit() < chance {
                traits.append(UInt8(Self.reflect(Int(traits[i]) + random.nextInt(in: -10...10))))
            }
        }
        lastCounts.births = traits.count - parents
        self.random = random
    }
}

/// What one generation's step did, kept for the stats of that generation.
public struct CamouflageGenerationCounts: Sendable, Hashable, Codable {
    /// Children born.
    public var births = 0
    /// Creatures that died.
    public var deaths = 0
    /// Creatures that survived although their chance of death was above one half: poorly adapted but lucky.
    public var luckySurvivors = 0
    /// Creatures that died although their chance of death was below one half: well adapted but unlucky.
    public var unluckyDeaths = 0

    public init() {}
}
