/// The one trait engine: a model whose trait, parameters, fitness rule, inheritance, scenarios, metrics and story
/// all come from its ``TraitModelFile`` (camouflage, antibiotic resistance, finch beaks, rock pocket mice, and any
/// file a server loads).
///
/// The file is held by the model's parameters (a reference), so a file read at run time runs exactly like a
/// compiled-in one; `Name` only gives the model a Swift name and its clients' picture. The selection and
/// reproduction are ``TraitPopulation``'s, in its fixed draw order; the file chooses the fitness function from a
/// closed set (MODELS-FORMAT.md) and its parameters. The model is a value: copying it is an exact checkpoint.
package struct TraitEngineModel<Name: TraitModelName>: SteppingModel {
    package typealias Parameters = TraitValues<Name>
    package typealias Snapshot = Name.Snapshot
    package typealias Source = Name.Source

    package internal(set) var parameters: TraitValues<Name>
    /// The creatures and their generator, stepped by the shared selection engine.
    var creatures: TraitPopulation

    /// The file this model runs.
    var source: TraitModelSource { parameters.source }
    var file: TraitModelFile { parameters.source.file }
    package var kind: ModelKind { parameters.source.kind }

    /// Generations stepped since generation 0.
    package var generation: Int { creatures.generation }
    /// Every creature's trait, in draw order: survivors keep their order, children follow.
    package var traits: [UInt8] { creatures.traits }
    /// What happened in the step that produced this generation (all zero at generation 0).
    var lastCounts: TraitGenerationCounts { creatures.lastCounts }
    var seed: UInt64 { creatures.seed }
    var random: PetriRandom { creatures.random }

    /// Creates generation 0 as the file's `trait.founding` says, drawing from a generator seeded with `seed`.
    ///
    /// - Throws: ``SimulationError/Code/parameterOutOfRange`` naming the first bad parameter.
    package init(parameters: TraitValues<Name>, seed: UInt64) throws(SimulationError) {
        try parameters.validate()
        let founding = parameters.source.file.trait.founding
        let count = parameters.int(founding.count)
        self.parameters = parameters
        if founding.function == "meanOfUniform", let draws = founding.draws, let between = founding.between {
            let range = between[0]...between[1]
            creatures = .founding(count: count, seed: seed) { random in
                var sum = 0
                for _ in 0..<draws { sum += random.nextInt(in: range) }
                return UInt8((sum + draws / 2) / draws)
            }
        } else {
            let range = parameters.int(founding.min ?? "")...parameters.int(founding.max ?? "")
            creatures = .founding(count: count, seed: seed) { UInt8($0.nextInt(in: range)) }
        }
    }

    /// Assembles a model from checked parts (tests).
    init(
        parameters: TraitValues<Name>, seed: UInt64, random: PetriRandom, traits: [UInt8], generation: Int = 0,
        lastCounts: TraitGenerationCounts = TraitGenerationCounts()
    ) {
        self.parameters = parameters
        creatures = TraitPopulation(
            traits: traits, random: random, generation: generation, lastCounts: lastCounts, seed: seed)
    }

    /// Assembles a model from checked parts (state decoding and tests).
    init(parameters: TraitValues<Name>, creatures: TraitPopulation) {
        self.parameters = parameters
        self.creatures = creatures
    }

    /// True once every creature has died; the run is then over.
    package var isExtinct: Bool { creatures.traits.isEmpty }

    package var isOver: Bool { isExtinct }

    package var endMessage: String? { isExtinct ? file.words.extinct : nil }

    /// Advances one generation: scheduled changes, then the engine's selection and reproduction under the file's
    /// rules (``selectionRound(population:)``). A no-op once extinct.
    package mutating func step() { stepGeneration() }

    /// Applies a teacher's change between generations; on error nothing changes.
    ///
    /// Parameters the file marks `changeable: false` and `scenario` shape generation 0: at generation 0 they
    /// rebuild it exactly as if the lesson had been created with them (same seed); later they are refused.
    ///
    /// - Throws: ``SimulationError`` for an unknown parameter, a bad value, a grid action or a finished run.
    package mutating func apply(_ action: ModelAction) throws(SimulationError) { try applySetting(action) }

    package mutating func reseed(_ seed: UInt64) { creatures.reseed(seed) }

    /// Every creature's trait in draw order when the picture is a trait field (creatures on a background).
    package var huntableTraits: [UInt8]? { presentation?.picture == .traitField ? creatures.traits : nil }

    package var huntableTraitRange: ClosedRange<Int>? { presentation?.picture == .traitField ? traitRange : nil }

    package var huntBackground: Double? { presentation?.picture == .traitField ? optimum(of: parameters) : nil }

    package var huntStepDeaths: Int? { presentation?.picture == .traitField ? creatures.lastCounts.deaths : nil }
}

extension TraitEngineModel where Name: ShippedTraitModelName {
    /// The sentence everyone sees when the population dies out.
    static var extinctionMessage: String { Name.file.words.extinct }

    static var traitRange: ClosedRange<Int> { Name.file.traitRange }

    static var file: TraitModelFile { Name.file }
}

