/// One checked parameter change, parsed from a name and a ``ParameterValue``.
///
/// Teacher actions and scheduled changes both go through this type, so they accept the same names
/// and fail with the same sentences.
enum CamouflageSetting: TraitSetting, Hashable {
    case environmentColour(Int)
    case reproductiveChance(Double)
    case selectionPressure(Double)
    case crowding(Double)
    case maxPopulation(Int)
    case population(Int)
    case initialTraitMin(Int)
    case initialTraitMax(Int)
    case scenario(CamouflageScenario)

    /// Parses and range-checks `value` for the parameter `name`.
    ///
    /// - Parameters:
    ///   - name: A name from ``CamouflageParameters/settableNames``.
    ///   - value: The new value; numbers for all but `scenario`, which takes a scenario name.
    /// - Throws: ``SimulationError/Code/unknownParameter`` listing the valid names,
    ///   ``SimulationError/Code/wrongValueKind`` for text where a number belongs (or the reverse),
    ///   ``SimulationError/Code/parameterOutOfRange`` naming the value and the range.
    init(name: String, value: ParameterValue) throws(SimulationError) {
        typealias P = CamouflageParameters
        switch name {
        case "environmentColour":
            self = .environmentColour(try ParameterCheck.wholeNumber(name, value, in: P.environmentColourRange))
        case "reproductiveChance":
            self = .reproductiveChance(try ParameterCheck.number(name, value, in: P.reproductiveChanceRange))
        case "selectionPressure":
            self = .selectionPressure(try ParameterCheck.number(name, value, in: P.selectionPressureRange))
        case "crowding":
            self = .crowding(try ParameterCheck.number(name, value, in: P.crowdingRange))
        case "maxPopulation":
            self = .maxPopulation(try ParameterCheck.wholeNumber(name, value, in: P.maxPopulationRange))
        case "population":
            self = .population(try ParameterCheck.wholeNumber(name, value, in: P.populationRange))
        case "initialTraitMin":
            self = .initialTraitMin(try ParameterCheck.wholeNumber(name, value, in: P.traitRange))
        case "initialTraitMax":
            self = .initialTraitMax(try ParameterCheck.wholeNumber(name, value, in: P.traitRange))
        case "scenario":
            self = .scenario(try ParameterCheck.scenario(value, example: "industrial-revolution"))
        case "schedule":
            throw ParameterCheck.scheduleRefusal(example: "environmentColour")
        default:
            throw SimulationError(
                .unknownParameter,
                "Camouflage has no parameter named \"\(name)\"; its parameters are "
                    + "\(CamouflageParameters.settableNames.joined(separator: ", "))."
            )
        }
    }

    /// The parameter this setting changes.
    var name: String {
        switch self {
        case .environmentColour: "environmentColour"
        case .reproductiveChance: "reproductiveChance"
        case .selectionPressure: "selectionPressure"
        case .crowding: "crowding"
        case .maxPopulation: "maxPopulation"
        case .population: "population"
        case .initialTraitMin: "initialTraitMin"
        case .initialTraitMax: "initialTraitMax"
        case .scenario: "scenario"
        }
    }

    static let schedulableNames = [
        "environmentColour", "reproductiveChance", "selectionPressure", "crowding", "maxPopulation",
    ]

    /// True for the settings that shape generation 0 and so can only change before the first step.
    var isCreationOnly: Bool {
        switch self {
        case .population, .initialTraitMin, .initialTraitMax, .scenario: true
        case .environmentColour, .reproductiveChance, .selectionPressure, .crowding, .maxPopulation: false
        }
    }

    /// Writes the value into `parameters` (a scenario replaces them all with its preset).
    func apply(to parameters: inout CamouflageParameters) {
        switch self {
        case .environmentColour(let v): parameters.environmentColour = v
        case .reproductiveChance(let v): parameters.reproductiveChance = v
        case .selectionPressure(let v): parameters.selectionPressure = v
        case .crowding(let v): parameters.crowding = v
        case .maxPopulation(let v): parameters.maxPopulation = v
        case .population(let v): parameters.population = v
        case .initialTraitMin(let v): parameters.initialTraitMin = v
        case .initialTraitMax(let v): parameters.initialTraitMax = v
        case .scenario(let s): parameters = s.parameters
        }
    }
}
