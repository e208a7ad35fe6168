import PetriWords

/// Why a configuration could not be loaded: every case reads as one sentence naming the setting, the value
/// and what is allowed.
///
/// Settings are named by their YAML path (`websocket.maxMessageBytes`) and the sentence ends with where the
/// value came from (a file line, a `PETRI_…` variable or a flag), so the user knows exactly what to edit.
/// The teacher key is never repeated in a message; only its length is. The sentences come from the server's
/// catalogs (``ServerWords``): ``message(in:)`` renders one in the command line's language, ``message`` in English.
package enum ConfigurationError: Error, Sendable, Hashable, CustomStringConvertible {
    /// A setting has a value of the wrong kind or outside its allowed range.
    case invalidValue(setting: String, value: WordArgument, allowed: Word, source: ConfigurationSource)
    /// A file or a `PETRI_<SECTION>_…` variable names a setting Petri does not have (usually a typo).
    case unknownSetting(String, source: ConfigurationSource, suggestion: String?)
    /// One section of a file sets the same key more than once, so which one wins would be a guess.
    case duplicateSetting(String, source: ConfigurationSource)
    /// The configuration file does not exist or cannot be read.
    case unreadableFile(path: String, source: ConfigurationSource)
    /// The configuration file is not valid YAML, or its top level is not a mapping of sections.
    case malformedFile(path: String, line: Int?, problem: WordArgument)
    /// The configuration file is YAML but not a mapping of sections (`server:`, `websocket:`, …) at the top.
    case notAConfiguration(path: String, line: Int?)
    /// Exactly one of `tls.certificate` and `tls.key` is set; TLS needs both or neither.
    case incompleteTLS(set: String, missing: String, source: ConfigurationSource)
    /// A setting names a file that does not exist or that this user cannot read.
    case missingFile(setting: String, path: String, source: ConfigurationSource)

    /// The one sentence to show the user, not yet rendered.
    package var word: Word {
        switch self {
        case .invalidValue(let setting, let value, let allowed, let source):
            return ServerWords.word(
                "config.error.invalidValue",
                ["setting": .text(setting), "allowed": .word(allowed), "value": value, "from": source.from])
        case .unknownSetting(let name, let source, let suggestion):
            let environment = if case .environment = source { true } else { false }
            switch (environment, suggestion) {
            case (true, nil):
                return ServerWords.word("config.error.unknownVariable", ["name": .text(name)])
            case (true, let suggestion?):
                return ServerWords.word(
                    "config.error.unknownVariable.suggest", ["name": .text(name), "suggestion": .text(suggestion)])
            case (false, nil):
                return ServerWords.word("config.error.unknownSetting", ["name": .text(name), "source": source.place])
            case (false, let suggestion?):
                return ServerWords.word(
                    "config.error.unknownSetting.suggest",
                    ["name": .text(name), "source": source.place, "suggestion": .text(suggestion)])
            }
        case .duplicateSetting(let name, let source):
            return ServerWords.word("config.error.duplicate", ["name": .text(name), "source": source.place])
        case .unreadableFile(let path, let source):
            return ServerWords.word("config.error.unreadableFile", ["path": .text(path), "from": source.from])
        case .malformedFile(let path, let line, let problem):
            return ServerWords.word(
                "config.error.malformed",
                ["place": ConfigurationSource.file(path: path, line: line).place, "problem": problem])
        case .notAConfiguration(let path, let line):
            return ServerWords.word(
                "config.error.notAConfiguration", ["place": ConfigurationSource.file(path: path, line: line).place])
        case .incompleteTLS(let set, let missing, let source):
            return ServerWords.word(
                "config.error.incompleteTLS", ["set": .text(set), "missing": .text(missing), "from": source.from])
        case .missingFile(let setting, let path, let source):
            return ServerWords.word(
                "config.error.missingFile", ["setting": .text(setting), "path": .text(path), "from": source.from])
        }
    }

    /// The one sentence to show the user, in `language` (the command line's).
    package func message(in language: Language) -> String { word.text(in: language) }

    /// The sentence in English.
    package var message: String { word.text() }

    /// Same as ``message``.
    package var description: String { message }
}
