/// The settings `petri serve` takes as command-line flags; each one set here beats the file and the environment.
///
/// Only everyday settings have flags. The teacher key deliberately has none: command lines are visible to every
/// user of the machine (`ps`), so it comes from the file or `PETRI_TEACHER_KEY`.
///
/// Error sentences name these values by their flag, so `petri serve` should declare them with the spellings
/// in ``Flag``:
///
/// ```swift
/// @Option(name: .customLong("port"), help: "The TCP port to listen on (server.port).") var port: Int?
/// ```
package struct ConfigurationOverrides: Sendable, Hashable {
    /// The flag spellings used in error messages.
    package enum Flag {
        /// `--config FILE`: the YAML file to read.
        static let configFile = "--config"
        /// `--host ADDRESS`: `server.host`.
        static let host = "--host"
        /// `--port N`: `server.port`.
        static let port = "--port"
        /// `--data DIRECTORY`: `data.directory`.
        static let dataDirectory = "--data"
        /// `--models DIRECTORY`: `models.directory`.
        static let modelsDirectory = "--models"
        /// `--log-level LEVEL`: `log.level`.
        static let logLevel = "--log-level"
    }

    /// The configuration file to read; beats `PETRI_CONFIG` and the caller's default file.
    var configFile: String?
    /// `server.host`.
    var host: String?
    /// `server.port`.
    var port: Int?
    /// `data.directory`.
    var dataDirectory: String?
    /// `models.directory`.
    var modelsDirectory: String?
    /// `log.level`, as typed; checked like every other source.
    var logLevel: String?

    /// Overrides for the flags that were given; nil leaves a setting to the layers below.
    package init(
        configFile: String? = nil, host: String? = nil, port: Int? = nil, dataDirectory: String? = nil,
        logLevel: String? = nil, modelsDirectory: String? = nil
    ) {
        self.modelsDirectory = modelsDirectory
        self.configFile = configFile
        self.host = host
        self.port = port
        self.dataDirectory = dataDirectory
        self.logLevel = logLevel
    }

    /// The overrides as raw entries, each naming its flag.
    var entries: [ConfigurationEntry] {
        let given: [(String, String?, String)] = [
            ("server.host", host, Flag.host),
            ("server.port", port.map(String.init), Flag.port),
            ("data.directory", dataDirectory, Flag.dataDirectory),
            ("models.directory", modelsDirectory, Flag.modelsDirectory),
            ("log.level", logLevel, Flag.logLevel),
        ]
        return given.compactMap { path, value, flag in
            value.map { ConfigurationEntry(path: path, value: .scalar($0), source: .flag(flag)) }
        }
    }
}
