import ArgumentParser
import Foundation
import PetriServer

/// `petri config`: work with configuration files.
struct ConfigCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "config",
        abstract: "Work with Petri configuration files.",
        subcommands: [Check.self]
    )

    /// `petri config check [FILE]`: validates a configuration the way `petri serve` would, without starting.
    struct Check: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Check a configuration file without starting the server.",
            discussion: """
                Reads FILE as `petri serve --config FILE` would, together with any PETRI_... environment \
                variables, and prints a short summary (the teacher key is never shown). On the first problem it \
                prints one sentence saying what to fix and exits with status 1.

                Without FILE it checks $PETRI_CONFIG if set, else /etc/petri/petri.yaml if it exists, else \
                Config/petri.yaml (the documented defaults in a source checkout).
                """
        )

        @Argument(help: "The YAML file to check (default: $PETRI_CONFIG, /etc/petri/petri.yaml or Config/petri.yaml).")
        var file: String?

        @Flag(help: "Check the file alone, ignoring PETRI_... environment variables.")
        var ignoreEnvironment = false

        @Flag(help: "Print every setting instead of the summary (the teacher key stays hidden).")
        var all = false

        func run() throws {
            var environment = ignoreEnvironment ? [:] : ProcessInfo.processInfo.environment
            let path =
                file ?? environment["PETRI_CONFIG"].flatMap { $0.isEmpty ? nil : $0 }
                ?? ServerConfiguration.defaultFile() ?? ServerConfiguration.systemFile
            // The file being checked is `path`, whatever PETRI_CONFIG says.
            environment["PETRI_CONFIG"] = nil
            let configuration: ServerConfiguration
            do {
                configuration = try ServerConfiguration.load(
                    file: path, environment: environment, overrides: ConfigurationOverrides())
            } catch {
                FileHandle.standardError.write(Data((error.message + "\n").utf8))
                throw ExitCode.failure
            }
            print("\(path) is valid.")
            let applied = ServerConfiguration.environmentVariables.values
                .filter { !(environment[$0]?.isEmpty ?? true) }.sorted()
            if !applied.isEmpty {
                print("Environment variables applied over the file: \(applied.joined(separator: ", ")).")
            }
            let details = all ? configuration.description : configuration.summary
            print(details.split(separator: "\n").map { "  " + $0 }.joined(separator: "\n"))
        }
    }
}
