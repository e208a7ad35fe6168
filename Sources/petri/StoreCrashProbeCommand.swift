import ArgumentParser
import PetriStore

/// The child process of the store's crash test: appends actions and prints each one once it
/// is acknowledged, until the test kills it with SIGKILL.
struct StoreCrashProbeCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "store-crash-probe",
        abstract: "Child process of the store's crash test (not for direct use).",
        shouldDisplay: false
    )

    @Argument(help: "The data directory.") var directory: String
    @Argument(help: "How many actions to append.") var count: Int

    func run() throws { try StoreCrashProbe.run(directory: directory, count: count) }
}
