import ArgumentParser
import Foundation
import PetriSimulation
import PetriWords

/// `petri model`: work with trait model files (Sources/PetriSimulation/MODELS-FORMAT.md).
struct ModelCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "model",
        abstract: CommandWords.text("cli.model.abstract"),
        subcommands: [Check.self]
    )

    /// `petri model check FILE`: every mistake in a model file, each with its line and what to do.
    struct Check: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: CommandWords.text("cli.model.check.abstract"),
            discussion: CommandWords.text("cli.model.check.discussion")
        )

        @Argument(help: CommandHelp.text("cli.model.check.file"))
        var file: String

        func run() throws {
            guard let data = FileManager.default.contents(atPath: file) else {
                FileHandle.standardError.write(
                    Data((CommandWords.text("cli.common.cannotRead", ["file": .text(file)]) + "\n").utf8))
                throw ExitCode.failure
            }
            let problems = TraitModelFile.check(String(decoding: data, as: UTF8.self))
            guard problems.isEmpty else {
                let lines = problems.map { "\(file):\($0.line): \($0.sentence)\n" }.joined()
                FileHandle.standardError.write(Data(lines.utf8))
                throw ExitCode.failure
            }
            print(CommandWords.text("cli.model.check.valid", ["file": .text(file)]))
        }
    }
}
