import ArgumentParser
import Foundation
import PetriLoad
import PetriTransport
import Synchronization

/// The load generator behind `petri-bench transport`: N connections in this process that
/// report, for each round, when the last of them received it. Internal; started by the parent.
struct BenchTransportClients: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "transport-clients",
        abstract: "Load generator for `petri-bench transport` (started by it; not for direct use).",
        shouldDisplay: false
    )

    @OptionGroup var server: ServerURLOption
    @Option(help: "Number of connections to open.")
    var clients: Int

    func run() throws {
        let (host, port) = try server.address()
        let tally = RoundTally(clients: clients)
        let load = try EpollLoadClients(host: host, port: port, path: "/", count: clients)
        FileHandle.standardOutput.write(Data("ready\n".utf8))
        // Runs until the parent terminates us (or closes our stdin).
        load.run(until: { false }, onMessage: { _, bytes in tally.received(bytes) })
    }
}

/// Counts receipts per round on the client's service thread; prints "round lastReceiptNs"
/// when every client has a round.
final class RoundTally: Sendable {
    private let clients: Int
    private let counts = Mutex<[Int: Int]>([:])

    init(clients: Int) { self.clients = clients }

    func received(_ bytes: UnsafeRawBufferPointer) {
        let now = monotonicNanoseconds()
        var round = 0
        for b in bytes {
            guard b >= 48 && b <= 57 else { break }
            round = round * 10 + Int(b - 48)
        }
        let complete = counts.withLock { c -> Bool in
            let n = c[round, default: 0] + 1
            if n == clients {
                c[round] = nil
                return true
            }
            c[round] = n
            return false
        }
        if complete { FileHandle.standardOutput.write(Data("\(round) \(now)\n".utf8)) }
    }
}
