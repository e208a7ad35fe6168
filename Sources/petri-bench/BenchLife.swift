import ArgumentParser
import PetriBenchmarks
import PetriSimulation

extension LifeVectorUnit: ExpressibleByArgument {}

struct BenchLife: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "life",
        abstract:
            "Step a random N×N Life board; report generations and cell-updates per second against a plain reference."
    )

    @Option(help: "Board side in cells.")
    var size = 1024
    @Option(help: "Timed generations of the bit-packed engine.")
    var generations = 2_000
    @Option(help: "Fraction of cells alive at the start.")
    var density = 0.35
    @Option(help: "Random seed, for a repeatable run.")
    var seed: UInt64 = 1
    @Option(
        help: """
            The bit-packed engine's kernel: avx2 or portable (default: the fastest this CPU has). \
            Force portable to compare with the AVX2 kernel on the same machine.
            """)
    var kernel: LifeVectorUnit = .best

    func validate() throws {
        guard (8...16384).contains(size) else {
            throw ValidationError("--size must be between 8 and 16384, but was \(size).")
        }
        guard (1...1_000_000).contains(generations) else {
            throw ValidationError("--generations must be between 1 and 1000000, but was \(generations).")
        }
        guard (0...1).contains(density) else {
            throw ValidationError("--density must be between 0 and 1, but was \(density).")
        }
        guard kernel.isAvailable else {
            throw ValidationError("--kernel \(kernel.rawValue) needs a CPU with AVX2; this one has none: use portable.")
        }
    }

    func run() async throws {
        print(MachineInfo.current.line)
        let benchmark = LifeBenchmark(
            size: size, generations: generations, density: density, seed: seed, unit: kernel)
        print(benchmark.run().report)
    }
}
