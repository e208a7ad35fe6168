import PetriWords

/// The server's sentences a person reads (why a configuration cannot be used), from its catalogs in
/// `Words/<tag>.json`. Every key appears as a literal in a `ServerWords.word(...)` call, which is how the catalog test
/// finds them. The listening banner and the JSON log lines stay English on purpose: supervisors and log tools read
/// them, and they match on their words.
package enum ServerWords {
    /// The server's catalogs, compiled into the program.
    package static let book = WordBook(
        "PetriServer",
        files: [
            ("en", PackageResources.en_json), ("cy", PackageResources.cy_json),
            ("es", PackageResources.es_json), ("ar", PackageResources.ar_json),
        ])

    /// A sentence to render in its reader's language.
    static func word(_ key: String, _ arguments: [String: WordArgument] = [:]) -> Word {
        book.word(key, arguments)
    }
}
