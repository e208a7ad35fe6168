import ArgumentParser

@main
struct Petri: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "petri",
        abstract: "A classroom sync server: watch evolution live and predict what it does next.",
        subcommands: [
            Serve.self, Join.self, Teach.self, Teachers.self, LTICommand.self, ConfigCommand.self, StoreCommand.self,
            ModelCommand.self,
            PlanCommand.self,
        ]
    )
}
