import ArgumentParser
import Foundation
import PetriLoad
import Synchronization

/// The students behind `petri-bench memory`: N connections that join only when told, so the
/// server's memory can be read between the layers. Internal; started by the parent.
///
/// Standard input drives it, one word a line: `ping` sends every connection a `ping` (it answers
/// `ponged` once every `pong` is back), `join` sends every student's `join` (it answers `joined`
/// once all are welcomed), `leave` closes every connection and ends the process.
struct BenchMemoryStudents: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "memory-students",
        abstract: "Load generator for `petri-bench memory` (started by it; not for direct use).",
        shouldDisplay: false
    )

    @OptionGroup var options: StudentProcessOptions

    func run() throws {
        let (host, port) = try options.server.address()
        let students = options.students
        let load = try EpollLoadClients(host: host, port: port, count: students)
        say("ready")
        guard readLine() == "ping" else { return }
        for i in 0..<students { load.send(text: Array(#"{"type":"ping"}"#.utf8), to: i) }
        var ponged = 0
        load.run(until: { ponged == students }) { _, bytes in
            if ScannedMessage.type(of: bytes) == "pong" { ponged += 1 }
        }
        say("ponged")
        guard readLine() == "join" else { return }
        for i in 0..<students { load.send(text: options.join(i), to: i) }
        // `leave` arrives while the loop runs: a thread of its own waits for it.
        let leaving = LeaveFlag()
        Thread.detachNewThread {
            while let line = readLine(), line != "leave" {}
            leaving.raised.store(true, ordering: .relaxed)
        }
        var welcomed = 0
        load.run(until: { leaving.raised.load(ordering: .relaxed) }) { _, bytes in
            switch ScannedMessage.type(of: bytes) {
            case "welcome":
                welcomed += 1
                if welcomed == students { say("joined") }
            case "error":
                say("error \(String(decoding: bytes, as: UTF8.self))")
            default:
                break
            }
        }
        // Returning closes every connection (the load generator's deinit), then the process ends.
    }

    private func say(_ line: String) { FileHandle.standardOutput.write(Data((line + "\n").utf8)) }
}

/// Raised once by the stdin thread, read by the load loop.
private final class LeaveFlag: Sendable {
    let raised = Atomic<Bool>(false)
}
