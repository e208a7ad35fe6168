import PetriSimulation

/// A new value for one model parameter: `{"name":"environmentColour","value":20}`.
package struct ParameterChange: Sendable, Hashable, Codable {
    package var name: String
    package var value: ParameterValue

    package init(_ name: String, _ value: ParameterValue) {
        self.name = name
        self.value = value
    }

    /// The model action that makes this change.
    package var action: ModelAction { .set(name: name, value: value) }

    private enum CodingKeys: String, CodingKey { case name, value }

    package init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        name = try c.decodeText(.name, limit: TextLimit.parameterName)
        value = try ModelActionCoding.decodeParameterValue(c, .value)
    }
}
