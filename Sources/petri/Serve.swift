import ArgumentParser

struct Serve: AsyncParsableCommand {
    static let configuration = CommandConfiguration(abstract: "Run the Petri server.")
    func run() async throws {}
}
