/// A trait model's name for Swift: the type its model goes by, the picture clients get, and where its file comes
/// from (compiled in, ``ShippedTraitModelName``, or given at run time, ``FileTraitModelName``).
package protocol TraitModelName: Sendable {
    associatedtype Snapshot: Sendable, Hashable, Codable
    /// What restoring a model needs besides its bytes: `Void` for a shipped file, the file for a loaded one.
    associatedtype Source: Sendable
    /// This generation's picture, from the one every trait model draws.
    static func snapshot(_ picture: TraitSnapshot) -> Snapshot
    /// The file a model restored with `source` runs.
    static func source(_ source: Source) -> TraitModelSource
    /// The file a lesson file's parameters are read for.
    ///
    /// - Throws: `DecodingError` when the decoder was given no file for a loaded model.
    static func source(decoding decoder: any Decoder) throws -> TraitModelSource
}

/// A trait model compiled into the program: its file is a constant, so its type says what it is.
package protocol ShippedTraitModelName: TraitModelName where Source == Void {
    static var kind: ModelKind { get }
    /// The compiled-in file.
    static var source: TraitModelSource { get }
}

extension ShippedTraitModelName {
    /// The parsed model file.
    static var file: TraitModelFile { source.file }
    package static func source(_: Void) -> TraitModelSource { source }
    package static func source(decoding _: any Decoder) -> TraitModelSource { source }
}

/// A model file given at run time (a server's models directory, or the copy a lesson keeps): one type for every such
/// file, whose values carry their file. Clients get the plain ``TraitSnapshot``.
package enum FileTraitModelName: TraitModelName {
    package static func snapshot(_ picture: TraitSnapshot) -> TraitSnapshot { picture }
    package static func source(_ source: TraitModelSource) -> TraitModelSource { source }

    package static func source(decoding decoder: any Decoder) throws -> TraitModelSource {
        guard let source = decoder.userInfo[.traitModelSource] as? TraitModelSource else {
            throw DecodingError.dataCorrupted(
                .init(codingPath: decoder.codingPath, debugDescription: "These parameters need their model file."))
        }
        return source
    }
}

/// A model read from a file at run time, by the same engine as the shipped ones.
package typealias FileTraitModel = TraitEngineModel<FileTraitModelName>

/// The parameters of a trait model, as its file lists them: one number per parameter in file order (whole numbers
/// for integer parameters), the schedule and the scenario they started from. They hold their file (a reference).
///
/// Every key is optional when decoded from a lesson file: missing keys take the file's defaults, or the values of
/// `scenario` when one is named.
package struct TraitValues<Name: TraitModelName>: Sendable, Hashable {
    /// The file the values are for.
    let source: TraitModelSource
    /// One value per parameter of the file, in its order.
    var values: [Double]
    /// Changes applied automatically at given generations (see ``ScheduledChange``).
    var schedule: [ScheduledChange] = []
    /// The preset these parameters started from, if any; informational once the run has started.
    var scenarioName: String?

    /// The file's defaults.
    package init(source: TraitModelSource) {
        self.source = source
        values = source.file.parameters.map(\.default)
    }

    var file: TraitModelFile { source.file }

    /// The value of the parameter `name` (0 for a name the file lacks, which the file's check rules out).
    func value(_ name: String) -> Double { file.index(of: name).map { values[$0] } ?? 0 }

    /// Sets the parameter `name` (ignored for a name the file lacks).
    mutating func setValue(_ name: String, _ value: Double) {
        if let i = file.index(of: name) { values[i] = value }
    }

    func int(_ name: String) -> Int { Int(value(name)) }

    /// The names `.set` accepts, in the order error messages list them: changeable parameters, then those that
    /// shape generation 0, then `scenario`.
    var settable: [String] { file.settableNames }

    /// The preset of the scenario `name` (the defaults with its `set` values and schedule).
    package func preset(_ name: String) -> TraitValues {
        var p = TraitValues(source: source)
        p.scenarioName = name
        guard let scenario = file.scenarios.first(where: { $0.name == name }) else { return p }
        for (key, value) in scenario.set ?? [:] { p.setValue(key, value) }
        p.schedule = scenario.schedule ?? []
        return p
    }

    /// At most this many scheduled changes.
    static var scheduleLimit: Int { 1_000 }

    /// Checks every value in file order, the starting range and the schedule.
    ///
    /// - Throws: ``SimulationError/Code/parameterOutOfRange`` naming the first bad parameter, its value and the
    ///   allowed range; schedule entries are named by position and generation.
    func validate() throws(SimulationError) {
        for (p, value) in zip(file.parameters, values) {
            switch p.kind {
            case .integer:
                try SimulationError.check(p.name, Int(value), in: Int(p.range[0])...Int(p.range[1]))
            default:
                try ParameterCheck.number(p.name, value, in: p.range[0]...p.range[1])
            }
        }
        let founding = file.trait.founding
        if let minName = founding.min, let maxName = founding.max, int(minName) > int(maxName) {
            throw SimulationError(
                .parameterOutOfRange,
                "\(minName) (\(int(minName))) must not be above \(maxName) (\(int(maxName))).")
        }
        guard schedule.count <= Self.scheduleLimit else {
            throw SimulationError(
                .parameterOutOfRange,
                "schedule may hold at most \(Self.scheduleLimit) changes, but held \(schedule.count)."
            )
        }
        for (index, change) in schedule.enumerated() {
            try change.validate(position: index + 1, in: file)
        }
    }

    /// Applies the scheduled changes whose generation is `generation`, in schedule order.
    mutating func applySchedule(for generation: Int) {
        for change in schedule where change.generation == generation {
            // Every entry was checked when the parameters were validated, so parsing cannot fail here.
            if let setting = try? TraitChange(name: change.name, value: change.value, in: file) {
                setting.apply(to: &self)
            }
        }
    }
}

