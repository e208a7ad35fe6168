/// One checked change of an antibiotic-resistance parameter, parsed from a name and a ``ParameterValue``.
///
/// Teacher actions and scheduled changes both go through this type, so they accept the same names and fail
/// with the same sentences.
enum ResistanceSetting: TraitSetting, Hashable {
    case dose(Int)
    case reproductiveChance(Double)
    case costOfResistance(Double)
    case crowding(Double)
    case mutation(Int)
    case maxPopulation(Int)
    case population(Int)
    case initialResistanceMin(Int)
    case initialResistanceMax(Int)
    case scenario(ResistanceScenario)

    static let schedulableNames = [
        "dose", "reproductiveChance", "costOfResistance", "crowding", "mutation", "maxPopulation",
    ]

    /// Parses and range-checks `value` for the parameter `name`.
    ///
    /// - Throws: ``SimulationError/Code/unknownParameter`` listing the valid names,
    ///   ``SimulationError/Code/wrongValueKind`` or ``SimulationError/Code/parameterOutOfRange``.
    init(name: String, value: ParameterValue) throws(SimulationError) {
        typealias P = ResistanceParameters
        switch name {
        case "dose": self = .dose(try ParameterCheck.wholeNumber(name, value, in: P.doseRange))
        case "reproductiveChance":
            self = .reproductiveChance(try ParameterCheck.number(name, value, in: P.reproductiveChanceRange))
        case "costOfResistance":
            self = .costOfResistance(try ParameterCheck.number(name, value, in: P.costOfResistanceRange))
        case "crowding": self = .crowding(try ParameterCheck.number(name, value, in: P.crowdingRange))
        case "mutation": self = .mutation(try ParameterCheck.wholeNumber(name, value, in: P.mutationRange))
        case "maxPopulation":
            self = .maxPopulation(try ParameterCheck.wholeNumber(name, value, in: P.maxPopulationRange))
        case "population": self = .population(try ParameterCheck.wholeNumber(name, value, in: P.populationRange))
        case "initialResistanceMin":
            self = .initialResistanceMin(try ParameterCheck.wholeNumber(name, value, in: P.traitRange))
        case "initialResistanceMax":
            self = .initialResistanceMax(try ParameterCheck.wholeNumber(name, value, in: P.traitRange))
        case "scenario": self = .scenario(try ParameterCheck.scenario(value, example: "stopped-early"))
        case "schedule": throw ParameterCheck.scheduleRefusal(example: "dose")
        default:
            throw SimulationError(
                .unknownParameter,
                "Resistance has no parameter named \"\(name)\"; its parameters are "
                    + "\(P.settableNames.joined(separator: ", "))."
            )
        }
    }

    var isCreationOnly: Bool {
        switch self {
        case .population, .initialResistanceMin, .initialResistanceMax, .scenario: true
        case .dose, .reproductiveChance, .costOfResistance, .crowding, .mutation, .maxPopulation: false
        }
    }

    func apply(to parameters: inout ResistanceParameters) {
        switch self {
        case .dose(let v): parameters.dose = v
        case .reproductiveChance(let v): parameters.reproductiveChance = v
        case .costOfResistance(let v): parameters.costOfResistance = v
        case .crowding(let v): parameters.crowding = v
        case .mutation(let v): parameters.mutation = v
        case .maxPopulation(let v): parameters.maxPopulation = v
        case .population(let v): parameters.population = v
        case .initialResistanceMin(let v): parameters.initialResistanceMin = v
        case .initialResistanceMax(let v): parameters.initialResistanceMax = v
        case .scenario(let s): parameters = s.parameters
        }
    }
}
