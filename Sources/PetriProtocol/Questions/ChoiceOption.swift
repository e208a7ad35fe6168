/// One answer of a choice question: a label students see and the condition that makes it right.
///
/// `{"label":"grow","when":{"op":"gt","ref":"asked"}}`
public struct ChoiceOption: Sendable, Hashable, Codable {
    /// What students see, e.g. `grow`.
    public var label: String
    /// When this option is the outcome (options are tried in order; the first that holds wins).
    public var when: Condition

    public init(_ label: String, when: Condition) {
        self.label = label
        self.when = when
    }

    private enum CodingKeys: String, CodingKey { case label, when }

    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        label = try c.decodeText(.label, limit: TextLimit.optionLabel)
        when = try c.decode(Condition.self, forKey: .when)
    }
}
