import Foundation

extension ServerConfiguration {
    /// Where a packaged install keeps its configuration (the systemd unit and the Docker image use it).
    package static let systemFile = "/etc/petri/petri.yaml"
    /// The documented default configuration in a source checkout (`make run` uses it).
    static let developmentFile = "Config/petri.yaml"

    /// The file to read when none is named: ``systemFile`` if it exists, else ``developmentFile`` if it exists,
    /// else nil (built-in defaults only).
    ///
    /// - Parameters:
    ///   - isReadable: Tells whether a path can be read; replaceable in tests.
    package static func defaultFile(
        isReadable: (String) -> Bool = { FileManager.default.isReadableFile(atPath: $0) }
    ) -> String? {
        [systemFile, developmentFile].first(where: isReadable)
    }

    /// Builds the configuration from the defaults, a file, the environment and flags, then validates it.
    ///
    /// Later layers win: built-in default, then the YAML file, then `PETRI_…` variables, then `overrides`.
    /// The file read is `overrides.configFile` if set, else the `PETRI_CONFIG` variable if set, else `file`;
    /// when all three are nil only defaults, environment and flags apply. A file that is named but missing is an
    /// error, never silently skipped.
    ///
    /// ```swift
    /// let configuration = try ServerConfiguration.load(
    ///     file: ServerConfiguration.defaultFile(),
    ///     environment: ProcessInfo.processInfo.environment,
    ///     overrides: ConfigurationOverrides(configFile: options.config, port: options.port))
    /// ```
    ///
    /// - Parameters:
    ///   - file: The file to read when neither `--config` nor `PETRI_CONFIG` names one.
    ///   - environment: The process environment; only `PETRI_…` variables are read.
    ///   - overrides: Values from command-line flags.
    /// - Throws: ``ConfigurationError``: one sentence naming the setting, the value, where it came from and
    ///   what is allowed.
    package static func load(
        file: String?, environment: [String: String], overrides: ConfigurationOverrides
    ) throws(ConfigurationError) -> ServerConfiguration {
        var entries: [ConfigurationEntry] = []
        if let configFile = overrides.configFile {
            entries += try ConfigurationFile.entries(
                path: configFile, namedBy: .flag(ConfigurationOverrides.Flag.configFile))
        } else if let configFile = environment[ConfigurationEnvironment.configFileVariable], !configFile.isEmpty {
            entries += try ConfigurationFile.entries(
                path: configFile, namedBy: .environment(ConfigurationEnvironment.configFileVariable))
        } else if let file {
            entries += try ConfigurationFile.entries(path: file, namedBy: .defaultValue)
        }
        entries += try ConfigurationEnvironment.entries(environment)
        entries += overrides.entries
        return try merging(entries)
    }

    /// Parses YAML text as if it were the file at `path`, over the defaults, and validates the result.
    ///
    /// For tests and tools that hold the text already; ``load(file:environment:overrides:)`` is the usual way in.
    ///
    /// - Parameters:
    ///   - yaml: The file's contents.
    ///   - path: The name to use in error sentences.
    /// - Throws: ``ConfigurationError`` as ``load(file:environment:overrides:)`` does.
    static func parse(yaml: String, path: String = "petri.yaml") throws(ConfigurationError)
        -> ServerConfiguration
    {
        try merging(ConfigurationFile.entries(yaml: yaml, path: path))
    }

    /// Applies entries in order over the defaults, remembering where each final value came from, and validates.
    private static func merging(_ entries: [ConfigurationEntry]) throws(ConfigurationError) -> ServerConfiguration {
        var configuration = ServerConfiguration()
        var sources: [String: ConfigurationSource] = [:]
        for entry in entries {
            guard let setting = ConfigurationSetting.named(entry.path) else { continue }
            guard setting.write(&configuration, entry.value) else {
                throw setting.invalid(entry.value, in: configuration, from: entry.source)
            }
            sources[entry.path] = entry.source
        }
        try configuration.validate(sources: sources)
        return configuration
    }
}

extension ServerConfiguration {
    /// Every setting's environment variable, keyed by YAML path
    /// (`"websocket.maxMessageBytes": "PETRI_WEBSOCKET_MAX_MESSAGE_BYTES"`).
    package static var environmentVariables: [String: String] {
        Dictionary(uniqueKeysWithValues: ConfigurationSetting.all.map { ($0.path, $0.environmentVariable) })
    }
}
