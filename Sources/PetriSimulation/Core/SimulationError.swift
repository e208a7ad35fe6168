import PetriWords

/// The one error type of the simulation layer.
///
/// Every case carries a sentence for a person: it names the parameter (or input), the value
/// that was given and what is allowed, so a teacher can correct it without reading code.
package struct SimulationError: Error, Sendable, Hashable, CustomStringConvertible {
    /// What went wrong, in one sentence a teacher can act on.
    package let message: String
    /// A stable machine-readable reason, e.g. `parameter-out-of-range`.
    package let code: Code

    /// The families of simulation errors.
    package enum Code: String, Sendable, Hashable, Codable {
        /// A parameter is outside its allowed range or not a number.
        case parameterOutOfRange = "parameter-out-of-range"
        /// A parameter name the model does not have.
        case unknownParameter = "unknown-parameter"
        /// A parameter was given a value of the wrong kind (text for a number, ...).
        case wrongValueKind = "wrong-value-kind"
        /// A metric name the model does not have, or malformed metric arguments.
        case unknownMetric = "unknown-metric"
        /// A rule, pattern or file that could not be parsed.
        case malformedInput = "malformed-input"
        /// An action the model does not support, or one that is not possible now.
        case invalidAction = "invalid-action"
        /// Saved state that does not decode (corrupt, truncated or from another model).
        case corruptState = "corrupt-state"
    }

    /// The sentence before rendering, when it is a model's own sentence the catalogs translate.
    package let word: Word?

    package init(_ code: Code, _ message: String) {
        self.code = code
        self.message = message
        self.word = nil
    }

    /// An error whose sentence is the model's own `english` at catalog `key` (``ModelWords``): rendered in each
    /// reader's language while the catalogs translate that very text, else shown as written.
    package init(_ code: Code, modelSentence english: String, key: String) {
        self.code = code
        self.message = english
        self.word = ModelWords.word(english, key: key)
    }

    package var description: String { message }

    /// Two errors are equal when their code and English sentence are (the catalog word is how it renders).
    package static func == (lhs: SimulationError, rhs: SimulationError) -> Bool {
        lhs.code == rhs.code && lhs.message == rhs.message
    }

    package func hash(into hasher: inout Hasher) {
        hasher.combine(code)
        hasher.combine(message)
    }

    /// `name` must lie in `range`; says which, what was given and what is allowed.
    static func outOfRange<T: Comparable & CustomStringConvertible>(
        _ name: String, _ value: T, _ range: ClosedRange<T>
    ) -> SimulationError {
        SimulationError(
            .parameterOutOfRange,
            "\(name) must be between \(range.lowerBound) and \(range.upperBound), but was \(value)."
        )
    }
}

extension SimulationError {
    /// Checks that `value` lies in `range` (NaN never does).
    ///
    /// - Throws: ``SimulationError/Code/parameterOutOfRange`` naming `name`, the value and the range.
    package static func check<T: Comparable & CustomStringConvertible>(
        _ name: String, _ value: T, in range: ClosedRange<T>
    ) throws(SimulationError) {
        // `range.contains` is false for NaN, which is what we want.
        guard range.contains(value) else { throw outOfRange(name, value, range) }
    }
}
