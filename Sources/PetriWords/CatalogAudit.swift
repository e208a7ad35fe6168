/// The checks every component's catalog test runs: the code and its catalogs agree.
///
/// A key is "used" when it is the literal first argument of a `<Words>.word(` or `<Words>.text(`
/// call in the component's sources (`LessonWords.word("lesson.question.unknown", …)`), the one
/// way the code names a sentence; keys are never built at run time, so reading the sources finds
/// them all. Pure: the test reads the files and hands their text in.
package enum CatalogAudit {
    /// The keys named in `source` through `caller` (`"LessonWords"`).
    package static func keys(inSource source: String, caller: String) -> Set<String> {
        var keys: Set<String> = []
        for call in [caller + ".word(", caller + ".text("] {
            var rest = Substring(source)
            while let found = rest.firstRange(of: call) {
                rest = rest[found.upperBound...]
                let argument = rest.drop { $0 == " " || $0 == "\n" }
                guard argument.first == "\"", let end = argument.dropFirst().firstIndex(of: "\"") else { continue }
                keys.insert(String(argument[argument.index(after: argument.startIndex)..<end]))
            }
        }
        return keys
    }

    /// Everything wrong between the keys the code uses and the book's catalogs, one sentence
    /// each; empty when they agree.
    ///
    /// Each catalog must hold exactly the used keys, an `_about` header (saying, but in English,
    /// that it needs review by a native speaker), the same placeholders as English for each key,
    /// and an `other` form in every plural object, with no category the language lacks.
    package static func problems(of book: WordBook, used: Set<String>, languages: [Language]) -> [String] {
        var problems = book.problems.map(\.description)
        for language in languages where book.catalogs[language] == nil {
            problems.append("\(book.name) has no \(language) catalog.")
        }
        let english = book.catalogs[.english]
        for (language, catalog) in book.catalogs.sorted(by: { $0.key < $1.key }) {
            let name = "\(book.name) \(language)"
            for key in used.subtracting(catalog.keys).sorted() {
                problems.append("\(name) lacks \"\(key)\", which the code uses.")
            }
            for key in catalog.keys.subtracting(used).sorted() {
                problems.append("\(name) has \"\(key)\", which no code uses.")
            }
            guard let about = catalog.header("_about") else {
                problems.append("\(name) has no \"_about\" header.")
                continue
            }
            if language != .english && !about.contains("needs review by a native speaker") {
                problems.append("\(name)'s \"_about\" does not say it needs review by a native speaker.")
            }
            for key in catalog.keys.intersection(used).sorted() {
                let placeholders = Set(catalog.sentences(of: key).map(Self.placeholders))
                let expected = english.map { Set($0.sentences(of: key).map(Self.placeholders)) } ?? placeholders
                // A plural form may leave `{count}` out ("one student"), so the forms are compared together.
                if Self.union(placeholders) != Self.union(expected) {
                    problems.append(
                        "\(name) \"\(key)\" has placeholders \(Self.union(placeholders).sorted()), "
                            + "English \(Self.union(expected).sorted()).")
                }
                let forms = catalog.pluralCategories(of: key)
                if !forms.isEmpty && !forms.contains("other") {
                    problems.append("\(name) \"\(key)\" has plural forms but no \"other\".")
                }
                let allowed = Set(Self.categories(of: language).map(\.rawValue))
                for form in forms.subtracting(allowed).sorted() {
                    problems.append("\(name) \"\(key)\" has the form \"\(form)\", which \(language) does not use.")
                }
            }
        }
        return problems
    }

    /// The plural categories a language's rule can give (found by asking it, over the numbers
    /// that reach every branch of the rules here).
    package static func categories(of language: Language) -> Set<PluralCategory> {
        var found: Set<PluralCategory> = [.other]
        for value in Array(0..<200) + [1_000, 1_000_000] {
            found.insert(PluralRule.category(of: value, in: language))
        }
        return found
    }

    /// The `{names}` in a sentence.
    static func placeholders(_ sentence: String) -> Set<String> {
        var names: Set<String> = []
        var rest = Substring(sentence)
        while let open = rest.firstIndex(of: "{") {
            rest = rest[rest.index(after: open)...]
            guard let close = rest.firstIndex(of: "}") else { break }
            names.insert(String(rest[..<close]))
            rest = rest[rest.index(after: close)...]
        }
        return names
    }

    private static func union(_ sets: Set<Set<String>>) -> Set<String> { sets.reduce([], { $0.union($1) }) }
}
