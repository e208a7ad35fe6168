/// A raw value for one setting and where it came from, as read from one layer (file, environment or flags).
struct ConfigurationEntry: Sendable, Hashable {
    /// The YAML path of the setting (`server.port`).
    let path: String
    /// The value as written.
    let value: ConfigurationValue
    /// Where it was written.
    let source: ConfigurationSource
}
