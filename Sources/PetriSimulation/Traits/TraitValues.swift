/// A shipped trait model, named by a type so that each has its own ``SimulationModel`` statics: its file, its wire
/// name and the picture clients draw (camouflage keeps its own snapshot; the others send a ``TraitSnapshot``).
public protocol TraitModelName: Sendable {
    associatedtype Snapshot: Sendable, Hashable, Codable
    static var kind: ModelKind { get }
    /// The parsed model file.
    static var file: TraitModelFile { get }
    /// This generation's picture, from the one every trait model draws.
    static func snapshot(_ picture: TraitSnapshot) -> Snapshot
}

extension TraitModelFile {
    /// A model file compiled into the program: a broken one is a build mistake, which every test run finds.
    static func shipped(_ bytes: [UInt8]) -> TraitModelFile {
        do {
            return try parse(String(decoding: bytes, as: UTF8.self))
        } catch {
            fatalError("A shipped trait model file is broken: \(error.message)")
        }
    }
}

/// The parameters of a trait model, as its file lists them: one number per parameter in file order (whole numbers
/// for integer parameters), the schedule and the scenario they started from.
///
/// Every key is optional when decoded from a lesson file: missing keys take the file's defaults, or the values of
/// `scenario` when one is named.
public struct TraitValues<Name: TraitModelName>: Sendable, Hashable {
    /// One value per parameter of ``TraitModelName/file``, in its order.
    var values: [Double]
    /// Changes applied automatically at given generations (see ``ScheduledChange``).
    public var schedule: [ScheduledChange] = []
    /// The preset these parameters started from, if any; informational once the run has started.
    public var scenarioName: String?

    /// The file's defaults.
    public init() { values = Name.file.parameters.map(\.default) }

    /// The value of the parameter `name` (0 for a name the file lacks, which the file's check rules out).
    public func value(_ name: String) -> Double { Name.file.index(of: name).map { values[$0] } ?? 0 }

    /// Sets the parameter `name` (ignored for a name the file lacks).
    public mutating func setValue(_ name: String, _ value: Double) {
        if let i = Name.file.index(of: name) { values[i] = value }
    }

    func int(_ name: String) -> Int { Int(value(name)) }

    /// An integer parameter's range.
    static func intRange(_ name: String) -> ClosedRange<Int> {
        let r = range(name)
        return Int(r.lowerBound)...Int(r.upperBound)
    }

    /// A parameter's range.
    static func range(_ name: String) -> ClosedRange<Double> {
        guard let p = Name.file.parameters.first(where: { $0.name == name }) else { return 0...0 }
        return p.range[0]...p.range[1]
    }

    /// The names `.set` accepts, in the order error messages list them: changeable parameters, then those that
    /// shape generation 0, then `scenario`.
    public static var settableNames: [String] {
        let p = Name.file.parameters
        return p.filter { $0.changeable ?? true }.map(\.name) + p.filter { !($0.changeable ?? true) }.map(\.name)
            + ["scenario"]
    }

    /// Every trait lies here.
    public static var traitRange: ClosedRange<Int> { Name.file.traitRange }

    /// The preset of the scenario `name` (the defaults with its `set` values and schedule).
    static func preset(_ name: String) -> TraitValues {
        var p = TraitValues()
        p.scenarioName = name
        guard let scenario = Name.file.scenarios.first(where: { $0.name == name }) else { return p }
        for (key, value) in scenario.set ?? [:] { p.setValue(key, value) }
        p.schedule = scenario.schedule ?? []
        return p
    }

    /// Checks every value in file order, the starting range and the schedule.
    ///
    /// - Throws: ``SimulationError/Code/parameterOutOfRange`` naming the first bad parameter, its value and the
    ///   allowed range; schedule entries are named by position and generation.
    public func validate() throws(SimulationError) {
        for (p, value) in zip(Name.file.parameters, values) {
            switch p.kind {
            case .integer:
                try SimulationError.check(p.name, Int(value), in: Int(p.range[0])...Int(p.range[1]))
            default:
                try ParameterCheck.number(p.name, value, in: p.range[0]...p.range[1])
            }
        }
        let founding = Name.file.trait.founding
        if let minName = founding.min, let maxName = founding.max, int(minName) > int(maxName) {
            throw SimulationError(
                .parameterOutOfRange,
                "\(minName) (\(int(minName))) must not be above \(maxName) (\(int(maxName))).")
        }
        try validateSchedule()
    }
}

extension TraitValues: TraitParameters {
    typealias Setting = TraitChange<Name>
}

/// One checked parameter change of a trait model, parsed from a name and a ``ParameterValue``.
struct TraitChange<Name: TraitModelName>: TraitSetting {
    enum Change: Sendable, Hashable {
        case value(index: Int, Double)
        case scenario(String)
    }

    let change: Change
    let isCreationOnly: Bool