extension TraitValues where Name: ShippedTraitModelName {
    /// The file's defaults.
    package init() { self.init(source: Name.source) }

    /// An integer parameter's range.
    package static func intRange(_ name: String) -> ClosedRange<Int> { Name.file.intRange(name) }

    /// A parameter's range.
    static func range(_ name: String) -> ClosedRange<Double> { Name.file.range(name) }

    /// The names `.set` accepts, in the order error messages list them: changeable parameters, then those that
    /// shape generation 0, then `scenario`.
    static var settableNames: [String] { Name.file.settableNames }

    /// Every trait lies here.
    static var traitRange: ClosedRange<Int> { Name.file.traitRange }

    /// The preset of the scenario `name` (the defaults with its `set` values and schedule).
    static func preset(_ name: String) -> TraitValues { TraitValues().preset(name) }
}

extension TraitModelFile {
    /// An integer parameter's range.
    func intRange(_ name: String) -> ClosedRange<Int> {
        let r = range(name)
        return Int(r.lowerBound)...Int(r.upperBound)
    }

    /// A parameter's range.
    func range(_ name: String) -> ClosedRange<Double> {
        guard let p = parameters.first(where: { $0.name == name }) else { return 0...0 }
        return p.range[0]...p.range[1]
    }

    /// The names `.set` accepts, in the order error messages list them: changeable parameters, then those that
    /// shape generation 0, then `scenario`.
    var settableNames: [String] {
        parameters.filter { $0.changeable ?? true }.map(\.name)
            + parameters.filter { !($0.changeable ?? true) }.map(\.name)
            + ["scenario"]
    }

    /// The parameters a schedule may change, in the order error sentences list them.
    var schedulableNames: [String] { parameters.filter { $0.changeable ?? true }.map(\.name) }
}

/// One checked parameter change of a trait model, parsed from a name and a ``ParameterValue``.
///
/// Teacher actions and scheduled changes both go through it, so they accept the same names and fail with the same
/// sentences.
struct TraitChange: Sendable, Hashable {
    enum Change: Sendable, Hashable {
        case value(index: Int, Double)
        case scenario(String)
    }

    let change: Change
    /// True for the settings that shape generation 0 and so can only change before the first step.
    let isCreationOnly: Bool

    /// Parses and range-checks `value` for the parameter `name` of `file`.
    ///
    /// - Throws: ``SimulationError/Code/unknownParameter`` listing the valid names,
    ///   ``SimulationError/Code/wrongValueKind`` for text where a number belongs (or the reverse),
    ///   ``SimulationError/Code/parameterOutOfRange`` naming the value and the range.
    init(name: String, value: ParameterValue, in file: TraitModelFile) throws(SimulationError) {
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
                    + "\(file.settableNames.joined(separator: ", "))."
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

    /// Writes the value into `parameters` (a scenario replaces them all with its preset).
    func apply<Name>(to parameters: inout TraitValues<Name>) {
        switch change {
        case .value(let i, let v): parameters.values[i] = v
        case .scenario(let s): parameters = parameters.preset(s)
        }
    }
}

extension TraitValues: Codable {
    /// Decodes a lesson file's parameters: missing keys take the defaults, or the named scenario's values.
    ///
    /// Values are not range-checked here; the model's initializer does that with sentences a teacher can act on.
    ///
    /// - Throws: `DecodingError` for a key the model does not have, an unknown scenario or a value of the wrong
    ///   type.
    package init(from decoder: any Decoder) throws {
        let source = try Name.source(decoding: decoder)
        let file = source.file
        let allowed = file.parameters.map(\.name) + ["schedule", "scenario"]
        try UnknownKeys.refuse(in: decoder, allowed: allowed, model: file.name)
        let c = try decoder.container(keyedBy: TraitModelFile.AnyKey.self)
        let scenario = try c.decodeIfPresent(ScenarioText<Name>.self, forKey: .init("scenario"))
        let defaults = TraitValues(source: source)
        var p = scenario.map { defaults.preset($0.name) } ?? defaults
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

    package func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: TraitModelFile.AnyKey.self)
        for (parameter, value) in zip(file.parameters, values) {
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
        let names = try Name.source(decoding: decoder).file.scenarios.map(\.name)
        guard names.contains(text) else {
            throw DecodingError.dataCorruptedError(
                in: container,
                debugDescription: "scenario must be one of \(names.joined(separator: ", ")), but was \"\(text)\".")
        }
        name = text
    }
}

/// A shipped model's scenarios by name, with their titles, explanations and presets read from its file.
package protocol TraitScenario: RawRepresentable, CaseIterable, Sendable, Hashable, Codable
where RawValue == String {
    associatedtype Name: ShippedTraitModelName
}

extension TraitScenario {
    private var entry: TraitModelFile.Scenario? { Name.file.scenarios.first { $0.name == rawValue } }

    /// A short title for menus.
    var title: String { entry?.title ?? rawValue }

    /// What the scenario shows, for the teacher's screen and the students' introduction.
    var explanation: String { entry?.explanation ?? "" }

    /// The preset's parameters (with the scenario set to this one).
    package var parameters: TraitValues<Name> { .preset(rawValue) }

    /// Decodes a scenario name, listing the valid names when it is not one.
    package init(from decoder: any Decoder) throws { self = try ScenarioCoding.decode(decoder) }

    package func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(rawValue)
    }
}
