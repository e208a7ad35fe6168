/// A language a person reads, named by its BCP 47 tag (`en`, `cy`, `es-MX`, `ar`).
///
/// Tags compare without regard to case and with `_` read as `-`, so `cy_GB`, `CY-gb` and
/// `cy-GB` are one language. ``match(_:among:)`` picks what a component offers for what a
/// person asked for (RFC 4647 lookup: `es-MX` falls back to `es`, then to English).
package struct Language: Sendable, Hashable, Comparable, CustomStringConvertible {
    /// The tag in its canonical spelling: lower-case language, subtags joined by `-`.
    package let tag: String

    /// English, the language every catalog is complete in and every fallback ends at.
    package static let english = Language(uncheckedTag: "en")

    /// Reads a BCP 47 tag or a POSIX locale name (`cy_GB.UTF-8@euro`); nil when it names no
    /// language (empty, `C`, `POSIX`, `*`, or characters a tag cannot have).
    package init?(_ text: String) {
        var value = Substring(text)
        if let end = value.firstIndex(where: { $0 == "." || $0 == "@" }) { value = value[..<end] }
        let parts = value.split(separator: "-", omittingEmptySubsequences: false).flatMap {
            $0.split(separator: "_", omittingEmptySubsequences: false)
        }
        guard let first = parts.first, (2...8).contains(first.count), first.allSatisfy(\.isLetter),
            first.allSatisfy(\.isASCII), first.lowercased() != "posix"
        else { return nil }
        var subtags = [first.lowercased()]
        for part in parts.dropFirst() {
            guard (1...8).contains(part.count), part.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber) })
            else { return nil }
            subtags.append(Self.canonicalSubtag(part, afterFirst: subtags.count == 1))
        }
        tag = subtags.joined(separator: "-")
    }

    init(uncheckedTag: String) { tag = uncheckedTag }

    /// The language alone, without script or region (`es` for `es-MX`).
    package var base: Language { Language(uncheckedTag: String(tag.prefix { $0 != "-" })) }

    /// Whether text in this language runs right to left.
    package var isRightToLeft: Bool { ["ar", "fa", "he", "ur", "ps", "yi", "dv", "ckb"].contains(base.tag) }

    package var description: String { tag }

    package static func < (lhs: Language, rhs: Language) -> Bool { lhs.tag < rhs.tag }

    /// The offered language that best serves someone who asked for `requested`: the same tag,
    /// else the tag with its last subtags removed one by one, else English.
    ///
    /// - Parameters:
    ///   - requested: What the person asked for, most preferred first (`["cy-GB", "en"]`); tags
    ///     that are not languages are skipped.
    ///   - offered: What the component has catalogs for.
    package static func match(_ requested: [String], among offered: [Language]) -> Language {
        for text in requested {
            guard var candidate = Language(text) else { continue }
            while true {
                if offered.contains(candidate) { return candidate }
                guard let cut = candidate.tag.lastIndex(of: "-") else { break }
                candidate = Language(uncheckedTag: String(candidate.tag[..<cut]))
            }
        }
        return .english
    }

    /// The languages a POSIX environment asks for, most preferred first: `LANGUAGE` (a list
    /// separated by `:`) when a locale is set, then `LC_ALL`, `LC_MESSAGES`, `LANG`, the first
    /// of those that is set and not empty (the order C's `setlocale` reads them in).
    ///
    /// - Parameter environment: The process's environment (pass it in; this reads nothing).
    package static func preferences(fromEnvironment environment: [String: String]) -> [String] {
        let locale = ["LC_ALL", "LC_MESSAGES", "LANG"].lazy.compactMap { environment[$0] }.first { !$0.isEmpty }
        guard let locale, locale != "C", locale != "POSIX" else { return [] }
        let list = (environment["LANGUAGE"] ?? "").split(separator: ":").map(String.init)
        return list + [locale]
    }

    private static func canonicalSubtag(_ part: Substring, afterFirst: Bool) -> String {
        // BCP 47's conventional case: scripts title-case (`Latn`), regions upper-case (`GB`, `419` stays).
        if afterFirst && part.count == 4 && part.allSatisfy(\.isLetter) {
            return part.prefix(1).uppercased() + part.dropFirst().lowercased()
        }
        if part.count == 2 && part.allSatisfy(\.isLetter) { return part.uppercased() }
        return part.lowercased()
    }
}
