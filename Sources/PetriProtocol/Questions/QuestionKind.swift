// Every question kind's wire form, in one table: the kind (its name and its fields in the question's
// object), the prediction that answers it (its key in the answer's object), and the plain form the
// fast paths (``AnswerScan``, ``DirectJSONWriter``) read and write. A new kind adds a case to each
// enum and to each switch below; nothing else in this module names a kind.

/// What kind of answer a question wants, with what decides it.
///
/// Encoded into the question's own object: `"kind":"number","tolerance":5`,
/// `"kind":"choice","options":[...]`, or `"kind":"probability","event":{...}`.
package enum QuestionKind: Sendable, Hashable, Codable {
    /// A number; scored by distance, `tolerance` away or more scores 0 (nil: the metric's default).
    case number(tolerance: Double?)
    /// One of 2...8 options; the first whose condition holds is right.
    case choice(options: [ChoiceOption])
    /// A probability 0...1 that `event` happens (nil: a yes/no metric is 1), Brier-scored.
    case probability(event: Condition?)

    /// The wire name of the kind.
    package var name: String {
        switch self {
        case .number: "number"
        case .choice: "choice"
        case .probability: "probability"
        }
    }

    private enum CodingKeys: String, CodingKey { case kind, tolerance, options, event }

    package init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        let kind = try c.decode(String.self, forKey: .kind)
        switch kind {
        case "number": self = .number(tolerance: try c.decodeFiniteIfPresent(.tolerance))
        case "choice": self = .choice(options: try c.decode([ChoiceOption].self, forKey: .options))
        case "probability": self = .probability(event: try c.decodeIfPresent(Condition.self, forKey: .event))
        default:
            throw ProtocolError(.invalidField, "The field \"kind\" must be \"number\", \"choice\" or \"probability\".")
        }
    }

    package func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(name, forKey: .kind)
        switch self {
        case .number(let tolerance): try c.encodeIfPresent(tolerance, forKey: .tolerance)
        case .choice(let options): try c.encode(options, forKey: .options)
        case .probability(let event): try c.encodeIfPresent(event, forKey: .event)
        }
    }
}

/// A student's answer: exactly one of `number`, `choice` (option index) or `probability` (0...1).
///
/// Encoded into the answer's own object: `{"type":"answer","question":3,"probability":0.7}`.
package enum Prediction: Sendable, Hashable, Codable, CustomStringConvertible {
    case number(Double)
    case choice(Int)
    case probability(Double)

    /// The wire name of the kind, matching ``QuestionKind/name``.
    package var kindName: String {
        switch self {
        case .number: "number"
        case .choice: "choice"
        case .probability: "probability"
        }
    }

    private enum CodingKeys: String, CodingKey, CaseIterable { case number, choice, probability }

    package init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        let present = CodingKeys.allCases.filter { c.contains($0) }
        guard present.count == 1, let key = present.first else {
            let problem = present.isEmpty ? "is missing" : "must be only one of them"
            throw ProtocolError(
                present.isEmpty ? .missingField : .invalidField,
                "The prediction (\"number\", \"choice\" or \"probability\") \(problem).")
        }
        switch key {
        case .number: self = .number(try c.decodeFinite(.number))
        case .choice: self = .choice(try c.decodeWhole(.choice))
        case .probability: self = .probability(try c.decodeFinite(.probability))
        }
    }

    package func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        switch self {
        case .number(let x): try c.encode(x, forKey: .number)
        case .choice(let i): try c.encode(i, forKey: .choice)
        case .probability(let p): try c.encode(p, forKey: .probability)
        }
    }

    package var description: String {
        switch self {
        case .number(let x): NumberText.format(x)
        case .choice(let i): "option \(i)"
        case .probability(let p): NumberText.format(p)
        }
    }

    /// The one value a prediction carries on the wire: a finite number or a whole number.
    package enum PlainValue: Sendable, Hashable {
        case finite(Double)
        case whole(Int)
    }

    /// The key and value of the prediction in the answer's object (`"probability":0.7`), as the
    /// fast writer writes them.
    package var plain: (key: StaticString, value: PlainValue) {
        switch self {
        case .number(let x): ("number", .finite(x))
        case .choice(let i): ("choice", .whole(i))
        case .probability(let p): ("probability", .finite(p))
        }
    }

    /// How the value under a prediction's `key` is read by the fast scanner: `true` a whole number,
    /// `false` a finite number, nil when `key` is no prediction's.
    static func plainIsWhole(key: String) -> Bool? {
        switch key {
        case "number", "probability": false
        case "choice": true
        default: nil
        }
    }

    /// The prediction `key` holds with `value` (as ``plainIsWhole(key:)`` said to read it).
    init?(plainKey key: String, value: PlainValue) {
        switch (key, value) {
        case ("number", .finite(let x)): self = .number(x)
        case ("choice", .whole(let i)): self = .choice(i)
        case ("probability", .finite(let p)): self = .probability(p)
        default: return nil
        }
    }
}
