/// What kind of answer a question wants, with what decides it.
///
/// Encoded into the question's own object: `"kind":"number","tolerance":5`,
/// `"kind":"choice","options":[...]`, or `"kind":"probability","event":{...}`.
public enum QuestionKind: Sendable, Hashable, Codable {
    /// A number; scored by distance, `tolerance` away or more scores 0 (nil: the metric's default).
    case number(tolerance: Double?)
    /// One of 2...8 options; the first whose condition holds is right.
    case choice(options: [ChoiceOption])
    /// A probability 0...1 that `event` happens (nil: a yes/no metric is 1), Brier-scored.
    case probability(event: Condition?)

    /// The wire name of the kind.
    public var name: String {
        switch self {
        case .number: "number"
        case .choice: "choice"
        case .probability: "probability"
        }
    }

    private enum CodingKeys: String, CodingKey { case kind, tolerance, options, event }

    public init(from decoder: any Decoder) throws {
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

    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(name, forKey: .kind)
        switch self {
        case .number(let tolerance): try c.encodeIfPresent(tolerance, forKey: .tolerance)
        case .choice(let options): try c.encode(options, forKey: .options)
        case .probability(let event): try c.encodeIfPresent(event, forKey: .event)
        }
    }
}
