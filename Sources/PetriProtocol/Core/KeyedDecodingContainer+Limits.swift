import PetriWords

/// Decoding helpers that enforce the protocol's text limits and numeric sanity.
extension KeyedDecodingContainer {
    /// Decodes required text no longer than `limit` UTF-8 bytes.
    ///
    /// - Throws: ``ProtocolError/Code/tooLong`` naming the field, or a decoding error.
    func decodeText(_ key: Key, limit: Int) throws -> String {
        let text = try decode(String.self, forKey: key)
        try Self.checkLength(text, key: key, limit: limit, path: codingPath)
        return text
    }

    /// Decodes optional text no longer than `limit` UTF-8 bytes.
    ///
    /// - Throws: ``ProtocolError/Code/tooLong`` naming the field, or a decoding error.
    func decodeTextIfPresent(_ key: Key, limit: Int) throws -> String? {
        guard let text = try decodeIfPresent(String.self, forKey: key) else { return nil }
        try Self.checkLength(text, key: key, limit: limit, path: codingPath)
        return text
    }

    /// Decodes a required finite number.
    ///
    /// - Throws: ``ProtocolError/Code/invalidField`` for `"NaN"` or an infinity.
    func decodeFinite(_ key: Key) throws -> Double {
        let x = try decode(Double.self, forKey: key)
        guard x.isFinite else {
            throw ProtocolError(
                .invalidField, ProtocolWords.word("protocol.field.notFinite", ["field": .text(key.stringValue)]))
        }
        return x
    }

    /// Decodes an optional finite number.
    ///
    /// - Throws: ``ProtocolError/Code/invalidField`` for `"NaN"` or an infinity.
    func decodeFiniteIfPresent(_ key: Key) throws -> Double? {
        guard contains(key) else { return nil }
        return try decodeFinite(key)
    }

    /// Decodes a required whole number, saying which field when it is not one (`1.5`).
    ///
    /// - Throws: ``ProtocolError/Code/invalidField`` naming the field, or a decoding error.
    func decodeWhole(_ key: Key) throws -> Int {
        if let n = try? decode(Int.self, forKey: key) { return n }
        // Not an Int: decoding it as a double gives the decoder's own error (with the field's
        // path) for text or null, and the value itself for the sentence otherwise.
        let x = try decode(Double.self, forKey: key)
        let field = WireCoding.field(codingPath + [key])
        let value = WordArgument.text(NumberText.format(x))
        if x == x.rounded() {
            throw ProtocolError(
                .invalidField, ProtocolWords.word("protocol.field.wholeTooLarge", ["field": field, "value": value]))
        }
        throw ProtocolError(
            .invalidField, ProtocolWords.word("protocol.field.notWhole", ["field": field, "value": value]))
    }

    /// Decodes an optional whole number (see ``decodeWhole(_:)``).
    func decodeWholeIfPresent(_ key: Key) throws -> Int? {
        guard contains(key), try !decodeNil(forKey: key) else { return nil }
        return try decodeWhole(key)
    }

    private static func checkLength(_ text: String, key: Key, limit: Int, path: [any CodingKey]) throws {
        let length = text.utf8.count
        guard length <= limit else {
            throw ProtocolError(
                .tooLong,
                ProtocolWords.word(
                    "protocol.field.tooLong",
                    ["field": WireCoding.field(path + [key]), "count": .int(length), "limit": .int(limit)]))
        }
    }
}
