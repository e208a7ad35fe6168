import ArgumentParser

@main
struct Petri: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "petri",
        abstract: CommandWords.text("cli.petri.abstract"),
        subcommands: [
            Serve.self, Join.self, Teach.self, Teachers.self, LTICommand.self, ConfigCommand.self, StoreCommand.self,
            ModelCommand.self,
            PlanCommand.self,
        ]
    )
}
