import ArgumentParser
import Foundation

struct Bench: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Measure Petri's performance on this machine (build with -c release first).",
        discussion: """
            Each benchmark prints human-readable lines and ends with one JSON line of its figures.
            Example: swift build -c release && .build/release/petri bench transport --clients 1000
            """,
        subcommands: [
            BenchTransport.self, BenchTransportClients.self, BenchTransportFloor.self, BenchClass.self,
            BenchClassStudents.self, BenchAnswerFloor.self, BenchStormStudents.self, BenchLife.self,
            BenchCamouflage.self,
            BenchReplicates.self,
            BenchCluster.self,
            BenchMemory.self, BenchMemoryStudents.self,
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

/// A number with a fixed count of decimals, for JSON and tables.
func fixed(_ x: Double, _ digits: Int = 2) -> String {
    String(format: "%.\(digits)f", x)
}
