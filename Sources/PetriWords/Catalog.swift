/// One language's sentences for one component: a flat JSON object, keys dotted by area
/// (`"lesson.reason.tooLong"`), values with named placeholders (`"{count} students"`) or, where
/// a number changes the words, an object of CLDR plural categories chosen by the argument
/// named `count` (`{"one": "{count} student", "other": "{count} students"}`).
///
/// Keys that start with `_` (`"_about"`) describe the file and are never shown.
package struct Catalog: Sendable {
    /// The language its sentences are in.
    package let language: Language
    private let entries: [String: CatalogJSON.Value]

    /// Reads a catalog file.
    ///
    /// - Throws: ``CatalogError`` naming the byte where the file stops being a catalog.
    package init(language: Language, json bytes: [UInt8]) throws(CatalogError) {
        self.language = language
        do {
            entries = try CatalogJSON.parse(bytes)
        } catch {
            throw CatalogError(language: language, detail: error.description)
        }
    }

    /// The keys of its sentences (not the `_` header keys).
    package var keys: Set<String> { Set(entries.keys.filter { !$0.hasPrefix("_") }) }

    /// The header entry `key` (`"_about"`), if the file has it as plain text.
    package func header(_ key: String) -> String? {
        if case .text(let text) = entries[key] { return text }
        return nil
    }

    /// The plural categories a key's value gives, empty when it is plain text.
    package func pluralCategories(of key: String) -> Set<String> {
        if case .forms(let forms) = entries[key] { return Set(forms.keys) }
        return []
    }

    /// The raw sentences of a key: its text, or each of its plural forms.
    package func sentences(of key: String) -> [String] {
        switch entries[key] {
        case .text(let text): [text]
        case .forms(let forms): forms.keys.sorted().compactMap { forms[$0] }
        case nil: []
        }
    }

    /// The sentence for `key` with its placeholders filled; nil when this catalog lacks the key.
    ///
    /// - Parameter readerLanguage: The language arguments that are words render in, when this
    ///   catalog stands in for the reader's (English filling in a missing key): this catalog's by default.
    package func text(
        _ key: String, _ arguments: [String: WordArgument], readerLanguage: Language? = nil
    ) -> String? {
        let pattern: String
        switch entries[key] {
        case .text(let text):
            pattern = text
        case .forms(let forms):
            let category = arguments["count"].flatMap { $0.pluralOperands }.map {
                PluralRule.category(of: $0, in: language)
            }
            guard let chosen = forms[category?.rawValue ?? "other"] ?? forms["other"] else { return nil }
            pattern = chosen
        case nil:
            return nil
        }
        return Self.fill(pattern, arguments, in: readerLanguage ?? language)
    }

    /// Replaces each `{name}` with its argument; a placeholder with no argument stays as written,
    /// so a missing argument shows rather than vanishes.
    static func fill(_ pattern: String, _ arguments: [String: WordArgument], in language: Language) -> String {
        guard pattern.contains("{") else { return pattern }
        var result = ""
        var rest = Substring(pattern)
        while let open = rest.firstIndex(of: "{") {
            result += rest[..<open]
            let after = rest[rest.index(after: open)...]
            guard let close = after.firstIndex(of: "}"), let argument = arguments[String(after[..<close])] else {
                result.append("{")
                rest = after
                continue
            }
            result += argument.text(in: language)
            rest = after[after.index(after: close)...]
        }
        return result + rest
    }
}

/// A catalog file that is not a flat JSON object of strings and plural objects.
package struct CatalogError: Error, Sendable, CustomStringConvertible {
    package let language: Language
    package let detail: String
    package var description: String {
        "The \(language) catalog is not a flat JSON object of sentences (\(detail)); fix the file."
    }
}
