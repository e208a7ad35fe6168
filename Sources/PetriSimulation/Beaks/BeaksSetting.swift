/// One checked change of a finch-beak parameter, parsed from a name and a ``ParameterValue``.
///
/// Teacher actions and scheduled changes both go through this type, so they accept the same names and fail
/// with the same sentences.
enum BeaksSetting: TraitSetting, Hashable {
    case seedHardness(Int)
    case food(Int)
    case reproductiveChance(Double)
    case selectionPressure(Double)
    case mutation(Int)
    case maxPopulation(Int)
    case population(Int)
    case scenario(BeaksScenario)

    static let schedulableNames = [
        "seedHardness", "food", "reproductiveChance", "selectionPressure", "mutation", "maxPopulation",
    ]

    /// Parses and range-checks `value` for the parameter `name`.
    ///
    /// - Throws: ``SimulationError/Code/unknownParameter`` listing the valid names,
    ///   ``SimulationError/Code/wrongValueKind`` or ``SimulationError/Code/parameterOutOfRange``.
    init(name: String, value: ParameterValue) throws(SimulationError) {
        typealias P = BeaksParameters
        switch name {
        case "seedHardness":
            self = .seedHardness(try ParameterCheck.wholeNumber(name, value, in: P.seedHardnessRange))
        case "food": self = .food(try ParameterCheck.wholeNumber(name, value, in: P.foodRange))
        case "reproductiveChance":
            self = .reproductiveChance(try ParameterCheck.number(name, value, in: P.reproductiveChanceRange))
        case "selectionPressure":
            self = .selectionPressure(try ParameterCheck.number(name, value, in: P.selectionPressureRange))
        case "mutation": self = .mutation(try ParameterCheck.wholeNumber(name, value, in: P.mutationRange))
        case "maxPopulation":
            self = .maxPopulation(try ParameterCheck.wholeNumber(name, value, in: P.maxPopulationRange))
        case "population": self = .population(try ParameterCheck.wholeNumber(name, value, in: P.populationRange))
        case "scenario": self = .scenario(try ParameterCheck.scenario(value, example: "drought-1977"))
        case "schedule": throw ParameterCheck.scheduleRefusal(example: "seedHardness")
        default:
            throw SimulationError(
                .unknownParameter,
                "Beaks has no parameter named \"\(name)\"; its parameters are "
                    + "\(P.settableNames.joined(separator: ", "))."
            )
        }
    }

    var isCreationOnly: Bool {
        switch self {
        case .population, .scenario: true
        case .seedHardness, .food, .reproductiveChance, .selectionPressure, .mutation, .maxPopulation: false
        }
    }

    func apply(to parameters: inout BeaksParameters) {
        switch self {
        case .seedHardness(let v): parameters.seedHardness = v
        case .food(let v): parameters.food = v
        case .reproductiveChance(let v): parameters.reproductiveChance = v
        case .selectionPressure(let v): parameters.selectionPressure = v
        case .mutation(let v): parameters.mutation = v
        case .maxPopulation(let v): parameters.maxPopulation = v
        case .population(let v): parameters.population = v
        case .scenario(let s): parameters = s.parameters
        }
    }
}
