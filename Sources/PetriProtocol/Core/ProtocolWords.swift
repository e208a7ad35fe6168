import PetriWords

/// The protocol's sentences (what a message that cannot be read is refused with), from its catalogs in
/// `Words/<tag>.json`. Every key appears as a literal in a `ProtocolWords.word(...)` call, which is how the catalog
/// test finds them. A refusal made from one keeps it (``ProtocolError/word``), so the hub tells each connection in its
/// own language and a client that asked for none gets the English sentence it always got.
package enum ProtocolWords {
    /// The protocol's catalogs, compiled into the program.
    package static let book = WordBook(
        "PetriProtocol",
        files: [
            ("en", PackageResources.en_json), ("cy", PackageResources.cy_json),
            ("es", PackageResources.es_json), ("ar", PackageResources.ar_json),
        ])

    /// A sentence to render in its reader's language.
    static func word(_ key: String, _ arguments: [String: WordArgument] = [:]) -> Word {
        book.word(key, arguments)
    }

    /// A field's path as a placeholder's value: `options.language`, or "(message)" for the message as a whole.
    static func field(_ path: String) -> WordArgument {
        path.isEmpty ? .word(ProtocolWords.word("protocol.field.wholeMessage")) : .text(path)
    }
}