    init(name: String, value: ParameterValue) throws(SimulationError) {
        let file = Name.file
        if name == "scenario" {
            guard case .text(let text) = value else {
                let example = (file.scenarios.first { $0.example == true } ?? file.scenarios.first)?.name ?? ""
                throw SimulationError(
                    .wrongValueKind,
                    "scenario takes a scenario name such as \(example), but was given "
                        + "\(ParameterCheck.describe(value)).")
            }
            guard file.scenarios.contains(where: { $0.name == text }) else {
                let names = file.scenarios.map(\.name).joined(separator: ", ")
                throw SimulationError(.parameterOutOfRange, "scenario must be one of \(names), but was \"\(text)\".")
            }
            change = .scenario(text)
            isCreationOnly = true
            return
        }
        if name == "schedule" { throw ParameterCheck.scheduleRefusal(example: file.environment) }
        guard let i = file.index(of: name) else {
            throw SimulationError(
                .unknownParameter,
                "\(file.name) has no parameter named \"\(name)\"; its parameters are "
                    + "\(TraitValues<Name>.settableNames.joined(separator: ", "))."
            )
        }
        let p = file.parameters[i]
        switch p.kind {
        case .integer:
            let range = Int(p.range[0])...Int(p.range[1])
            change = .value(index: i, Double(try ParameterCheck.wholeNumber(name, value, in: range)))
        default:
            change = .value(index: i, try ParameterCheck.number(name, value, in: p.range[0]...p.range[1]))
        }
        isCreationOnly = !(p.changeable ?? true)
    }

    func apply(to parameters: inout TraitValues<Name>) {
        switch change {
        case .value(let i, let v): parameters.values[i] = v
        case .scenario(let s): parameters = .preset(s)
        }
    }

    static var schedulableNames: [String] { Name.file.parameters.filter { $0.changeable ?? true }.map(\.name) }
}

extension TraitValues: Codable {
    /// Decodes a lesson file's parameters: missing keys take the defaults, or the named scenario's values.
    ///
    /// Values are not range-checked here; the model's initializer does that with sentences a teacher can act on.
    ///
    /// - Throws: `DecodingError` for a key the model does not have, an unknown scenario or a value of the wrong
    ///   type.
    public init(from decoder: any Decoder) throws {
        let file = Name.file
        let allowed = file.parameters.map(\.name) + ["schedule", "scenario"]
        try UnknownKeys.refuse(in: decoder, allowed: allowed, model: file.name)
        let c = try decoder.container(keyedBy: TraitModelFile.AnyKey.self)
        let scenario = try c.decodeIfPresent(ScenarioText<Name>.self, forKey: .init("scenario"))
        var p = scenario.map { TraitValues.preset($0.name) } ?? TraitValues()
        for (i, parameter) in file.parameters.enumerated() {
            let key = TraitModelFile.AnyKey(parameter.name)
            if parameter.kind == .integer {
                if let v = try c.decodeIfPresent(Int.self, forKey: key) { p.values[i] = Double(v) }
            } else if let v = try c.decodeIfPresent(Double.self, forKey: key) {
                p.values[i] = v
            }
        }
        p.schedule = try c.decodeIfPresent([ScheduledChange].self, forKey: .init("schedule")) ?? p.schedule
        self = p
    }

    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: TraitModelFile.AnyKey.self)
        for (parameter, value) in zip(Name.file.parameters, values) {
            let key = TraitModelFile.AnyKey(parameter.name)
            if parameter.kind == .integer {
                try c.encode(Int(value), forKey: key)
            } else {
                try c.encode(value, forKey: key)
            }
        }
        try c.encode(schedule, forKey: .init("schedule"))
        try c.encodeIfPresent(scenarioName, forKey: .init("scenario"))
    }
}

/// A scenario name in a lesson file, refused with the list of names when the model has no such scenario.
private struct ScenarioText<Name: TraitModelName>: Decodable {
    let name: String

    init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        let text = try container.decode(String.self)
        let names = Name.file.scenarios.map(\.name)
        guard names.contains(text) else {
            throw DecodingError.dataCorruptedError(
                in: container,
                debugDescription: "scenario must be one of \(names.joined(separator: ", ")), but was \"\(text)\".")
        }
        name = text
    }
}

/// A shipped model's scenarios by name, with their titles, explanations and presets read from its file.
public protocol TraitScenario: RawRepresentable, CaseIterable, Sendable, Hashable, Codable
where RawValue == String {
    associatedtype Name: TraitModelName
}

extension TraitScenario {
    private var entry: TraitModelFile.Scenario? { Name.file.scenarios.first { $0.name == rawValue } }

    /// A short title for menus.
    public var title: String { entry?.title ?? rawValue }

    /// What the scenario shows, for the teacher's screen and the students' introduction.
    public var explanation: String { entry?.explanation ?? "" }

    /// The preset's parameters (with the scenario set to this one).
    public var parameters: TraitValues<Name> { .preset(rawValue) }

    /// Decodes a scenario name, listing the valid names when it is not one.
    public init(from decoder: any Decoder) throws { self = try ScenarioCoding.decode(decoder) }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(rawValue)
    }
}
