import ArgumentParser
import Foundation
import PetriLoad

/// The floor behind `petri-bench transport --reference floor`: `EpollFloorServer` in a process of
/// its own. Internal; started by the parent, which reads "port N" and then "ready" from it and
/// writes one round number a line; each line wakes the floor's service thread, which
/// broadcasts that round's frame, built before the rounds start (pre-framed, the same bytes
/// Petri sends for that round).
struct BenchTransportFloor: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "transport-floor",
        abstract: "The floor broadcaster for `petri-bench transport` (started by it; not for direct use).",
        shouldDisplay: false
    )

    @Option(help: "Number of connections to accept.")
    var clients: Int
    @Option(help: "Bytes per broadcast message.")
    var size: Int
    @Option(help: "Rounds, warm-up included.")
    var rounds: Int

    func run() async throws {
        let frames = (0..<rounds).map {
            EpollFloorServer.textFrame(Array(BenchTransport.text(round: $0, size: size).utf8))
        }
        // The floor's service thread reads the round numbers from standard input itself.
        let floor = try EpollFloorServer(expecting: clients, roundsFrom: STDIN_FILENO, frames: frames)
        FileHandle.standardOutput.write(Data("port \(floor.port)\n".utf8))
        try await floor.waitUntilAccepted()
        FileHandle.standardOutput.write(Data("ready\n".utf8))
        await floor.waitUntilStopped()
    }
}
