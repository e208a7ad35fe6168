import PetriWords

/// The hub's sentences (refusals before a lesson is reached, limits), from its catalogs in `Words/<tag>.json`.
/// Every key appears as a literal in a `HubWords.word(...)` call, which is how the catalog test finds them.
package enum HubWords {
    /// The hub's catalogs, compiled into the program.
    package static let book = WordBook(
        "PetriHub",
        files: [
            ("en", PackageResources.en_json), ("cy", PackageResources.cy_json),
            ("es", PackageResources.es_json), ("ar", PackageResources.ar_json),
        ])

    /// A sentence to render in its reader's language.
    static func word(_ key: String, _ arguments: [String: WordArgument] = [:]) -> Word {
        book.word(key, arguments)
    }
}
