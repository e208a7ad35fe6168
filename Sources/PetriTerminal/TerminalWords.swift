import PetriWords

/// The terminal clients' words (help, status line), from the catalogs in `Words/<tag>.json`. Views read
/// them through ``Theme/text(_:_:)`` (the theme carries the screen's language); every key appears as a
/// literal in a `theme.text(...)`, `TerminalWords.text(...)` or `TerminalWords.word(...)` call, which is how the catalog test finds them.
package enum TerminalWords {
    /// The terminal's catalogs, compiled into the program.
    package static let book = WordBook(
        "PetriTerminal",
        files: [
            ("en", PackageResources.en_json), ("cy", PackageResources.cy_json),
            ("es", PackageResources.es_json), ("ar", PackageResources.ar_json),
        ])

    /// A sentence to render later in its reader's language (an answer's problem).
    static func word(_ key: String, _ arguments: [String: WordArgument] = [:]) -> Word {
        book.word(key, arguments)
    }

    /// A sentence in `language`.
    static func text(_ key: String, _ arguments: [String: WordArgument] = [:], in language: Language) -> String {
        book.text(key, arguments, in: language)
    }
}
