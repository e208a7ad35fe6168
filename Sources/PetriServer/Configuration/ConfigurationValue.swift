import PetriWords

/// A value as written in a file, a variable or a flag, before it is checked against its setting.
enum ConfigurationValue: Sendable, Hashable {
    /// One plain value (`8080`, `info`, `/var/lib/petri`); numbers stay text until a setting reads them.
    case scalar(String)
    /// A YAML sequence, or a comma-separated variable.
    case list([String])
    /// Nothing: YAML `~`, `null` or an empty value.
    case null
    /// A mapping or a list of lists where a plain value belongs.
    case nested

    /// How an error sentence shows the value: numbers and booleans bare, text quoted with escapes, so that a
    /// stray space or control character is visible.
    ///
    /// - Parameters:
    ///   - secret: Show only the length, for the teacher key.
    func shown(secret: Bool = false) -> WordArgument {
        switch self {
        case .scalar(let text) where secret:
            return .word(ServerWords.word("config.value.secretLength", ["count": .int(text.count)]))
        case .scalar(let text): return .text(Self.isBare(text) ? text : String(reflecting: text))
        case .list where secret: return .word(ServerWords.word("config.value.list"))
        case .list(let items): return .text("[" + items.map { String(reflecting: $0) }.joined(separator: ", ") + "]")
        case .null: return .word(ServerWords.word("config.value.empty"))
        case .nested: return .word(ServerWords.word("config.value.nested"))
        }
    }

    /// How ``ServerConfiguration/description`` shows the value: plain, as a YAML reader would write it.
    func plain(secret: Bool = false) -> String {
        switch self {
        case .null: return "<not set>"
        case _ where secret: return "<set>"
        case .scalar(let text): return text
        case .list(let items): return "[" + items.joined(separator: ", ") + "]"
        case .nested: return "<nested>"
        }
    }

    private static func isBare(_ text: String) -> Bool {
        Int(text) != nil || ["true", "false"].contains(text)
    }
}
