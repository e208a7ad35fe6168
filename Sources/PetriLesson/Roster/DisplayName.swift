import PetriProtocol

/// Students' display names: cleaned with ``TextSanitiser`` and made unique in a lesson.
enum DisplayName {
    /// The most characters (grapheme clusters) a name keeps.
    static let maxCharacters = DisplayNameRules.maxCharacters

    /// Cleans a typed name; empty when nothing printable is left.
    static func clean(_ raw: String) -> String {
        TextSanitiser.clean(raw, maxCharacters: maxCharacters)
    }

    /// The form two names are compared in: "Ann" and "ann" are the same name.
    static func key(_ name: String) -> String { name.lowercased() }

    /// `base` made unique: itself if free, else `base 2`, `base 3`, ... (the first free one),
    /// shortening `base` so the suffix still fits in ``maxCharacters``.
    ///
    /// - Parameters:
    ///   - base: A cleaned, non-empty name.
    ///   - isTaken: Whether a name (compared by ``key(_:)``) is already in use.
    static func unique(_ base: String, isTaken: (String) -> Bool) -> String {
        var from = 2
        return unique(base, from: &from, isTaken: isTaken)
    }

    /// Like ``unique(_:isTaken:)``, trying suffixes from `from` on (every lower one must be taken);
    /// on return, `from` is the suffix after the one used, where the next search for `base` starts.
    static func unique(_ base: String, from n: inout Int, isTaken: (String) -> Bool) -> String {
        guard isTaken(key(base)) else { return base }
        n = max(n, 2)
        while true {
            let suffix = " \(n)"
            var stem = String(base.prefix(maxCharacters - suffix.count))
            while stem.last?.isWhitespace == true { stem.removeLast() }
            let candidate = stem + suffix
            n += 1
            if !isTaken(key(candidate)) { return candidate }
        }
    }
}
