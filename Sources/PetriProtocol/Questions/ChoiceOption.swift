/// One answer of a choice question: a label students see and the condition that makes it right.
///
/// `{"label":"grow","when":{"op":"gt","ref":"asked"}}`
package struct ChoiceOption: Sendable, Hashable, Codable {
    /// What students see, e.g. `grow`.
    package var label: String
    /// When this option is the outcome (options are tried in order; the first that holds wins).
    package var when: Condition

    package init(_ label: String, when: Condition) {
        self.label = label
        self.when = when
    }

    private enum CodingKeys: String, CodingKey { case label, when }

    package init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        label = try c.decodeText(.label, limit: TextLimit.optionLabel)
        when = try c.decode(Condition.self, forKey: .when)
    }
}
