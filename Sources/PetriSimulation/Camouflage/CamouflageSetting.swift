/// One checked parameter change, parsed from a name and a ``ParameterValue``.
///
/// Teacher actions and scheduled changes both go through this type, so they accept the same names
/// and fail with the same sentences.
enum CamouflageSetting: Sendable, Hashable {
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
            self = .environmentColour(try Self.wholeNumber(name, value, in: P.environmentColourRange))
        case "reproductiveChance":
            self = .reproductiveChance(try Self.number(name, value, in: P.reproductiveChanceRange))
        case "selectionPressure":
            self = .selectionPressure(try Self.number(name, value, in: P.selectionPressureRange))
        case "crowding":
            self = .crowding(try Self.number(name, value, in: P.crowdingRange))
        case "maxPopulation":
            self = .maxPopulation(try Self.wholeNumber(name, value, in: P.maxPopulationRange))
        case "population":
            self = .population(try Self.wholeNumber(name, value, in: P.populationRange))
        case "initialTraitMin":
            self = .initialTraitMin(try Self.wholeNumber(name, value, in: P.traitRange))
        case "initialTraitMax":
            self = .initialTraitMax(try Self.wholeNumber(name, value, in: P.traitRange))
        case "scenario":
            guard case .text(let text) = value else {
                throw SimulationError(
                    .wrongValueKind,
                    "scenario takes a scenario name such as industrial-revolution, "
                        + "but was given \(Self.describe(value))."
                )
            }
            guard let scenario = CamouflageScenario(rawValue: text) else {
                let names = CamouflageScenario.allCases.map(\.rawValue).joined(separator: ", ")
                throw SimulationError(.parameterOutOfRange, "scenario must be one of \(names), but was \"\(text)\".")
            }
            self = .scenario(scenario)
        case "schedule":
            throw SimulationError(
                .invalidAction,
                "schedule can only be given when the lesson is created; "
                    + "between generations, set a parameter such as environmentColour directly."
            )
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

    private static func number(
        _ name: String, _ value: ParameterValue, in range: ClosedRange<Double>
    ) throws(SimulationError) -> Double {
        guard case .number(let x) = value else {
            throw SimulationError(.wrongValueKind, "\(name) takes a number, but was given \(describe(value)).")
        }
        try CamouflageParameters.checkNumber(name, x, in: range)
        return x
    }

    private static func wholeNumber(
        _ name: String, _ value: ParameterValue, in range: ClosedRange<Int>
    ) throws(SimulationError) -> Int {
        let x = try number(name, value, in: Double(range.lowerBound)...Double(range.upperBound))
        guard x == x.rounded() else {
            throw SimulationError(
                .parameterOutOfRange,
                "\(name) must be a whole number between \(range.lowerBound) and \(range.upperBound), "
                    + "but was \(CamouflageParameters.format(x))."
            )
        }
        return Int(x)  // exact: x is whole and within an Int range
    }

    /// "the text \"dark\"", "the yes/no value true", "the number 3".
    static func describe(_ value: ParameterValue) -> String {
        switch value {
        case .number(let x): "the number \(CamouflageParameters.format(x))"
        case .text(let s): "the text \"\(s)\""
        case .flag(let b): "the yes/no value \(b)"
        }
    }
}
