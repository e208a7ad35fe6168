/// Small text helpers shared by the Life parsers' error sentences.
enum LifeText {
    /// `text` cut to at most `limit` characters (with an ellipsis), so an error sentence
    /// quoting untrusted input stays short.
    static func clipped(_ text: String, limit: Int = 40) -> String {
        let oneLine = text.map { $0.isNewline ? " " : $0 }
        guard oneLine.count > limit else { return String(oneLine) }
        return String(oneLine.prefix(limit)) + "…"
    }
}
