import PetriWords

/// The sentences of the LTI pages, the grades' states and what goes to an LMS, from the catalogs in
/// `Words/<tag>.json`. A launch does not say the reader's language here, so the pages and the stored grade states
/// render in English (``text(_:_:in:)``'s default). Every key appears as a literal in an `LTIWords.text(...)` call,
/// which is how the catalog test finds them.
package enum LTIWords {
    /// The LTI catalogs, compiled into the program.
    package static let book = WordBook(
        "PetriLTI",
        files: [
            ("en", PackageResources.en_json), ("cy", PackageResources.cy_json),
            ("es", PackageResources.es_json), ("ar", PackageResources.ar_json),
        ])

    /// A sentence in `language`.
    package static func text(
        _ key: String, _ arguments: [String: WordArgument] = [:], in language: Language = .english
    ) -> String {
        book.text(key, arguments, in: language)
    }
}
