import ArgumentParser
import Foundation

/// `petri-bench`: Petri's benchmarks, their load generators and floors, and the store's crash probe,
/// in a program of their own so that `petri` (and its container image) carries only the product.
@main
struct PetriBench: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "petri-bench",
        abstract: "Measure Petri's performance on this machine (build with -c release first).",
        discussion: """
            Each benchmark prints human-readable lines and ends with one JSON line of its figures.
            Example: swift build -c release && .build/release/petri-bench transport --clients 1000
            """,
        subcommands: [
            BenchTransport.self, BenchTransportClients.self, BenchTransportFloor.self, BenchClass.self,
            BenchClassStudents.self, BenchSchool.self, BenchSchoolStudents.self, BenchAnswerFloor.self,
            BenchStormStudents.self, BenchHunt.self, BenchHuntStudents.self, BenchLife.self,
            BenchCamouflage.self, BenchStore.self,
            BenchReplicates.self, BenchOnLock.self, BenchMakeup.self, BenchMakeupStudents.self,
            BenchCluster.self,
            BenchMemory.self, BenchMemoryStudents.self,
            BenchSlowReaders.self,
            StoreCrashProbeCommand.self,
        ]
    )
}

/// Reads this process's resident memory in bytes from /proc/self/status.
func residentBytes() -> Int {
    guard let status = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8),
        let line = status.split(separator: "\n").first(where: { $0.hasPrefix("VmRSS:") })
    else { return 0 }
    let kb = line.split(separator: " ").compactMap { Int($0) }.first ?? 0
    return kb * 1024
}

/// The value at quantile `q` (0...1) of `values`, nearest-rank.
func quantile(_ values: [Double], _ q: Double) -> Double {
    guard !values.isEmpty else { return 0 }
    let sorted = values.sorted()
    let rank = Int((q * Double(sorted.count)).rounded(.up)) - 1
    return sorted[min(max(rank, 0), sorted.count - 1)]
}

/// One line on standard output, unbuffered, so the benchmark driving this process sees it at once.
func say(_ line: String) {
    FileHandle.standardOutput.write(Data((line + "\n").utf8))
}
