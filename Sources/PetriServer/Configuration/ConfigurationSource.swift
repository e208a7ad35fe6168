import PetriWords

/// Where a setting's value came from, so that an error can point at the line, variable or flag to fix.
package enum ConfigurationSource: Sendable, Hashable, CustomStringConvertible {
    /// The built-in default (``ServerConfiguration/init()``).
    case defaultValue
    /// A configuration file, with the 1-based line when the YAML parser reports one.
    case file(path: String, line: Int?)
    /// An environment variable, by name (`PETRI_SERVER_PORT`).
    case environment(String)
    /// A command-line flag as typed (`--port`).
    case flag(String)

    /// `the default`, `Config/petri.yaml line 14`, `PETRI_SERVER_PORT` or `--port`.
    package var description: String {
        switch self {
        case .defaultValue: "the default"
        case .file(let path, let line?): "\(path) line \(line)"
        case .file(let path, nil): path
        case .environment(let name): name
        case .flag(let flag): flag
        }
    }

    /// The place in a reader's language: `Config/petri.yaml line 14` is a sentence, a variable or a flag is as typed.
    var place: WordArgument {
        switch self {
        case .defaultValue: .word(ServerWords.word("config.source.default"))
        case .file(let path, let line?):
            .word(ServerWords.word("config.source.fileLine", ["path": .text(path), "line": .int(line)]))
        case .file(let path, nil): .text(path)
        case .environment(let name): .text(name)
        case .flag(let flag): .text(flag)
        }
    }

    /// ` (from PETRI_SERVER_PORT)` in a reader's language, or nothing for a default, ready to close an error sentence.
    var from: WordArgument {
        switch self {
        case .defaultValue: .text("")
        default: .word(ServerWords.word("config.source.from", ["source": place]))
        }
    }
}
