import PetriSimulation
import PetriWords

/// A teacher's model action and the generation it was applied at (before that generation's step).
///
/// Flat on the wire, with `action` naming the kind:
/// ```json
/// {"generation":3,"action":"set","name":"environmentColour","value":20}
/// {"generation":5,"action":"toggle","x":4,"y":2}
/// {"generation":9,"action":"place","pattern":"glider","x":0,"y":0}
/// {"generation":4,"action":"hunt","caught":[2,17,40],"formula":false}
/// ```
package struct TimedAction: Sendable, Hashable, Codable {
    package var generation: Int
    package var action: ModelAction

    package init(generation: Int, action: ModelAction) {
        self.generation = generation
        self.action = action
    }

    private enum CodingKeys: String, CodingKey { case generation, action }

    package init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        generation = try c.decode(Int.self, forKey: .generation)
        action = try ModelActionCoding.decode(from: decoder, kind: try c.decode(String.self, forKey: .action))
    }

    package func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(generation, forKey: .generation)
        try ModelActionCoding.encode(action, to: encoder)
    }
}

/// The flat wire form of ``ModelAction`` shared by messages and lesson files.
enum ModelActionCoding {
    private enum Keys: String, CodingKey { case action, name, value, x, y, pattern, caught, formula }

    /// The wire name of an action's kind.
    static func kind(of action: ModelAction) -> String {
        switch action {
        case .set: "set"
        case .toggle: "toggle"
        case .place: "place"
        case .hunt: "hunt"
        }
    }

    /// Decodes the action's own fields; `kind` is the already-read `set`, `toggle` or `place`.
    static func decode(from decoder: any Decoder, kind: String) throws -> ModelAction {
        let c = try decoder.container(keyedBy: Keys.self)
        switch kind {
        case "set":
            return .set(
                name: try c.decodeText(.name, limit: TextLimit.parameterName),
                value: try decodeParameterValue(c, .value))
        case "toggle":
            return .toggle(x: try c.decode(Int.self, forKey: .x), y: try c.decode(Int.self, forKey: .y))
        case "place":
            return .place(
                pattern: try c.decodeText(.pattern, limit: TextLimit.pattern),
                x: try c.decode(Int.self, forKey: .x), y: try c.decode(Int.self, forKey: .y))
        case "hunt":
            let caught = try c.decode([Int].self, forKey: .caught)
            guard caught.count <= TextLimit.huntCatches else {
                throw ProtocolError(
                    .tooLong, ProtocolWords.word("protocol.action.tooManyCaught", ["max": .int(TextLimit.huntCatches)]))
            }
            return .hunt(caught: caught, formula: try c.decode(Bool.self, forKey: .formula))
        default:
            throw ProtocolError(.invalidField, ProtocolWords.word("protocol.action.kind"))
        }
    }

    /// Encodes the action's kind and fields into the enclosing object.
    static func encode(_ action: ModelAction, to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: Keys.self)
        try c.encode(kind(of: action), forKey: .action)
        switch action {
        case .set(let name, let value):
            try c.encode(name, forKey: .name)
            try c.encode(value, forKey: .value)
        case .toggle(let x, let y):
            try c.encode(x, forKey: .x)
            try c.encode(y, forKey: .y)
        case .place(let pattern, let x, let y):
            try c.encode(pattern, forKey: .pattern)
            try c.encode(x, forKey: .x)
            try c.encode(y, forKey: .y)
        case .hunt(let caught, let formula):
            try c.encode(caught, forKey: .caught)
            try c.encode(formula, forKey: .formula)
        }
    }

    /// Decodes a parameter value with the protocol's limits: finite numbers, bounded text.
    static func decodeParameterValue<K: CodingKey>(_ c: KeyedDecodingContainer<K>, _ key: K) throws -> ParameterValue {
        let value = try c.decode(ParameterValue.self, forKey: key)
        switch value {
        case .number(let x) where !x.isFinite:
            throw ProtocolError(
                .invalidField, ProtocolWords.word("protocol.field.notFinite", ["field": .text(key.stringValue)]))
        case .text(let s) where s.utf8.count > TextLimit.parameterText:
            throw ProtocolError(
                .tooLong,
                ProtocolWords.word(
                    "protocol.field.longerThan",
                    ["field": .text(key.stringValue), "limit": .int(TextLimit.parameterText)]))
        default:
            return value
        }
    }
}
