/// Darwin's finches on Daphne Major: natural selection on one heritable trait, beak depth, under the seeds the
/// teacher leaves on the island (MODELS.md §4).
///
/// Depths are whole tenths of a millimetre, 60...140 (6.0 to 14.0 mm). The selection engine is the one the
/// camouflage model uses (``TraitPopulation``); this model contributes its fitness rule
/// (``chanceOfDeath(depth:seedHardness:selectionPressure:food:population:)``), its starting flock, metrics,
/// picture and story.
///
/// ```swift
/// var model = try BeaksModel(parameters: BeaksScenario.drought1977.parameters, seed: 7)
/// for _ in 0..<10 { model.step() }
/// let depth = try model.value(of: MetricID("meanBeakDepth"))  // in mm
/// ```
public struct BeaksModel: SimulationModel {
    public static let kind = ModelKind.beaks

    /// The sentence everyone sees when the last finch dies.
    public static let extinctionMessage = "The finches didn't adapt fast enough - they have died out on this island."

    public internal(set) var parameters: BeaksParameters
    /// The finches and their generator, stepped by the shared selection engine.
    var creatures: TraitPopulation

    /// Generations stepped since generation 0.
    public var generation: Int { creatures.generation }
    /// Every finch's beak depth in tenths of a millimetre (60...140), in draw order.
    public var traits: [UInt8] { creatures.traits }
    /// What happened in the step that produced this generation (all zero at generation 0).
    public var lastCounts: TraitGenerationCounts { creatures.lastCounts }

    /// Creates generation 0: `population` finches, each with the mean of three `nextInt(in: 80...104)` draws,
    /// rounded to the nearest whole tenth (a sum of three never ends in a half).
    ///
    /// - Parameters:
    ///   - parameters: The settings; see ``BeaksParameters``.
    ///   - seed: The teacher's secret seed.
    /// - Throws: ``SimulationError/Code/parameterOutOfRange`` naming the first bad parameter.
    public init(parameters: BeaksParameters, seed: UInt64) throws(SimulationError) {
        try parameters.validate()
        let draws = BeaksParameters.initialDepthDraws
        self.parameters = parameters
        creatures = .founding(count: parameters.population, seed: seed) { random in
            let sum = random.nextInt(in: draws) + random.nextInt(in: draws) + random.nextInt(in: draws)
            return UInt8((sum + 1) / 3)
        }
    }

    /// Assembles a model from checked parts (state decoding and tests).
    init(parameters: BeaksParameters, creatures: TraitPopulation) {
        self.parameters = parameters
        self.creatures = creatures
    }

    /// True once every finch has died; the run is then over.
    public var isExtinct: Bool { creatures.traits.isEmpty }

    public var isOver: Bool { isExtinct }

    public var endMessage: String? { isExtinct ? Self.extinctionMessage : nil }

    /// Advances one generation: scheduled changes, then the shared engine's selection and reproduction with this
    /// model's rules (``selectionRound(population:)``). A no-op once extinct.
    public mutating func step() { stepGeneration() }

    /// Applies a teacher's change between generations (e.g. `seedHardness`); on error nothing changes.
    ///
    /// population and scenario shape generation 0: at generation 0 they rebuild it exactly as if the lesson had
    /// been created with them; later they are refused.
    ///
    /// - Throws: ``SimulationError`` for an unknown parameter, a bad value, a grid action or a finished run.
    public mutating func apply(_ action: ModelAction) throws(SimulationError) { try applySetting(action) }
}

extension BeaksModel: TraitModel {
    static let displayName = "Beaks"
    static let runOverSentence = "The finches have died out, so the run is over; start a new lesson to try again."
    static let environmentName = "seedHardness"
    static let traitRange = BeaksParameters.traitRange

    /// The rules of one generation, N being the flock at its start: one `nextUnit()` draw `u` per finch, which
    /// survives iff `u > chanceOfDeath` (camouflage's rule); a survivor raises a chick with chance
    /// `reproductiveChance`, whose depth is the parent's plus `U{-mutation...mutation}`, reflected into 60...140.
    func selectionRound(population: Int) -> SelectionRound<SingleDrawSurvival> {
        let p = parameters
        var chances = [Double](repeating: 0, count: Self.traitRange.upperBound + 1)
        for depth in Self.traitRange {
            chances[depth] = Self.chanceOfDeath(
                depth: depth, seedHardness: p.seedHardness, selectionPressure: p.selectionPressure, food: p.food,
                population: population)
        }
        return SelectionRound(
            survival: SingleDrawSurvival(chances: chances),
            birthChance: [Double](repeating: p.reproductiveChance, count: Self.traitRange.upperBound + 1),
            mutation: p.mutation, traitRange: Self.traitRange, maxPopulation: p.maxPopulation)
    }
}

extension BeaksModel {
    /// The beak depth best suited to the seeds, in tenths of a millimetre: `80 + 0.3 * seedHardness` (8.0 mm on
    /// soft seeds, 11.0 mm on the hardest).
    public static func optimum(seedHardness: Int) -> Double { 80 + 0.3 * Double(seedHardness) }

    /// How well a beak suits the seeds: `100 - 2 * |depth - optimum|` (100 is a perfect match; each tenth of a
    /// millimetre off costs 2).
    public static func adaptation(depth: Int, seedHardness: Int) -> Double {
        100 - 2 * abs(Double(depth) - optimum(seedHardness: seedHardness))
    }

    /// The death chance, camouflage's curve with food in place of the crowding coefficient:
    /// `1 - 1 / (1 + exp(-selectionPressure * (adaptation - (80 + 20 * N / food))))`.
    ///
    /// A finch whose adaptation equals `80 + 20 * N / food` has even odds; a flock as large as the food raises
    /// that point by 20. `exp` is ``DeterministicMath/exp(_:)``, so the value is the same on every machine.
    ///
    /// - Parameters:
    ///   - depth: The finch's beak depth in tenths of a millimetre, 60...140.
    ///   - seedHardness: The seeds, 0...100.
    ///   - selectionPressure: 0...0.5; 0 makes every chance one half.
    ///   - food: How many finches the island feeds comfortably.
    ///   - population: N, the flock at the start of the generation.
    public static func chanceOfDeath(
        depth: Int, seedHardness: Int, selectionPressure: Double, food: Int, population: Int
    ) -> Double {
        let adaptation = adaptation(depth: depth, seedHardness: seedHardness)
        let x = -selectionPressure * (adaptation - (80 + 20 * Double(population) / Double(food)))
        return 1 - 1 / (1 + DeterministicMath.exp(x))
    }
}
