/// Refuses keys a trait model's parameters do not have: a misspelt key would otherwise be silently ignored.
enum UnknownKeys {
    /// Any key at all, to find the ones a model does not have.
    private struct AnyKey: CodingKey {
        let stringValue: String
        var intValue: Int? { nil }
        init(stringValue: String) { self.stringValue = stringValue }
        init?(intValue: Int) { nil }
    }

    /// - Throws: `DecodingError` naming the first unknown key and listing the model's parameters.
    static func refuse(in decoder: any Decoder, allowed: [String], model: String) throws {
        let all = try decoder.container(keyedBy: AnyKey.self)
        for key in all.allKeys where !allowed.contains(key.stringValue) {
            throw DecodingError.dataCorruptedError(
                forKey: key, in: all,
                debugDescription:
                    "\(model) has no parameter named \"\(key.stringValue)\"; its parameters are "
                    + "\(allowed.joined(separator: ", "))."
            )
        }
    }
}
