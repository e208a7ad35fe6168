/// One checked parameter change of a trait model, parsed from a name and a ``ParameterValue``.
///
/// Teacher actions and scheduled changes both go through it, so they accept the same names and fail with
/// the same sentences.
protocol TraitSetting: Sendable {
    associatedtype Parameters

    /// Parses and range-checks `value` for the parameter `name`.
    ///
    /// - Throws: ``SimulationError/Code/unknownParameter`` listing the valid names,
    ///   ``SimulationError/Code/wrongValueKind`` for text where a number belongs (or the reverse),
    ///   ``SimulationError/Code/parameterOutOfRange`` naming the value and the range.
    init(name: String, value: ParameterValue) throws(SimulationError)

    /// True for the settings that shape generation 0 and so can only change before the first step.
    var isCreationOnly: Bool { get }

    /// Writes the value into `parameters` (a scenario replaces them all with its preset).
    func apply(to parameters: inout Parameters)

    /// The parameters a schedule may change, in the order error sentences list them.
    static var schedulableNames: [String] { get }
}

/// The parameters of a trait model, as the shared engine needs them.
protocol TraitParameters: Sendable, Hashable {
    associatedtype Setting: TraitSetting where Setting.Parameters == Self

    /// Changes applied automatically at given generations.
    var schedule: [ScheduledChange] { get }

    /// Checks every value and the schedule.
    ///
    /// - Throws: ``SimulationError/Code/parameterOutOfRange`` naming the first bad parameter.
    func validate() throws(SimulationError)
}

extension TraitParameters {
    /// At most this many scheduled changes.
    static var scheduleLimit: Int { 1_000 }

    /// Applies the scheduled changes whose generation is `generation`, in schedule order.
    mutating func applySchedule(for generation: Int) {
        for change in schedule where change.generation == generation {
            // Every entry was checked when the parameters were validated, so parsing cannot fail here.
            if let setting = try? Setting(name: change.name, value: change.value) {
                setting.apply(to: &self)
            }
        }
    }

    /// Checks the schedule's length and every entry.
    ///
    /// - Throws: ``SimulationError`` naming the entry by position and generation.
    func validateSchedule() throws(SimulationError) {
        guard schedule.count <= Self.scheduleLimit else {
            throw SimulationError(
                .parameterOutOfRange,
                "schedule may hold at most \(Self.scheduleLimit) changes, but held \(schedule.count)."
            )
        }
        for (index, change) in schedule.enumerated() {
            try change.validate(position: index + 1, as: Setting.self)
        }
    }
}

/// Parsing and range checks shared by the trait models' settings, so they fail with the same sentences.
enum ParameterCheck {
    /// Checks a real-valued parameter, with numbers written as a teacher would (0.5, 1, not a number).
    ///
    /// - Throws: ``SimulationError/Code/parameterOutOfRange`` for a value outside `range` or NaN.
    static func number(_ name: String, _ value: Double, in range: ClosedRange<Double>) throws(SimulationError) {
        guard range.contains(value) else {
            throw SimulationError(
                .parameterOutOfRange,
                "\(name) must be between \(format(range.lowerBound)) and \(format(range.upperBound)), "
                    + "but was \(format(value))."
            )
        }
    }

    /// `0.5` as "0.5", `1.0` as "1", NaN as "not a number".
    static func format(_ x: Double) -> String {
        if x.isNaN { return "not a number" }
        if x.isInfinite { return x < 0 ? "minus infinity" : "infinity" }
        return ParameterValue.number(x).description
    }

    /// The number in `value`, checked against `range`.
    ///
    /// - Throws: ``SimulationError/Code/wrongValueKind`` for text or a flag, or
    ///   ``SimulationError/Code/parameterOutOfRange``.
    static func number(
        _ name: String, _ value: ParameterValue, in range: ClosedRange<Double>
    ) throws(SimulationError) -> Double {
        guard case .number(let x) = value else {
            throw SimulationError(.wrongValueKind, "\(name) takes a number, but was given \(describe(value)).")
        }
        try number(name, x, in: range)
        return x
    }

    /// The whole number in `value`, checked against `range`.
    ///
    /// - Throws: as ``number(_:_:in:)-(_,ParameterValue,_)``, and for a number with a fraction.
    static func wholeNumber(
        _ name: String, _ value: ParameterValue, in range: ClosedRange<Int>
    ) throws(SimulationError) -> Int {
        let x = try number(name, value, in: Double(range.lowerBound)...Double(range.upperBound))
        guard x == x.rounded() else {
            throw SimulationError(
                .parameterOutOfRange,
                "\(name) must be a whole number between \(range.lowerBound) and \(range.upperBound), "
                    + "but was \(format(x))."
            )
        }
        return Int(x)  // exact: x is whole and within an Int range
    }

    /// The scenario named in `value`.
    ///
    /// - Throws: ``SimulationError/Code/wrongValueKind`` for a number or flag, or
    ///   ``SimulationError/Code/parameterOutOfRange`` listing the scenarios.
    static func scenario<Scenario: RawRepresentable & CaseIterable>(
        _ value: ParameterValue, example: String
    ) throws(SimulationError) -> Scenario where Scenario.RawValue == String {
        guard case .text(let text) = value else {
            throw SimulationError(
                .wrongValueKind,
                "scenario takes a scenario name such as \(example), but was given \(describe(value))."
            )
        }
        guard let scenario = Scenario(rawValue: text) else {
            let names = Scenario.allCases.map(\.rawValue).joined(separator: ", ")
            throw SimulationError(.parameterOutOfRange, "scenario must be one of \(names), but was \"\(text)\".")
        }
        return scenario
    }

    /// The sentence refusing a schedule given between generations.
    static func scheduleRefusal(example: String) -> SimulationError {
        SimulationError(
            .invalidAction,
            "schedule can only be given when the lesson is created; "
                + "between generations, set a parameter such as \(example) directly."
        )
    }

    /// "the text \"dark\"", "the yes/no value true", "the number 3".
    static func describe(_ value: ParameterValue) -> String {
        switch value {
        case .number(let x): "the number \(format(x))"
        case .text(let s): "the text \"\(s)\""
        case .flag(let b): "the yes/no value \(b)"
        }
    }
}
