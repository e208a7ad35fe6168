import PetriWords

/// The sentences about accounts and passwords a teacher or the administrator reads, from the catalogs in
/// `Words/<tag>.json`. Every key appears as a literal in an `AccountWords.word(...)` or `AccountWords.text(...)`
/// call, which is how the catalog test finds them.
package enum AccountWords {
    /// The accounts' catalogs, compiled into the program.
    package static let book = WordBook(
        "PetriAccounts",
        files: [
            ("en", PackageResources.en_json), ("cy", PackageResources.cy_json),
            ("es", PackageResources.es_json), ("ar", PackageResources.ar_json),
        ])

    /// A sentence to render in its reader's language.
    package static func word(_ key: String, _ arguments: [String: WordArgument] = [:]) -> Word {
        book.word(key, arguments)
    }

    /// A sentence in `language` (English by default: for what is stored, not shown).
    package static func text(
        _ key: String, _ arguments: [String: WordArgument] = [:], in language: Language = .english
    ) -> String {
        book.text(key, arguments, in: language)
    }
}
