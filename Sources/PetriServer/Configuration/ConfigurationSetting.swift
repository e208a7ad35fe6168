import PetriWords

/// One setting of ``ServerConfiguration``: its YAML path, how to read and write it from raw text, what is
/// allowed, and whether it is a secret.
///
/// The whole list lives in `ConfigurationSetting+All.swift`; loading, validation, the environment-variable
/// names and the redacted description are all driven by it, so a new setting is added in exactly one place
/// (plus its field, its default and its line in `Config/petri.yaml`).
struct ConfigurationSetting {
    /// The YAML path, `section.key` in camelCase (`websocket.maxMessageBytes`).
    let path: String
    /// Whether the value must never be shown (the teacher key).
    let isSecret: Bool
    /// Stores a raw value; false when it is of the wrong kind (text where a number belongs, an unknown level).
    let write: (inout ServerConfiguration, ConfigurationValue) -> Bool
    /// The current value in raw form, for error sentences and ``ServerConfiguration/description``.
    let read: (ServerConfiguration) -> ConfigurationValue
    /// Whether the stored value is allowed; may look at other settings (hang-up after ping).
    let isValid: (ServerConfiguration) -> Bool
    /// What is allowed, completing "… must be ___, but was …".
    let allowed: (ServerConfiguration) -> Word
    /// For whole-number settings, the allowed range given the configuration so far; nil for other kinds.
    var integerRange: ((ServerConfiguration) -> ClosedRange<Int>)? = nil

    /// The section name, `websocket` in `websocket.maxMessageBytes`.
    var section: Substring { path.prefix { $0 != "." } }

    /// The environment variable that sets it: `PETRI_`, then the path in upper snake case with `_` for the dot
    /// (`websocket.maxMessageBytes` is `PETRI_WEBSOCKET_MAX_MESSAGE_BYTES`).
    var environmentVariable: String { Self.environmentVariable(for: path) }

    /// The environment variable for any dotted camelCase path, also used for section prefixes.
    static func environmentVariable(for path: String) -> String {
        var name = "PETRI_"
        for character in path {
            if character == "." {
                name.append("_")
            } else if character.isUppercase {
                name.append("_")
                name.append(character)
            } else {
                name.append(contentsOf: character.uppercased())
            }
        }
        return name
    }

    /// The error for a value that is stored but not allowed, or could not be stored at all.
    ///
    /// - Parameters:
    ///   - value: The offending raw value; nil to show the value currently in `configuration`.
    ///   - configuration: The configuration so far, for allowed ranges that depend on other settings.
    ///   - source: Where the value came from.
    func invalid(
        _ value: ConfigurationValue? = nil, in configuration: ServerConfiguration, from source: ConfigurationSource
    ) -> ConfigurationError {
        .invalidValue(
            setting: path, value: (value ?? read(configuration)).shown(secret: isSecret),
            allowed: allowed(configuration), source: source)
    }
}
