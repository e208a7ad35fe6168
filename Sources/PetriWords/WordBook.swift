/// A component's catalogs, one per language, compiled into the program.
///
/// Each module that shows words keeps its catalogs in `Words/<tag>.json` beside its code,
/// embeds them (`resources: [.embedInCode("Words")]`) and makes one book of them:
///
/// ```swift
/// enum LessonWords {
///     static let book = WordBook("PetriLesson", files: [
///         ("en", PackageResources.en_json), ("cy", PackageResources.cy_json), ...
///     ])
/// }
/// ```
///
/// English must be there; every other language falls back to it key by key.
/// Safe to share between threads: immutable once made.
package final class WordBook: Sendable, Hashable {
    /// The component's name, for messages and tests.
    package let name: String
    /// The catalogs by language; English always present (empty if its file could not be read).
    package let catalogs: [Language: Catalog]
    /// Catalog files that could not be read (a test checks none).
    package let problems: [CatalogError]

    /// Reads the component's catalog files.
    ///
    /// - Parameter files: Each file's tag (its name without `.json`) and bytes.
    package init(_ name: String, files: [(tag: String, bytes: [UInt8])]) {
        self.name = name
        var catalogs: [Language: Catalog] = [:]
        var problems: [CatalogError] = []
        for (tag, bytes) in files {
            guard let language = Language(tag) else { continue }
            do {
                catalogs[language] = try Catalog(language: language, json: bytes)
            } catch {
                problems.append(error)
            }
        }
        if catalogs[.english] == nil {
            catalogs[.english] = try? Catalog(language: .english, json: Array("{}".utf8))
        }
        self.catalogs = catalogs
        self.problems = problems
    }

    /// The languages it has catalogs for, English first, the rest by tag.
    package var languages: [Language] {
        [.english] + catalogs.keys.filter { $0 != .english }.sorted()
    }

    /// The language it serves someone who asked for `requested` (most preferred first).
    package func match(_ requested: [String]) -> Language {
        Language.match(requested, among: languages)
    }

    /// The sentence `key` in `language`, else in English, else the key itself (which the catalog
    /// test never lets ship).
    package func text(_ key: String, _ arguments: [String: WordArgument] = [:], in language: Language) -> String {
        if let catalog = catalogs[language] ?? catalogs[language.base], let text = catalog.text(key, arguments) {
            return text
        }
        return catalogs[.english]?.text(key, arguments, readerLanguage: language) ?? key
    }

    /// A sentence to render later, in whichever language its reader has.
    package func word(_ key: String, _ arguments: [String: WordArgument] = [:]) -> Word {
        Word(key: key, arguments: arguments, book: self)
    }

    package static func == (lhs: WordBook, rhs: WordBook) -> Bool { lhs === rhs }
    package func hash(into hasher: inout Hasher) { hasher.combine(ObjectIdentifier(self)) }
}
