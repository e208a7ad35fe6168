/// The settings of a finch-beak run: the flock, the seeds left on the island (the environment a teacher
/// changes), how much food there is, breeding, selection, the mutation step, a population cap and a schedule.
///
/// Beak depths are whole tenths of a millimetre (92 is 9.2 mm). Every key is optional when decoded from a lesson
/// file: missing keys take the defaults below, or the values of `scenario` when one is named (see
/// ``BeaksScenario``).
///
/// ```swift
/// var parameters = BeaksParameters()
/// parameters.seedHardness = 75
/// let model = try BeaksModel(parameters: parameters, seed: 42)
/// ```
public struct BeaksParameters: Sendable, Hashable {
    /// Finches at generation 0. Only changeable at generation 0.
    public var population = 400
    /// How hard the seeds left on the island are, 0 (small soft seeds) to 100 (large hard ones): a drought leaves
    /// mostly hard seeds. The best beak depth is `8.0 + 0.03 * seedHardness` mm.
    public var seedHardness = 40
    /// How many finches the island's food feeds comfortably: a flock of this size raises the adaptation a finch
    /// needs for even odds of surviving by 20.
    public var food = 600
    /// The chance that a surviving finch raises one chick each generation.
    public var reproductiveChance = 0.5
    /// How steeply the death chance rises as a beak moves away from the best depth.
    public var selectionPressure = 0.15
    /// A chick's beak depth differs from its parent's by at most this many tenths of a millimetre.
    public var mutation = 5
    /// A safety cap: once a generation's survivors plus chicks reach it, no more are born that generation.
    public var maxPopulation = 100_000
    /// Changes applied automatically at given generations (see ``ScheduledChange``).
    public var schedule: [ScheduledChange] = []
    /// The preset these parameters started from, if any; informational once the run has started.
    public var scenario: BeaksScenario?

    /// The defaults: 400 medium ground finches on an island whose seeds suit their 9.2 mm beaks (hardness 40).
    ///
    /// MODELS.md §4 started from 150 finches, hardness 30, food 200, selection pressure 0.1 and mutation 3; with
    /// those the flock was so small and so uniform that the drought shifted its mean depth by 0.3 to 0.8 mm in
    /// only 36 of 100 runs of a Python port. A larger flock (less noise), more variation (mutation 5) and
    /// steeper selection (0.15) give 0.3 to 0.8 mm in 99 of 100 (see BeaksScenarioTests for this build's count).
    public init() {}

    /// Allowed starting flocks.
    public static let populationRange = 1...100_000
    /// Allowed seed hardnesses.
    public static let seedHardnessRange = 0...100
    /// Allowed amounts of food.
    public static let foodRange = 1...100_000
    /// Allowed reproductive chances.
    public static let reproductiveChanceRange = 0.0...1.0
    /// Allowed selection pressures (camouflage's range).
    public static let selectionPressureRange = 0.0...0.5
    /// Allowed mutation steps (at most a quarter of the trait range, so one reflection keeps chicks in range).
    public static let mutationRange = 0...20
    /// Allowed population caps.
    public static let maxPopulationRange = 1...1_000_000
    /// Every beak depth lies here, in tenths of a millimetre: 6.0 ... 14.0 mm.
    public static let traitRange = 60...140
    /// Generation 0's depths are the mean of three draws from here, rounded: about 9.2 mm, spread like a real
    /// flock's.
    public static let initialDepthDraws = 80...104

    /// The names ``BeaksModel/apply(_:)`` accepts in `.set`, in the order error messages list them.
    public static let settableNames = [
        "seedHardness", "food", "reproductiveChance", "selectionPressure", "mutation", "maxPopulation", "population",
        "scenario",
    ]

    /// Checks every value and the schedule.
    ///
    /// - Throws: ``SimulationError/Code/parameterOutOfRange`` naming the first bad parameter, its value and the
    ///   allowed range; schedule entries are named by position and generation.
    public func validate() throws(SimulationError) {
        try SimulationError.check("population", population, in: Self.populationRange)
        try SimulationError.check("seedHardness", seedHardness, in: Self.seedHardnessRange)
        try SimulationError.check("food", food, in: Self.foodRange)
        try ParameterCheck.number("reproductiveChance", reproductiveChance, in: Self.reproductiveChanceRange)
        try ParameterCheck.number("selectionPressure", selectionPressure, in: Self.selectionPressureRange)
        try SimulationError.check("mutation", mutation, in: Self.mutationRange)
        try SimulationError.check("maxPopulation", maxPopulation, in: Self.maxPopulationRange)
        try validateSchedule()
    }
}

extension BeaksParameters: TraitParameters {
    typealias Setting = BeaksSetting
}

extension BeaksParameters: Codable {
    private enum CodingKeys: String, CodingKey, CaseIterable {
        case population, seedHardness, food, reproductiveChance, selectionPressure, mutation, maxPopulation
        case schedule, scenario
    }

    /// Decodes a lesson file's parameters: missing keys take the defaults, or the named scenario's values.
    ///
    /// Values are not range-checked here; ``BeaksModel/init(parameters:seed:)`` does that with sentences a
    /// teacher can act on.
    ///
    /// - Throws: `DecodingError` for a key the model does not have, an unknown scenario or a value of the wrong
    ///   type.
    public init(from decoder: any Decoder) throws {
        try UnknownKeys.refuse(in: decoder, allowed: CodingKeys.allCases.map(\.stringValue), model: "Beaks")
        let c = try decoder.container(keyedBy: CodingKeys.self)
        let scenario = try c.decodeIfPresent(BeaksScenario.self, forKey: .scenario)
        var p = scenario?.parameters ?? BeaksParameters()
        p.population = try c.decodeIfPresent(Int.self, forKey: .population) ?? p.population
        p.seedHardness = try c.decodeIfPresent(Int.self, forKey: .seedHardness) ?? p.seedHardness
        p.food = try c.decodeIfPresent(Int.self, forKey: .food) ?? p.food
        p.reproductiveChance = try c.decodeIfPresent(Double.self, forKey: .reproductiveChance) ?? p.reproductiveChance
        p.selectionPressure = try c.decodeIfPresent(Double.self, forKey: .selectionPressure) ?? p.selectionPressure
        p.mutation = try c.decodeIfPresent(Int.self, forKey: .mutation) ?? p.mutation
        p.maxPopulation = try c.decodeIfPresent(Int.self, forKey: .maxPopulation) ?? p.maxPopulation
        p.schedule = try c.decodeIfPresent([ScheduledChange].self, forKey: .schedule) ?? p.schedule
        self = p
    }

    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(population, forKey: .population)
        try c.encode(seedHardness, forKey: .seedHardness)
        try c.encode(food, forKey: .food)
        try c.encode(reproductiveChance, forKey: .reproductiveChance)
        try c.encode(selectionPressure, forKey: .selectionPressure)
        try c.encode(mutation, forKey: .mutation)
        try c.encode(maxPopulation, forKey: .maxPopulation)
        try c.encode(schedule, forKey: .schedule)
        try c.encodeIfPresent(scenario, forKey: .scenario)
    }
}
