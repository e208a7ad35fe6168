import ArgumentParser
import Foundation
import PetriSimulation

/// `petri model`: work with trait model files (Sources/PetriSimulation/MODELS-FORMAT.md).
struct ModelCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "model",
        abstract: "Work with trait model files.",
        subcommands: [Check.self]
    )

    /// `petri model check FILE`: every mistake in a model file, each with its line and what to do.
    struct Check: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Check a trait model file.",
            discussion: """
                Reads FILE as the trait engine would and prints every mistake as FILE:LINE: and one sentence \
                saying what to fix, then exits with status 1; a good file prints that it is valid. The format is \
                in Sources/PetriSimulation/MODELS-FORMAT.md, with the shipped models as examples.
                """
        )

        @Argument(help: "The model file (YAML) to check.")
        var file: String

        func run() throws {
            guard let data = FileManager.default.contents(atPath: file) else {
                FileHandle.standardError.write(Data("Cannot read \(file); check the path and its permissions.\n".utf8))
                throw ExitCode.failure
            }
            let problems = TraitModelFile.check(String(decoding: data, as: UTF8.self))
            guard problems.isEmpty else {
                let lines = problems.map { "\(file):\($0.line): \($0.sentence)\n" }.joined()
                FileHandle.standardError.write(Data(lines.utf8))
                throw ExitCode.failure
            }
            print("\(file) is a valid model file.")
        }
    }
}
