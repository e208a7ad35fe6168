/// Finds the known name a mistyped one was probably meant to be, for "did you mean …?".
enum ConfigurationSuggestion {
    /// The closest candidate, or nil when none is close enough to be a plausible typo.
    ///
    /// Names that differ only in case, `-` or `_` match first (so `max-message-bytes` finds `maxMessageBytes`);
    /// otherwise the candidate with the smallest edit distance wins, if that distance is at most a third of the
    /// name's length (and at most 3).
    ///
    /// - Parameters:
    ///   - name: What the user wrote.
    ///   - candidates: Every valid name.
    static func closest(to name: String, among candidates: [String]) -> String? {
        let folded = fold(name)
        if let match = candidates.first(where: { fold($0) == folded }) { return match }
        let limit = min(3, max(1, name.count / 3))
        var best: (candidate: String, distance: Int)?
        for candidate in candidates {
            let distance = editDistance(Array(fold(candidate)), Array(folded))
            if distance <= limit, distance < best?.distance ?? .max { best = (candidate, distance) }
        }
        return best?.candidate
    }

    private static func fold(_ name: String) -> String {
        String(name.lowercased().filter { $0 != "-" && $0 != "_" })
    }

    /// Levenshtein distance: insertions, deletions and substitutions each cost one.
    private static func editDistance(_ a: [Character], _ b: [Character]) -> Int {
        guard !a.isEmpty else { return b.count }
        guard !b.isEmpty else { return a.count }
        var previous = Array(0...b.count)
        var current = [Int](repeating: 0, count: b.count + 1)
        for i in 1...a.count {
            current[0] = i
            for j in 1...b.count {
                let substitution = previous[j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1)
                current[j] = min(previous[j] + 1, current[j - 1] + 1, substitution)
            }
            swap(&previous, &current)
        }
        return previous[b.count]
    }
}