extension TraitEngineModel {
    /// Every trait lies here.
    var traitRange: ClosedRange<Int> { file.traitRange }

    /// The rules of one generation for a population of `population` at its start, from the file's fitness and
    /// reproduction.
    func selectionRound(population: Int) -> SelectionRound<FileSurvival> {
        let file = self.file
        let p = parameters
        let size = traitRange.upperBound + 1
        var chances = [Double](repeating: 0, count: size)
        var crowd: Double?
        let fitness = file.fitness
        let n = Double(population)
        switch fitness.function {
        case "doseKill":
            let dose = p.int(fitness.dose ?? "")
            let steepness = fitness.steepness ?? 0
            for t in traitRange {
                chances[t] = TraitFitness.doseKill(trait: t, dose: dose, steepness: steepness)
            }
            crowd = min(1, p.value(fitness.crowding?.perCreature ?? "") * n)
        default:
            let optimum = optimum(of: p)
            let pressure = p.value(fitness.pressure ?? "")
            let threshold = (fitness.evenOdds ?? 0) + crowdingTerm(p, population: population)
            for t in traitRange {
                let adaptation = TraitFitness.adaptation(
                    trait: t, optimum: optimum, mismatchCost: fitness.mismatchCost ?? 1)
                chances[t] = TraitFitness.logisticDeath(adaptation: adaptation, pressure: pressure, evenOdds: threshold)
            }
        }
        let chance = p.value(file.reproduction.chance)
        var birth = [Double](repeating: chance, count: size)
        if let cost = file.reproduction.cost {
            let c = p.value(cost.parameter)
            for t in traitRange { birth[t] = chance * (1 - c * Double(t) / cost.per) }
        }
        let mutation: Int
        switch file.reproduction.mutation {
        case .fixed(let m): mutation = m
        case .parameter(let name): mutation = p.int(name)
        }
        return SelectionRound(
            survival: FileSurvival(chances: chances, crowd: crowd), birthChance: birth, mutation: mutation,
            traitRange: traitRange, maxPopulation: p.int(file.reproduction.cap))
    }

    /// The crowding part of logisticMatch's even-odds point: `perCreature * N` or `weight * N / capacity`.
    private func crowdingTerm(_ p: TraitValues<Name>, population: Int) -> Double {
        guard let crowding = file.fitness.crowding else { return 0 }
        if let perCreature = crowding.perCreature { return p.value(perCreature) * Double(population) }
        return (crowding.weight ?? 0) * Double(population) / p.value(crowding.capacity ?? "")
    }

    /// The trait value the environment favours: logisticMatch's optimum, or doseKill's dose.
    func optimum(of p: TraitValues<Name>) -> Double {
        let fitness = file.fitness
        if fitness.function == "doseKill" { return Double(p.int(fitness.dose ?? "")) }
        let o = fitness.optimum ?? TraitModelFile.Optimum(base: 0, perUnit: 1)
        return o.base + o.perUnit * Double(p.int(fitness.environment ?? ""))
    }
}

/// The closed set of fitness functions a model file chooses from (MODELS-FORMAT.md). Each is written out once, in
/// the exact floating-point order the pinned histories depend on; `exp` is ``DeterministicMath/exp(_:)``.
enum TraitFitness {
    /// logisticMatch's adaptation: `100 - mismatchCost * |trait - optimum|` (100 is a perfect match).
    static func adaptation(trait: Int, optimum: Double, mismatchCost: Double) -> Double {
        100 - mismatchCost * abs(Double(trait) - optimum)
    }

    /// logisticMatch's death chance: `1 - 1 / (1 + exp(-pressure * (adaptation - evenOdds)))`, where `evenOdds`
    /// already includes the crowding term.
    static func logisticDeath(adaptation: Double, pressure: Double, evenOdds: Double) -> Double {
        let x = -pressure * (adaptation - evenOdds)
        return 1 - 1 / (1 + DeterministicMath.exp(x))
    }

    /// doseKill's chance of being killed: 0 with no dose, else `1 / (1 + exp(-steepness * (dose - trait)))`.
    static func doseKill(trait: Int, dose: Int, steepness: Double) -> Double {
        guard dose != 0 else { return 0 }
        return 1 / (1 + DeterministicMath.exp(-steepness * Double(dose - trait)))
    }
}

/// How a file model's survival is drawn: logisticMatch with one draw (`u > chance`), doseKill with two (the dose:
/// `u >= kill`, then crowding: `v >= crowd`, drawn only for creatures the dose spared).
struct FileSurvival: SurvivalRule {
    /// The chance of death (one draw) or of being killed by the dose (two draws), indexed by the trait itself.
    let chances: [Double]
    /// The chance of dying of crowding, for the two-draw rule.
    let crowd: Double?

    func deathChance(_ trait: Int) -> Double {
        guard let crowd else { return chances[trait] }
        return 1 - (1 - chances[trait]) * (1 - crowd)
    }

    func survives(_ trait: Int, drawing random: inout PetriRandom) -> Bool {
        guard let crowd else { return random.nextUnit() > chances[trait] }
        return random.nextUnit() >= chances[trait] && random.nextUnit() >= crowd
    }
}
