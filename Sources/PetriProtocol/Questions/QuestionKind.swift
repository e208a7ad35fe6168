import PetriWords

// Every question kind's wire form, in one table: the kind (its name and its fields in the question's
// object), the prediction that answers it (its key in the answer's object), and the plain form the
// fast paths (``AnswerScan``, ``DirectJSONWriter``) read and write. A new kind adds a case to each
// enum and to each switch below; nothing else in this module names a kind.

/// What kind of answer a question wants, with what decides it.
///
/// Encoded into the question's own object: `"kind":"number","tolerance":5`,
/// `"kind":"choice","options":[...]`, `"kind":"probability","event":{...}`, or
/// `"kind":"range","confidence":80,"tolerance":5`.
package enum QuestionKind: Sendable, Hashable, Codable {
    /// A number; scored by distance, `tolerance` away or more scores 0 (nil: the metric's default).
    case number(tolerance: Double?)
    /// One of 2...8 options; the first whose condition holds is right.
    case choice(options: [ChoiceOption])
    /// A probability 0...1 that `event` happens (nil: a yes/no metric is 1), Brier-scored.
    case probability(event: Condition?)
    /// A range the student is `confidence`% sure holds the value (nil: 80), scored by the interval
    /// score on the scale of `tolerance` (nil: the metric's default, as for a number).
    case range(confidence: Int?, tolerance: Double?)

    /// The wire name of the kind.
    package var name: String {
        switch self {
        case .number: "number"
        case .choice: "choice"
        case .probability: "probability"
        case .range: "range"
        }
    }

    private enum CodingKeys: String, CodingKey { case kind, tolerance, options, event, confidence }

    package init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        let kind = try c.decode(String.self, forKey: .kind)
        switch kind {
        case "number": self = .number(tolerance: try c.decodeFiniteIfPresent(.tolerance))
        case "choice": self = .choice(options: try c.decode([ChoiceOption].self, forKey: .options))
        case "probability": self = .probability(event: try c.decodeIfPresent(Condition.self, forKey: .event))
        case "range":
            self = .range(
                confidence: try c.decodeWholeIfPresent(.confidence), tolerance: try c.decodeFiniteIfPresent(.tolerance))
        default:
            throw ProtocolError(.invalidField, ProtocolWords.word("protocol.question.kind"))
        }
    }

    package func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(name, forKey: .kind)
        switch self {
        case .number(let tolerance): try c.encodeIfPresent(tolerance, forKey: .tolerance)
        case .choice(let options): try c.encode(options, forKey: .options)
        case .probability(let event): try c.encodeIfPresent(event, forKey: .event)
        case .range(let confidence, let tolerance):
            try c.encodeIfPresent(confidence, forKey: .confidence)
            try c.encodeIfPresent(tolerance, forKey: .tolerance)
        }
    }
}

/// A student's answer: exactly one of `number`, `choice` (option index), `probability` (0...1) or
/// `range` (lower and upper bound).
///
/// Encoded into the answer's own object: `{"type":"answer","question":3,"probability":0.7}`,
/// `{"type":"answer","question":4,"range":[40,60]}`.
package enum Prediction: Sendable, Hashable, Codable, CustomStringConvertible {
    case number(Double)
    case choice(Int)
    case probability(Double)
    /// The bounds as sent (the lesson checks `lower <= upper`).
    case range(lower: Double, upper: Double)

    /// The wire name of the kind, matching ``QuestionKind/name``.
    package var kindName: String {
        switch self {
        case .number: "number"
        case .choice: "choice"
        case .probability: "probability"
        case .range: "range"
        }
    }

    private enum CodingKeys: String, CodingKey, CaseIterable { case number, choice, probability, range }

    package init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        let present = CodingKeys.allCases.filter { c.contains($0) }
        guard present.count == 1, let key = present.first else {
            throw present.isEmpty
                ? ProtocolError(.missingField, ProtocolWords.word("protocol.prediction.missing"))
                : ProtocolError(.invalidField, ProtocolWords.word("protocol.prediction.several"))
        }
        switch key {
        case .number: self = .number(try c.decodeFinite(.number))
        case .choice: self = .choice(try c.decodeWhole(.choice))
        case .probability: self = .probability(try c.decodeFinite(.probability))
        case .range:
            let bounds = try c.decode([Double].self, forKey: .range)
            guard bounds.count == 2, bounds.allSatisfy(\.isFinite) else {
                throw ProtocolError(.invalidField, ProtocolWords.word("protocol.prediction.range"))
            }
            self = .range(lower: bounds[0], upper: bounds[1])
        }
    }

    package func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        switch self {
        case .number(let x): try c.encode(x, forKey: .number)
        case .choice(let i): try c.encode(i, forKey: .choice)
        case .probability(let p): try c.encode(p, forKey: .probability)
        case .range(let lower, let upper): try c.encode([lower, upper], forKey: .range)
        }
    }

    package var description: String {
        switch self {
        case .number(let x): NumberText.format(x)
        case .choice(let i): "option \(i)"
        case .probability(let p): NumberText.format(p)
        case .range(let lower, let upper): "\(NumberText.format(lower))–\(NumberText.format(upper))"
        }
    }

    /// The value a prediction carries on the wire: a finite number, a whole number or a pair of finite numbers.
    package enum PlainValue: Sendable, Hashable {
        case finite(Double)
        case whole(Int)
        case pair(Double, Double)
    }

    /// The key and value of the prediction in the answer's object (`"probability":0.7`), as the
    /// fast writer writes them.
    package var plain: (key: StaticString, value: PlainValue) {
        switch self {
        case .number(let x): ("number", .finite(x))
        case .choice(let i): ("choice", .whole(i))
        case .probability(let p): ("probability", .finite(p))
        case .range(let lower, let upper): ("range", .pair(lower, upper))
        }
    }

    /// How the value under a prediction's `key` is read by the fast scanner: `true` a whole number,
    /// `false` a finite number, nil when `key` is no prediction's or one it leaves to the general
    /// decoder (a range's pair: ranges are rare next to a class's burst of single numbers).
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
