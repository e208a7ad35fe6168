/// The settings of an antibiotic-resistance run: the strain, the antibiotic's dose (the environment a teacher
/// changes), the price of resistance, crowding, the mutation step, a population cap and a schedule of changes.
///
/// Every key is optional when decoded from a lesson file: missing keys take the defaults below, or the values of
/// `scenario` when one is named (see ``ResistanceScenario``).
///
/// ```swift
/// var parameters = ResistanceParameters()
/// parameters.dose = 45
/// let model = try ResistanceModel(parameters: parameters, seed: 42)
/// ```
public struct ResistanceParameters: Sendable, Hashable {
    /// Bacteria at generation 0. Only changeable at generation 0.
    public var population = 500
    /// The antibiotic's concentration: 0 is none; a bacterium whose resistance equals the dose has even odds
    /// of being killed.
    public var dose = 0
    /// The chance that a surviving bacterium with no resistance divides each generation.
    public var reproductiveChance = 0.9
    /// How much resistance slows division: a fully resistant bacterium divides with chance
    /// `reproductiveChance * (1 - costOfResistance)`.
    public var costOfResistance = 0.3
    /// Each bacterium raises every bacterium's chance of dying of crowding by this much (capped at 1).
    public var crowding = 0.0008
    /// A child's resistance differs from its parent's by at most this much.
    public var mutation = 5
    /// A safety cap: once a generation's survivors plus newborns reach it, no more are born that generation.
    public var maxPopulation = 100_000
    /// The lowest resistance of the generation-0 bacteria (uniform between this and ``initialResistanceMax``).
    public var initialResistanceMin = 0
    /// The highest resistance of the generation-0 bacteria: the default strain (0 to 30) is mostly susceptible.
    public var initialResistanceMax = 30
    /// Changes applied automatically at given generations (see ``ScheduledChange``).
    public var schedule: [ScheduledChange] = []
    /// The preset these parameters started from, if any; informational once the run has started.
    public var scenario: ResistanceScenario?

    /// The defaults: 500 mostly susceptible bacteria and no antibiotic.
    public init() {}

    /// Allowed starting populations.
    public static let populationRange = 1...100_000
    /// Allowed doses.
    public static let doseRange = 0...100
    /// Allowed reproductive chances.
    public static let reproductiveChanceRange = 0.0...1.0
    /// Allowed costs of resistance.
    public static let costOfResistanceRange = 0.0...1.0
    /// Allowed crowding coefficients: 0.0008 holds a few hundred bacteria, 0.00001 tens of thousands.
    public static let crowdingRange = 0.0...1.0
    /// Allowed mutation steps (at most a fifth of the trait range, so one reflection keeps children in range).
    public static let mutationRange = 0...20
    /// Allowed population caps.
    public static let maxPopulationRange = 1...1_000_000
    /// Every resistance lies here: 0 none ... 100 complete.
    public static let traitRange = 0...100

    /// The names ``ResistanceModel/apply(_:)`` accepts in `.set`, in the order error messages list them.
    public static let settableNames = [
        "dose", "reproductiveChance", "costOfResistance", "crowding", "mutation", "maxPopulation", "population",
        "initialResistanceMin", "initialResistanceMax", "scenario",
    ]

    /// Checks every value and the schedule.
    ///
    /// - Throws: ``SimulationError/Code/parameterOutOfRange`` naming the first bad parameter, its value and the
    ///   allowed range; schedule entries are named by position and generation.
    public func validate() throws(SimulationError) {
        try SimulationError.check("population", population, in: Self.populationRange)
        try SimulationError.check("dose", dose, in: Self.doseRange)
        try ParameterCheck.number("reproductiveChance", reproductiveChance, in: Self.reproductiveChanceRange)
        try ParameterCheck.number("costOfResistance", costOfResistance, in: Self.costOfResistanceRange)
        try ParameterCheck.number("crowding", crowding, in: Self.crowdingRange)
        try SimulationError.check("mutation", mutation, in: Self.mutationRange)
        try SimulationError.check("maxPopulation", maxPopulation, in: Self.maxPopulationRange)
        try SimulationError.check("initialResistanceMin", initialResistanceMin, in: Self.traitRange)
        try SimulationError.check("initialResistanceMax", initialResistanceMax, in: Self.traitRange)
        guard initialResistanceMin <= initialResistanceMax else {
            throw SimulationError(
                .parameterOutOfRange,
                "initialResistanceMin (\(initialResistanceMin)) must not be above initialResistanceMax "
                    + "(\(initialResistanceMax))."
            )
        }
        try validateSchedule()
    }
}

extension ResistanceParameters: TraitParameters {
    typealias Setting = ResistanceSetting
}

extension ResistanceParameters: Codable {
    private enum CodingKeys: String, CodingKey, CaseIterable {
        case population, dose, reproductiveChance, costOfResistance, crowding, mutation, maxPopulation
        case initialResistanceMin, initialResistanceMax, schedule, scenario
    }

    /// Decodes a lesson file's parameters: missing keys take the defaults, or the named scenario's values.
    ///
    /// Values are not range-checked here; ``ResistanceModel/init(parameters:seed:)`` does that with sentences a
    /// teacher can act on.
    ///
    /// - Throws: `DecodingError` for a key the model does not have, an unknown scenario or a value of the wrong
    ///   type.
    public init(from decoder: any Decoder) throws {
        try UnknownKeys.refuse(in: decoder, allowed: CodingKeys.allCases.map(\.stringValue), model: "Resistance")
        let c = try decoder.container(keyedBy: CodingKeys.self)
        let scenario = try c.decodeIfPresent(ResistanceScenario.self, forKey: .scenario)
        var p = scenario?.parameters ?? ResistanceParameters()
        p.population = try c.decodeIfPresent(Int.self, forKey: .population) ?? p.population
        p.dose = try c.decodeIfPresent(Int.self, forKey: .dose) ?? p.dose
        p.reproductiveChance = try c.decodeIfPresent(Double.self, forKey: .reproductiveChance) ?? p.reproductiveChance
        p.costOfResistance = try c.decodeIfPresent(Double.self, forKey: .costOfResistance) ?? p.costOfResistance
        p.crowding = try c.decodeIfPresent(Double.self, forKey: .crowding) ?? p.crowding
        p.mutation = try c.decodeIfPresent(Int.self, forKey: .mutation) ?? p.mutation
        p.maxPopulation = try c.decodeIfPresent(Int.self, forKey: .maxPopulation) ?? p.maxPopulation
        p.initialResistanceMin =
            try c.decodeIfPresent(Int.self, forKey: .initialResistanceMin) ?? p.initialResistanceMin
        p.initialResistanceMax =
            try c.decodeIfPresent(Int.self, forKey: .initialResistanceMax) ?? p.initialResistanceMax
        p.schedule = try c.decodeIfPresent([ScheduledChange].self, forKey: .schedule) ?? p.schedule
        self = p
    }

    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(population, forKey: .population)
        try c.encode(dose, forKey: .dose)
        try c.encode(reproductiveChance, forKey: .reproductiveChance)
        try c.encode(costOfResistance, forKey: .costOfResistance)
        try c.encode(crowding, forKey: .crowding)
        try c.encode(mutation, forKey: .mutation)
        try c.encode(maxPopulation, forKey: .maxPopulation)
        try c.encode(initialResistanceMin, forKey: .initialResistanceMin)
        try c.encode(initialResistanceMax, forKey: .initialResistanceMax)
        try c.encode(schedule, forKey: .schedule)
        try c.encodeIfPresent(scenario, forKey: .scenario)
    }
}
