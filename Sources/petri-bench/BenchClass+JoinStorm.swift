import ArgumentParser
import Foundation
import PetriBenchmarks
import PetriHub
import PetriProtocol
import PetriServer
import PetriSimulation
import PetriTransport
import PetriWebSocket

extension BenchClass {
    /// `--join-storm`: students join at a steady rate while the teacher steps every interval.
    ///
    /// The server runs here; the teacher and the students run in a child process
    /// (`petri-bench class-storm-students`), which sends the steps itself so that a step's time
    /// and its arrivals come from one clock. Each step's latency is the time until the last
    /// student who had been welcomed before it was sent got its snapshot; steps sent before the
    /// last welcome are "during the storm", the ones after it the same run's reference.
    func runJoinStorm() async throws {
        let server = try await WebSocketServer.start(.benchmark(roomyQueues: true))
        let key = TeacherKey.generate()
        let scratch = try BenchScratchStorage(inMemory: inMemory)
        defer { scratch.remove() }
        let hub = Hub(
            transport: server, storage: scratch.storage, clock: SystemClock(), teacherKey: key,
            configuration: .benchmark)
        let serving = Task {
            await hub.serve(connections: server.connections)
        }
        // As `petri serve` does: what the join storm freed goes back to the system once it is over.
        let trimming = Task { await MemoryTrim.run() }
        defer { trimming.cancel() }
        let url = "ws://127.0.0.1:\(server.port)/"

        let creator = try await BenchPeer.connect(to: url)
        let parameters = try JSONValue(
            encoding: CamouflageBenchmark(population: population, generations: 1, seed: 1).parameters())
        try creator.send(.create(teacherKey: key, model: .camouflage, parameters: parameters, seed: 1, options: nil))
        let (code, token) = try await creator.expectReply {
            if case .created(let c, let t) = $0 { (c, t) } else { nil }
        }
        creator.close()
        let baseline = residentBytes()

        let child = Process()
        child.executableURL = URL(fileURLWithPath: "/proc/self/exe")
        child.arguments = [
            "class-storm-students", "--url", url, "--code", code.text, "--token=\(token.secret)",
            "--students", String(studentCount), "--rate", String(joinRate), "--step-interval", String(stepInterval),
            "--quiet-steps", String(quietSteps), "--questions", "3",
        ]
        let pipe = Pipe()
        child.standardOutput = pipe
        try child.run()

        var started: UInt64 = 0
        var joinSeconds = 0.0
        var memoryPerStudent = 0.0
        var answerRates: [Double] = []
        var storm: [Double] = []
        var quiet: [Double] = []
        var missing = 0
        for await line in lines(of: pipe.fileHandleForReading) {
            let fields = line.split(separator: " ")
            switch fields.first {
            case "started": started = fields.count > 1 ? UInt64(fields[1]) ?? 0 : 0
            case "joined":
                let at = fields.count > 1 ? UInt64(fields[1]) ?? 0 : 0
                joinSeconds = Double(at &- started) / 1e9
                memoryPerStudent = Double(residentBytes() - baseline) / Double(studentCount)
                say(
                    "\(studentCount) students welcomed \(fixed(joinSeconds, 3)) s after the first connection (\(fixed(joinRate, 0))/s); server memory \(fixed(memoryPerStudent / 1024)) KiB per student"
                )
            case "answered":
                if fields.count > 1, let ns = Double(fields[1]), ns > 0 {
                    answerRates.append(Double(studentCount) / ns * 1e9)
                }
            case "latency":
                guard fields.count == 6, let joined = Int(fields[3]), joined > 0, let worst = Double(fields[4]),
                    let lost = Int(fields[5])
                else { continue }
                missing += lost
                if fields[2] == "storm" { storm.append(worst / 1e6) } else { quiet.append(worst / 1e6) }
            case "error":
                FileHandle.standardError.write(Data("students: \(line)\n".utf8))
            default:
                break
            }
            if fields.first == "done" { break }
        }
        child.waitUntilExit()
        await hub.stopAll()
        await server.shutdown()
        await serving.value

        guard !quiet.isEmpty else { throw ValidationError("The storm run ended before any step after the joins.") }
        let answersPerSecond = answerRates.isEmpty ? 0 : quantile(answerRates, 0.5)
        let (stormP50, stormP99) = (quantile(storm, 0.5), quantile(storm, 0.99))
        let (quietP50, quietP99) = (quantile(quiet, 0.5), quantile(quiet, 0.99))
        let ratio = quietP99 > 0 ? stormP99 / quietP99 : 0
        say(
            "step → last joined student's snapshot during the storm (\(storm.count) steps): p50 \(fixed(stormP50)) ms, p99 \(fixed(stormP99)) ms"
        )
        say(
            "same run, after the storm (\(quiet.count) steps): p50 \(fixed(quietP50)) ms, p99 \(fixed(quietP99)) ms; storm/quiet p99 \(fixed(ratio))×"
        )
        if missing > 0 { say("WARNING: \(missing) snapshots never reached students who had joined before their step") }
        say("answers: \(fixed(answersPerSecond, 0)) per second (median over \(answerRates.count) questions)")
        say(
            MachineInfo.current.annotating(
                #"{"benchmark":"class-join-storm","storage":"\#(inMemory ? "memory" : "sqlite")","students":\#(studentCount),"joinRate":\#(Int(joinRate)),"stepIntervalMs":\#(stepInterval),"welcomeSeconds":\#(fixed(joinSeconds, 3)),"stormSteps":\#(storm.count),"stormP50Ms":\#(fixed(stormP50, 3)),"stormP99Ms":\#(fixed(stormP99, 3)),"quietSteps":\#(quiet.count),"quietP50Ms":\#(fixed(quietP50, 3)),"quietP99Ms":\#(fixed(quietP99, 3)),"stormToQuietP99":\#(fixed(ratio, 3)),"missedSnapshots":\#(missing),"answersPerSecond":\#(Int(answersPerSecond)),"bytesPerStudent":\#(Int(memoryPerStudent))}"#
            )
        )
    }
}
