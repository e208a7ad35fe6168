import ArgumentParser
import Foundation
import PetriServer
import PetriWords

/// `petri config`: work with configuration files.
struct ConfigCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "config",
        abstract: CommandWords.text("cli.config.abstract"),
        subcommands: [Check.self]
    )

    /// `petri config check [FILE]`: validates a configuration the way `petri serve` would, without starting.
    struct Check: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: CommandWords.text("cli.config.check.abstract"),
            discussion: CommandWords.text("cli.config.check.discussion")
        )

        @Argument(help: CommandHelp.text("cli.config.check.file"))
        var file: String?

        @Flag(help: CommandHelp.text("cli.config.check.ignoreEnvironment"))
        var ignoreEnvironment = false

        @Flag(help: CommandHelp.text("cli.config.check.all"))
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
                FileHandle.standardError.write(Data((error.message(in: CommandWords.language) + "\n").utf8))
                throw ExitCode.failure
            }
            print(CommandWords.text("cli.config.check.valid", ["file": .text(path)]))
            let applied = ServerConfiguration.environmentVariables.values
                .filter { !(environment[$0]?.isEmpty ?? true) }.sorted()
            if !applied.isEmpty {
                print(
                    CommandWords.text(
                        "cli.config.check.environment", ["names": .text(applied.joined(separator: ", "))]))
            }
            let details = all ? configuration.description : configuration.summary
            print(details.split(separator: "\n").map { "  " + $0 }.joined(separator: "\n"))
        }
    }
}
