import PetriWords

/// The lesson's sentences (refusals, question texts, results, the report), from its catalogs in
/// `Words/<tag>.json`. Every key the lesson uses appears as a literal in a `LessonWords.word(...)`
/// or `LessonWords.text(...)` call, which is how the catalog test finds them.
package enum LessonWords {
    /// The lesson's catalogs, compiled into the program.
    package static let book = WordBook(
        "PetriLesson",
        files: [
            ("en", PackageResources.en_json), ("cy", PackageResources.cy_json),
            ("es", PackageResources.es_json), ("ar", PackageResources.ar_json),
        ])

    /// A sentence to render in its reader's language.
    static func word(_ key: String, _ arguments: [String: WordArgument] = [:]) -> Word {
        book.word(key, arguments)
    }

    /// A sentence rendered now, in `language`.
    static func text(_ key: String, _ arguments: [String: WordArgument] = [:], in language: Language) -> String {
        book.text(key, arguments, in: language)
    }
}
