/// Why a configuration could not be loaded: every case reads as one sentence naming the setting, the value
/// and what is allowed.
///
/// Settings are named by their YAML path (`websocket.maxMessageBytes`) and the sentence ends with where the
/// value came from (a file line, a `PETRI_…` variable or a flag), so the user knows exactly what to edit.
/// The teacher key is never repeated in a message; only its length is.
package enum ConfigurationError: Error, Sendable, Hashable, CustomStringConvertible {
    /// A setting has a value of the wrong kind or outside its allowed range.
    case invalidValue(setting: String, value: String, allowed: String, source: ConfigurationSource)
    /// A file or a `PETRI_<SECTION>_…` variable names a setting Petri does not have (usually a typo).
    case unknownSetting(String, source: ConfigurationSource, suggestion: String?)
    /// One section of a file sets the same key more than once, so which one wins would be a guess.
    case duplicateSetting(String, source: ConfigurationSource)
    /// The configuration file does not exist or cannot be read.
    case unreadableFile(path: String, source: ConfigurationSource)
    /// The configuration file is not valid YAML, or its top level is not a mapping of sections.
    case malformedFile(path: String, line: Int?, problem: String)
    /// The configuration file is YAML but not a mapping of sections (`server:`, `websocket:`, …) at the top.
    case notAConfiguration(path: String, line: Int?)
    /// Exactly one of `tls.certificate` and `tls.key` is set; TLS needs both or neither.
    case incompleteTLS(set: String, missing: String, source: ConfigurationSource)
    /// A setting names a file that does not exist or that this user cannot read.
    case missingFile(setting: String, path: String, source: ConfigurationSource)

    /// The one sentence to show the user.
    package var message: String {
        switch self {
        case .invalidValue(let setting, let value, let allowed, let source):
            return "\(setting) must be \(allowed), but was \(value)\(source.suffix)."
        case .unknownSetting(let name, let source, let suggestion):
            let place: String
            switch source {
            case .environment: place = "Unknown environment variable \(name)"
            default: place = "Unknown setting '\(name)' in \(source)"
            }
            guard let suggestion else { return "\(place); see Config/petri.yaml for every setting." }
            if case .environment = source { return "\(place); did you mean \(suggestion)?" }
            return "\(place); did you mean '\(suggestion)'?"
        case .duplicateSetting(let name, let source):
            return "The setting '\(name)' appears more than once in \(source); keep only one."
        case .unreadableFile(let path, let source):
            return "The configuration file \(path)\(source.suffix) does not exist or cannot be read."
        case .malformedFile(let path, let line, let problem):
            let place = line.map { "\(path) line \($0)" } ?? path
            return "\(place) is not valid YAML: \(problem)."
        case .notAConfiguration(let path, let line):
            let place = line.map { "\(path) line \($0)" } ?? path
            return "\(place) must start with sections such as 'server:' and 'websocket:', each holding settings."
        case .incompleteTLS(let set, let missing, let source):
            return "\(set) and \(missing) must be set together for TLS, but only \(set) was set\(source.suffix)."
        case .missingFile(let setting, let path, let source):
            return "\(setting) names \(path)\(source.suffix), which does not exist or cannot be read."
        }
    }

    /// Same as ``message``.
    package var description: String { message }
}
