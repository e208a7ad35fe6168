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

    /// ` (from PETRI_SERVER_PORT)`, or nothing for a default, ready to close an error sentence.
    var suffix: String {
        switch self {
        case .defaultValue: ""
        default: " (from \(description))"
        }
    }
}
