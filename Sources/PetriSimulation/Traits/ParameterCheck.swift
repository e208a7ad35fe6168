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
