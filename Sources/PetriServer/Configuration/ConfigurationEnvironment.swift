import Foundation

/// Reads `PETRI_…` environment variables into raw entries.
///
/// The name of each variable is `PETRI_` followed by the setting's YAML path in upper snake case
/// (`websocket.maxMessageBytes` is `PETRI_WEBSOCKET_MAX_MESSAGE_BYTES`). A variable that starts like a section
/// (`PETRI_WEBSOCKET_…`) but names no setting is a typo and an error; other `PETRI_` variables (`PETRI_CONFIG`,
/// `PETRI_LWS_DEBUG`) are left alone. An empty variable counts as unset, as container tools often pass them.
enum ConfigurationEnvironment {
    /// The variable naming the configuration file, between the `--config` flag and the caller's default.
    static let configFileVariable = "PETRI_CONFIG"

    /// The entries set by `environment`, sorted by variable name so errors are reported in a stable order.
    ///
    /// - Throws: ``ConfigurationError/unknownSetting(_:source:suggestion:)`` for a mistyped variable.
    static func entries(_ environment: [String: String]) throws(ConfigurationError) -> [ConfigurationEntry] {
        let settings = ConfigurationSetting.all
        let byName = Dictionary(uniqueKeysWithValues: settings.map { ($0.environmentVariable, $0) })
        let sectionPrefixes = ConfigurationSetting.sections.map {
            ConfigurationSetting.environmentVariable(for: $0) + "_"
        }
        var entries: [ConfigurationEntry] = []
        for (name, rawValue) in environment.sorted(by: { $0.key < $1.key }) where name.hasPrefix("PETRI_") {
            let value = rawValue.trimmingCharacters(in: .whitespacesAndNewlines)
            guard let setting = byName[name] else {
                if sectionPrefixes.contains(where: name.hasPrefix) {
                    throw .unknownSetting(
                        name, source: .environment(name),
                        suggestion: ConfigurationSuggestion.closest(
                            to: name, among: settings.map(\.environmentVariable)))
                }
                continue
            }
            guard !value.isEmpty else { continue }
            entries.append(ConfigurationEntry(path: setting.path, value: .scalar(value), source: .environment(name)))
        }
        return entries
    }
}
