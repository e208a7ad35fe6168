import Foundation
import PetriWords

/// The JSON settings every message uses, and the mapping from Foundation's errors to ours.
///
/// Keys are sorted so the same message is always the same bytes (caches and tests rely on
/// it); numbers that are not finite, which only a model's metric can produce (the mean of an
/// empty population), travel as the strings `"NaN"`, `"Infinity"` and `"-Infinity"`.
enum WireCoding {
    static func makeEncoder() -> JSONEncoder {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        encoder.nonConformingFloatEncodingStrategy = .convertToString(
            positiveInfinity: "Infinity", negativeInfinity: "-Infinity", nan: "NaN")
        return encoder
    }

    static func makeDecoder() -> JSONDecoder {
        let decoder = JSONDecoder()
        decoder.nonConformingFloatDecodingStrategy = .convertFromString(
            positiveInfinity: "Infinity", negativeInfinity: "-Infinity", nan: "NaN")
        return decoder
    }

    /// A decoder for what clients send: the strings "NaN" and "Infinity" are not numbers there.
    static func makeStrictDecoder() -> JSONDecoder { JSONDecoder() }

    /// Turns whatever `JSONDecoder` threw into a ``ProtocolError`` naming the field.
    ///
    /// Call it only for input that passed ``JSONShapeCheck``: it treats every failure as a
    /// field problem, never as a syntax one.
    static func protocolError(for error: any Error) -> ProtocolError {
        if let error = error as? ProtocolError { return error }
        guard let error = error as? DecodingError else {
            return ProtocolError(
                .invalidField, ProtocolWords.word("protocol.message.unreadableBecause", ["problem": .text("\(error)")]))
        }
        switch error {
        case .keyNotFound(let key, let context):
            return ProtocolError(
                .missingField,
                ProtocolWords.word("protocol.field.missing", ["field": field(context.codingPath + [key])]))
        case .typeMismatch(let type, let context), .valueNotFound(let type, let context):
            return ProtocolError(
                .invalidField,
                ProtocolWords.word(
                    "protocol.field.wrongKind", ["field": field(context.codingPath), "kind": .word(describe(type))]))
        case .dataCorrupted(let context):
            // Syntax was checked before decoding, so this is a value that does not fit its field.
            // Foundation reports a number that does not fit (1.5 or 1e400 for a whole number)
            // without a path, so the sentence cannot name the field then.
            if context.codingPath.isEmpty {
                return ProtocolError(.invalidField, ProtocolWords.word("protocol.number.doesNotFit"))
            }
            return ProtocolError(
                .invalidField, ProtocolWords.word("protocol.field.notAllowed", ["field": field(context.codingPath)]))
        @unknown default:
            return ProtocolError(.invalidField, ProtocolWords.word("protocol.message.unreadable"))
        }
    }

    /// A field's path as a sentence names it, `options.language` (`[2]` for an array's item); "(message)" for none.
    static func field(_ path: [any CodingKey]) -> WordArgument {
        ProtocolWords.field(
            path.map { key in key.intValue.map { "[\($0)]" } ?? key.stringValue }.joined(separator: "."))
    }

    private static func describe(_ type: Any.Type) -> Word {
        switch type {
        case is String.Type: ProtocolWords.word("protocol.kind.text")
        case is Bool.Type: ProtocolWords.word("protocol.kind.boolean")
        case is Int.Type, is Int64.Type, is UInt64.Type: ProtocolWords.word("protocol.kind.whole")
        case is Double.Type: ProtocolWords.word("protocol.kind.number")
        default: ProtocolWords.word("protocol.kind.other")
        }
    }
}
