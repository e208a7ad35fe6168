import Foundation

/// Any JSON value: the wire form of things whose Swift type depends on the model.
///
/// Model parameters and snapshots have a different type for every model, while messages
/// have one type for all. They travel as a `JSONValue`, and the side that knows the model
/// converts with ``init(encoding:)`` and ``decode(as:)``. Numbers are `Double`, as in
/// JavaScript; values that need all 64 bits (seeds, hashes) travel as strings instead.
package enum JSONValue: Sendable, Hashable, Codable {
    case null
    case bool(Bool)
    case number(Double)
    case string(String)
    case array([JSONValue])
    case object([String: JSONValue])

    /// Converts any encodable value, e.g. a model's `Parameters`, into a JSON tree.
    ///
    /// - Parameter value: The value to convert.
    /// - Throws: ``ProtocolError/Code/internalError`` when the value cannot be encoded.
    package init(encoding value: some Encodable) throws(ProtocolError) {
        do {
            let data = try WireCoding.makeEncoder().encode(value)
            self = try WireCoding.makeDecoder().decode(JSONValue.self, from: data)
        } catch {
            throw ProtocolError(.internalError, "A value could not be converted to JSON: \(error).")
        }
    }

    /// Converts the tree into a decodable type, e.g. a model's `Parameters`.
    ///
    /// - Parameter type: The type to decode.
    /// - Throws: ``ProtocolError/Code/invalidField`` (or `missing-field`) naming what did not fit.
    package func decode<T: Decodable>(as type: T.Type) throws(ProtocolError) -> T {
        try decode(as: type, userInfo: [:])
    }

    /// Converts to a `Decodable` type whose decoding reads `userInfo` (e.g. a loaded model file's parameters).
    ///
    /// - Throws: as ``decode(as:)``.
    package func decode<T: Decodable>(
        as type: T.Type, userInfo: [CodingUserInfoKey: any Sendable]
    ) throws(ProtocolError) -> T {
        let data: Data
        do {
            data = try WireCoding.makeEncoder().encode(self)
        } catch {
            throw ProtocolError(.invalidField, "A JSON value could not be re-encoded: \(error).")
        }
        do {
            let decoder = WireCoding.makeDecoder()
            for (key, value) in userInfo { decoder.userInfo[key] = value }
            return try decoder.decode(T.self, from: data)
        } catch {
            throw WireCoding.protocolError(for: error)
        }
    }

    package init(from decoder: any Decoder) throws {
        let c = try decoder.singleValueContainer()
        if c.decodeNil() {
            self = .null
        } else if let b = try? c.decode(Bool.self) {
            self = .bool(b)
        } else if let s = try? c.decode(String.self) {
            // Text first: with the wire's non-finite strategy "NaN" would otherwise become a number.
            self = .string(s)
        } else if let x = try? c.decode(Double.self) {
            self = .number(x)
        } else if let a = try? c.decode([JSONValue].self) {
            self = .array(a)
        } else {
            self = .object(try c.decode([String: JSONValue].self))
        }
    }

    package func encode(to encoder: any Encoder) throws {
        var c = encoder.singleValueContainer()
        switch self {
        case .null: try c.encodeNil()
        case .bool(let b): try c.encode(b)
        case .number(let x): try c.encode(x)
        case .string(let s): try c.encode(s)
        case .array(let a): try c.encode(a)
        case .object(let o): try c.encode(o)
        }
    }
}
