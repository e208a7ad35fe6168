/// Antibiotic resistance in a bacterial infection: natural selection on one heritable trait, `resistance`
/// 0...100, under a dose the teacher changes (MODELS.md §4).
///
/// The selection engine is the one the camouflage model uses (``TraitPopulation``); this model contributes its
/// fitness rule (``chanceOfKill(resistance:dose:)`` then crowding), the cost of resistance in division, its
/// starting strain, metrics, picture and story.
///
/// ```swift
/// var model = try ResistanceModel(parameters: ResistanceScenario.stoppedEarly.parameters, seed: 7)
/// for _ in 0..<8 { model.step() }
/// let mean = try model.value(of: MetricID("meanResistance"))
/// ```
public struct ResistanceModel: SimulationModel {
    public static let kind = ModelKind.resistance

    /// The sentence everyone sees when the last bacterium dies.
    public static let extinctionMessage = "Every bacterium has died: the infection is cured."

    public internal(set) var parameters: ResistanceParameters
    /// The bacteria and their generator, stepped by the shared selection engine.
    var creatures: TraitPopulation

    /// Generations stepped since generation 0.
    public var generation: Int { creatures.generation }
    /// Every bacterium's resistance (0...100), in draw order.
    public var traits: [UInt8] { creatures.traits }
    /// What happened in the step that produced this generation (all zero at generation 0).
    public var lastCounts: TraitGenerationCounts { creatures.lastCounts }

    /// Creates generation 0: `population` bacteria with resistance uniform in
    /// `initialResistanceMin...initialResistanceMax` (one `nextInt(in:)` draw each, in order).
    ///
    /// - Parameters:
    ///   - parameters: The settings; see ``ResistanceParameters``.
    ///   - seed: The teacher's secret seed.
    /// - Throws: ``SimulationError/Code/parameterOutOfRange`` naming the first bad parameter.
    public init(parameters: ResistanceParameters, seed: UInt64) throws(SimulationError) {
        try parameters.validate()
        let range = parameters.initialResistanceMin...parameters.initialResistanceMax
        self.parameters = parameters
        creatures = .founding(count: parameters.population, seed: seed) { UInt8($0.nextInt(in: range)) }
    }

    /// Assembles a model from checked parts (state decoding and tests).
    init(parameters: ResistanceParameters, creatures: TraitPopulation) {
        self.parameters = parameters
        self.creatures = creatures
    }

    /// True once every bacterium has died; the run is then over.
    public var isExtinct: Bool { creatures.traits.isEmpty }

    public var isOver: Bool { isExtinct }

    public var endMessage: String? { isExtinct ? Self.extinctionMessage : nil }

    /// Advances one generation: scheduled changes, then the shared engine's selection and reproduction with this
    /// model's rules (``selectionRound(population:)``). A no-op once extinct.
    public mutating func step() { stepGeneration() }

    /// Applies a teacher's change between generations (e.g. `dose`); on error nothing changes.
    ///
    /// population and scenario shape generation 0: at generation 0 they rebuild it exactly as if the lesson had
    /// been created with them; later they are refused.
    ///
    /// - Throws: ``SimulationError`` for an unknown parameter, a bad value, a grid action or a finished run.
    public mutating func apply(_ action: ModelAction) throws(SimulationError) { try applySetting(action) }
}

extension ResistanceModel: TraitModel {
    static let displayName = "Resistance"
    static let runOverSentence =
        "Every bacterium has died, so the run is over; start a new lesson to try again."
    static let environmentName = "dose"
    static let traitRange = ResistanceParameters.traitRange

    /// The rules of one generation, N being the population at its start:
    /// - survival: one `nextUnit()` draw `u`; the bacterium is killed by the antibiotic iff
    ///   `u < chanceOfKill(resistance, dose)`; if not, a second draw `v` and it dies of crowding iff
    ///   `v < min(1, crowding * N)` (``AntibioticSurvival``);
    /// - division: with chance `reproductiveChance * (1 - costOfResistance * resistance / 100)`;
    /// - a child's resistance: the parent's plus `U{-mutation...mutation}`, reflected into 0...100.
    func selectionRound(population: Int) -> SelectionRound<AntibioticSurvival> {
        let p = parameters
        let size = Self.traitRange.upperBound + 1
        var kill = [Double](repeating: 0, count: size)
        var birth = [Double](repeating: 0, count: size)
        for resistance in Self.traitRange {
            kill[resistance] = Self.chanceOfKill(resistance: resistance, dose: p.dose)
            birth[resistance] = Self.divisionChance(
                resistance: resistance, reproductiveChance: p.reproductiveChance, cost: p.costOfResistance)
        }
        return SelectionRound(
            survival: AntibioticSurvival(
                kill: kill, crowd: Self.chanceOfCrowding(crowding: p.crowding, population: population)),
            birthChance: birth, mutation: p.mutation, traitRange: Self.traitRange, maxPopulation: p.maxPopulation)
    }
}

/// Two causes of death, drawn one after the other: the antibiotic, then crowding.
///
/// A bacterium survives iff `u >= kill[resistance]` and then `v >= crowd` (`v` is drawn only for bacteria the
/// antibiotic spared). With no antibiotic the kill chance is exactly 0, so `u >= 0` spares everyone.
struct AntibioticSurvival: SurvivalRule {
    /// The antibiotic's chance of killing, indexed by resistance.
    let kill: [Double]
    /// The chance of dying of crowding, the same for every bacterium this generation.
    let crowd: Double

    func deathChance(_ trait: Int) -> Double { 1 - (1 - kill[trait]) * (1 - crowd) }

    func survives(_ trait: Int, drawing random: inout PetriRandom) -> Bool {
        random.nextUnit() >= kill[trait] && random.nextUnit() >= crowd
    }
}

extension ResistanceModel {
    /// The antibiotic's chance of killing a bacterium: 0 with no antibiotic, else
    /// `1 / (1 + exp(-0.1 * (dose - resistance)))`: even odds when resistance equals the dose, about 0.27 ten
    /// points above it, about 0.73 ten points below. `exp` is ``DeterministicMath/exp(_:)``.
    ///
    /// - Parameters:
    ///   - resistance: The bacterium's resistance, 0...100.
    ///   - dose: The antibiotic's concentration, 0...100.
    public static func chanceOfKill(resistance: Int, dose: Int) -> Double {
        guard dose != 0 else { return 0 }
        return 1 / (1 + DeterministicMath.exp(-0.1 * Double(dose - resistance)))
    }

    /// The chance of dying of crowding: `min(1, crowding * N)`, N the population at the start of the generation.
    public static func chanceOfCrowding(crowding: Double, population: Int) -> Double {
        min(1, crowding * Double(population))
    }

    /// The chance that a surviving bacterium divides: `reproductiveChance * (1 - cost * resistance / 100)`.
    public static func divisionChance(resistance: Int, reproductiveChance: Double, cost: Double) -> Double {
        reproductiveChance * (1 - cost * Double(resistance) / 100)
    }
}
