import Foundation
import Testing

/// The two programs: `petri` is only the product (serve, join, teach, config, store); the benchmarks,
/// their load generators and floors, and the store's crash probe are `petri-bench`'s.
@Suite struct ProgramsTests {
    /// What `petri-bench --help` lists.
    static let benchmarks = [
        "transport", "class", "school", "life", "camouflage", "storage", "replicates", "onlock", "makeup", "cluster",
        "memory", "slow-readers", "hunt",
    ]
    /// What `petri-bench` runs as its own child processes (and the crash test runs), not listed.
    static let children = [
        "transport-clients", "transport-floor", "class-students", "answer-floor", "class-storm-students",
        "memory-students", "school-students", "store-crash-probe", "hunt-students",
    ]

    @Test func petriListsOnlyTheProductsCommandsAndRunsNoBenchmark() async throws {
        let petri = try #require(petriExecutable(), "build the petri executable first (swift build)")
        // When `petri --help` is asked
        let (status, output) = try await Self.run(petri, ["--help"])

        // Then it lists the product's commands and no benchmark
        #expect(status == 0)
        let listed = Self.subcommands(in: output)
        #expect(Set(["serve", "join", "teach", "config", "store"]).isSubset(of: listed), "\(listed)")
        #expect(!listed.contains("bench"), "\(listed)")
        #expect(listed.isDisjoint(with: Self.benchmarks + Self.children), "\(listed)")
        // And neither a benchmark nor a hidden child command runs in it: each is an unexpected argument
        let scratch = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: scratch) }
        for command in [
            ["bench", "life", "--size", "8"], ["life", "--size", "8"], ["store-crash-probe", scratch + "/data", "1"],
            ["transport-clients"],
        ] {
            #expect(try await Self.run(petri, command).status == 64, "petri \(command) ran")
        }
    }

    @Test func petriBenchListsEveryBenchmarkAndEachHasHelp() async throws {
        let bench = try #require(petriBenchExecutable(), "build the petri-bench executable first (swift build)")
        // When `petri-bench --help` is asked
        let (status, output) = try await Self.run(bench, ["--help"])

        // Then it lists every benchmark, and its child processes' commands stay hidden
        #expect(status == 0)
        #expect(Self.subcommands(in: output) == Set(Self.benchmarks))
        // And every one of them, listed or not, answers --help with its usage
        for command in Self.benchmarks + Self.children {
            let (status, output) = try await Self.run(bench, [command, "--help"])
            #expect(status == 0, "petri-bench \(command) --help")
            #expect(output.contains { $0.hasPrefix("USAGE: petri-bench \(command)") }, "\(command): \(output)")
        }
    }

    @Test func teachNewRefusesARankingItDoesNotKnowAndNamesTheTwo() async throws {
        let petri = try #require(petriExecutable(), "build the petri executable first (swift build)")
        // When a lesson is asked to rank by something other than points or expected points
        let (status, output) = try await Self.run(
            petri, ["teach", "new", "camouflage", "--key", "k", "--rank-by", "luck"], withStandardError: true)

        // Then nothing starts, and the sentence says what the option takes
        #expect(status == 64)
        #expect(
            output.contains { $0.contains("--rank-by must be points") && $0.contains("but was luck.") },
            "\(output)")
    }

    @Test func teachNewRefusesAMakeupRankingItDoesNotKnowAndNamesTheTwo() async throws {
        let petri = try #require(petriExecutable(), "build the petri executable first (swift build)")
        // When a lesson is asked to rank make-up students somewhere other than apart or with the class
        let (status, output) = try await Self.run(
            petri, ["teach", "new", "camouflage", "--key", "k", "--makeup-ranking", "first"], withStandardError: true)

        // Then nothing starts, and the sentence says what the option takes
        #expect(status == 64)
        #expect(
            output.contains { $0.contains("--makeup-ranking must be apart") && $0.contains("but was first.") },
            "\(output)")
    }

    @Test func onlockTimesTheLocksReplicatesAndTheStepsWithAndWithoutThem() async throws {
        let bench = try #require(petriBenchExecutable(), "build the petri-bench executable first (swift build)")
        // When the onLock benchmark runs two trait models at a tiny size
        let (status, output) = try await Self.run(
            bench,
            [
                "onlock", "--models", "camouflage,mice", "--population", "40", "--horizon", "2", "--warmup", "1",
                "--steps", "10",
            ], within: 60)

        // Then it ends well with the machine line and one JSON line naming what each figure measures, per model
        #expect(status == 0, "\(output)")
        #expect(output.contains { $0.hasPrefix("machine: ") }, "\(output)")
        let json = try #require(output.last { $0.hasPrefix("{\"benchmark\":\"onlock\"") }, "\(output)")
        for field in [
            "\"replicates\":100", "\"horizon\":2", "\"model\":\"camouflage\"", "\"model\":\"mice\"",
            "\"replicatesSeconds\":", "\"stepP99MsQuiet\":", "\"stepP99MsWithReplicates\":", "\"locks\":",
        ] {
            #expect(json.contains(field), "\(field) in \(json)")
        }
        // And a wrong model is refused with the list of the trait models
        let (refused, _) = try await Self.run(bench, ["onlock", "--models", "life"])
        #expect(refused == 64)
    }

    /// Runs `executable` with `arguments` to its end; its exit status and standard output's lines (with the
    /// standard error's too when `withStandardError`).
    static func run(
        _ executable: URL, _ arguments: [String], withStandardError: Bool = false, within seconds: Double = 10
    ) async throws -> (status: Int32?, output: [String]) {
        let child = try PetriProcess(arguments, executable: executable, withStandardError: withStandardError)
        var output: [String] = []
        for await line in child.lines { output.append(line) }
        return (await child.waitForExit(within: seconds), output)
    }

    /// The names a help text's SUBCOMMANDS section lists: the first word of each of its lines indented
    /// by two spaces (a wrapped abstract continues further in).
    static func subcommands(in help: [String]) -> Set<String> {
        guard let start = help.firstIndex(of: "SUBCOMMANDS:") else { return [] }
        let section = help[(start + 1)...].prefix { !$0.trimmingCharacters(in: .whitespaces).isEmpty }
        let names = section.filter { $0.hasPrefix("  ") && !$0.hasPrefix("   ") }
        return Set(names.compactMap { $0.split(separator: " ").first.map(String.init) })
    }
}
