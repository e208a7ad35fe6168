import ArgumentParser
import PetriBenchmarks

struct BenchCamouflage: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "camouflage",
        abstract:
            "Step a camouflage population of about P creatures; report generations and creature-updates per second."
    )

    @Option(help: "Creatures to hold steady (the crowding coefficient is derived to hold it).")
    var population = 10_000
    @Option(help: "Timed generations.")
    var generations = 2_000
    @Option(help: "Random seed, for a repeatable run.")
    var seed: UInt64 = 1

    func validate() throws {
        try CamouflageBenchmark.check(population: population)
        guard (1...1_000_000).contains(generations) else {
            throw ValidationError("--generations must be between 1 and 1000000, but was \(generations).")
        }
    }

    func run() async throws {
        let result = CamouflageBenchmark(population: population, generations: generations, seed: seed).run()
        print(MachineInfo.current.line)
        for line in result.humanLines { print(line) }
        print(MachineInfo.current.annotating(result.jsonLine))
    }
}
