import ArgumentParser
import Foundation
import PetriBenchmarks
import PetriHub
import PetriProtocol
import PetriServer
import PetriSimulation
import PetriTransport
import PetriWebSocket

/// `petri-bench hunt`: a class hunting the moths (PROTOCOL.md 5.8) against a real server, measured from outside.
///
/// The server runs here (a camouflage lesson with `selection: class`, stored as `petri serve` stores it); the
/// teacher and the students run in a child process (`petri-bench hunt-students`, the epoll load generator of the
/// class benchmarks), which reads every time itself. After the joins the teacher steps a few quiet generations
/// (the same run's reference), then runs the rounds: every student catches `--catches` creatures, the class's
/// catches spread evenly over `--spread-ms` (one second by default), aimed at half the round's creatures (so some are
/// refused as already eaten once the class sends more than that), student 0 keeping one back so each round ends
/// when its time is up. It reports how long each catch took to be answered (accepted or refused), how long each
/// eaten creature took to be gone from every student's screen, how late the last student heard the round end, and
/// the step that ends a round (its time up → the last student's snapshot of the next generation) against a quiet
/// step (the teacher's step → the last student's snapshot).
struct BenchHunt: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "hunt",
        abstract:
            "A class hunting (students in a separate process): catch answer time, eaten-on-every-screen time, round end, the round's step against a quiet one."
    )

    @Option(help: "Students in the class.") var students = 1000
    @Option(help: "Hunt rounds, one after another.") var rounds = 3
    @Option(help: "Catches per student in a round (1...20).") var catches = 3
    @Option(help: "Each round's length in seconds (3...120).") var seconds = 5
    @Option(help: "The class's catches are spread evenly over this many milliseconds from the round's start.")
    var spreadMs = 1000
    @Option(help: "Creatures in the lesson (the round shows them all).") var population = 1000
    @Option(help: "Quiet steps before the rounds (the same run's reference).") var quietSteps = 20
    @Option(help: "Connections opened per second while the class joins.") var joinRate = 2000.0
    @Flag(help: "Keep the lesson in memory instead of SQLite (the default stores it as `petri serve` does).")
    var inMemory = false

    func validate() throws {
        guard (1...19_000).contains(students) else {
            throw ValidationError("--students must be between 1 and 19000, but was \(students).")
        }
        guard (1...100).contains(rounds) else {
            throw ValidationError("--rounds must be between 1 and 100, but was \(rounds).")
        }
        guard (1...20).contains(catches) else {
            throw ValidationError("--catches must be between 1 and 20, but was \(catches).")
        }
        guard (3...120).contains(seconds) else {
            throw ValidationError("--seconds must be between 3 and 120, but was \(seconds).")
        }
        guard (0...60_000).contains(spreadMs), spreadMs < seconds * 1000 else {
            throw ValidationError(
                "--spread-ms must be between 0 and 60000 and shorter than the round (\(seconds * 1000) ms), but was \(spreadMs)."
            )
        }
        try CamouflageBenchmark.check(population: population)
        guard (1...10_000).contains(quietSteps) else {
            throw ValidationError("--quiet-steps must be between 1 and 10000, but was \(quietSteps).")
        }
        guard joinRate >= 1, joinRate <= 100_000 else {
            throw ValidationError("--join-rate must be between 1 and 100000 per second, but was \(joinRate).")
        }
    }

    func run() async throws {
        say(MachineInfo.current.line)
        let server = try await WebSocketServer.start(.benchmark(roomyQueues: true))
        let key = TeacherKey.generate()
        let scratch = try BenchScratchStorage(inMemory: inMemory)
        defer { scratch.remove() }
        let hub = Hub(
            transport: server, storage: scratch.storage, clock: SystemClock(), teacherKey: key,
            configuration: .benchmark)
        let serving = Task { await hub.serve(connections: server.connections) }
        let trimming = Task { await MemoryTrim.run() }
        defer { trimming.cancel() }
        let url = "ws://127.0.0.1:\(server.port)/"

        let creator = try await BenchPeer.connect(to: url)
        let parameters = try JSONValue(
            encoding: CamouflageBenchmark(population: population, generations: 1, seed: 1).parameters())
        var options = LessonOptions()
        options.selection = .class
        try creator.send(
            .create(teacherKey: key, model: .camouflage, parameters: parameters, seed: 1, options: options))
        let (code, token) = try await creator.expectReply {
            if case .created(let c, let t) = $0 { (c, t) } else { nil }
        }
        creator.close()

        let serverCPU = cpuSeconds()
        let child = Process()
        child.executableURL = URL(fileURLWithPath: "/proc/self/exe")
        child.arguments = [
            "hunt-students", "--url", url, "--code", code.text, "--token=\(token.secret)",
            "--students", String(students), "--rate", String(joinRate), "--quiet-steps", String(quietSteps),
            "--rounds", String(rounds), "--catches", String(catches), "--seconds", String(seconds),
            "--spread-ms", String(spreadMs),
        ]
        let pipe = Pipe()
        child.standardOutput = pipe
        try child.run()

        var figures = HuntFigures()
        for await line in lines(of: pipe.fileHandleForReading) {
            let fields = line.split(separator: " ")
            if fields.first == "error" {
                FileHandle.standardError.write(Data("students: \(line)\n".utf8))
            } else if fields.first == "joined", fields.count > 1 {
                let seconds = Double(fields[1]).map { $0 / 1e9 } ?? 0
                say("\(students) students welcomed in \(fixed(seconds, 3)) s")
            } else {
                figures.read(fields)
            }
            if fields.first == "done" { break }
        }
        child.waitUntilExit()
        figures.serverCPUSeconds = cpuSeconds() - serverCPU
        await hub.stopAll()
        await server.shutdown()
        await serving.value

        guard figures.rounds == rounds, !figures.quiet.isEmpty else {
            throw ValidationError(
                "The student process ended after \(figures.rounds) of \(rounds) rounds and \(figures.quiet.count) quiet steps."
            )
        }
        for line in figures.summary(students: students, rounds: rounds) { say(line) }
        say(
            MachineInfo.current.annotating(
                figures.json(
                    storage: inMemory ? "memory" : "sqlite", students: students, population: population,
                    catches: catches, seconds: seconds, spreadMs: spreadMs)))
    }
}

/// What the student process reported, gathered.
struct HuntFigures {
    var quiet: [Double] = []
    var quietMissing = 0
    var catchAnswers: [Double] = []
    var accepted = 0
    var refused = 0
    var unanswered = 0
    var eaten: [Double] = []
    var eatenNeverShown = 0
    var roundEndLate: [Double] = []
    var roundShown: [Double] = []
    var huntSteps: [Double] = []
    var huntStepMissing = 0
    var rounds = 0
    var serverCPUSeconds = 0.0
    var loadGeneratorCPUSeconds = 0.0

    /// Folds in one line of the student process (times in ns, kept in ms).
    mutating func read(_ fields: [Substring]) {
        let number = { (i: Int) in fields.count > i ? Double(fields[i]) : nil }
        switch fields.first {
        case "quiet":
            if let ns = number(1) { quiet.append(ns / 1e6) }
            quietMissing += Int(number(2) ?? 0)
        case "catch":
            if let ns = number(1) { catchAnswers.append(ns / 1e6) }
            if fields.count > 2, fields[2] == "accepted" { accepted += 1 } else { refused += 1 }
        case "shown":
            if let ns = number(1) { roundShown.append(ns / 1e6) }
        case "cpu":
            loadGeneratorCPUSeconds = number(1) ?? 0
        case "unanswered":
            unanswered += Int(number(1) ?? 0)
        case "eaten":
            if let ns = number(1), ns >= 0 { eaten.append(ns / 1e6) } else { eatenNeverShown += 1 }
        case "roundEnd":
            rounds += 1
            if let late = number(1) { roundEndLate.append(late / 1e6) }
            if let step = number(2) { huntSteps.append(step / 1e6) }
            huntStepMissing += Int(number(3) ?? 0)
        default:
            break
        }
    }

    var ratio: Double {
        let quietP99 = quantile(quiet, 0.99)
        return quietP99 > 0 ? quantile(huntSteps, 0.99) / quietP99 : 0
    }

    func summary(students: Int, rounds: Int) -> [String] {
        var lines = [
            "catches answered: \(accepted) accepted, \(refused) refused, \(unanswered) unanswered, over \(rounds) rounds; sent → answered p50 \(fixed(quantile(catchAnswers, 0.5))) ms, p99 \(fixed(quantile(catchAnswers, 0.99))) ms, max \(fixed(catchAnswers.max() ?? 0)) ms",
            "eaten creature gone from all \(students) screens (its catch sent → the last student's caught): p50 \(fixed(quantile(eaten, 0.5))) ms, p99 \(fixed(quantile(eaten, 0.99))) ms, max \(fixed(eaten.max() ?? 0)) ms",
            "round start: the last student's huntStarted came \(fixed(roundShown.max() ?? 0)) ms after the teacher's startHunt at worst",
            "round end: the last student heard it \(fixed(roundEndLate.max() ?? 0)) ms after its endsAt at worst (rounds: \(roundEndLate.map { fixed($0, 1) }.joined(separator: ", ")) ms)",
            "the round's step (time up → last student's snapshot): p99 \(fixed(quantile(huntSteps, 0.99))) ms; quiet step (teacher's step → last student's snapshot, \(quiet.count) steps): p50 \(fixed(quantile(quiet, 0.5))) ms, p99 \(fixed(quantile(quiet, 0.99))) ms; ratio \(fixed(ratio))×",
        ]
        lines.append(
            "CPU time from the joins to the end: server \(fixed(serverCPUSeconds)) s, load generator \(fixed(loadGeneratorCPUSeconds)) s"
        )
        if eatenNeverShown > 0 { lines.append("WARNING: \(eatenNeverShown) eaten creatures never left some screen") }
        if quietMissing + huntStepMissing > 0 {
            lines.append("WARNING: \(quietMissing + huntStepMissing) snapshots never reached a student")
        }
        return lines
    }

    func json(storage: String, students: Int, population: Int, catches: Int, seconds: Int, spreadMs: Int) -> String {
        #"{"benchmark":"hunt","storage":"\#(storage)","students":\#(students),"population":\#(population),"rounds":\#(rounds),"catchesPerStudent":\#(catches),"roundSeconds":\#(seconds),"spreadMs":\#(spreadMs),"catchesAccepted":\#(accepted),"catchesRefused":\#(refused),"catchesUnanswered":\#(unanswered),"catchP50Ms":\#(fixed(quantile(catchAnswers, 0.5), 3)),"catchP99Ms":\#(fixed(quantile(catchAnswers, 0.99), 3)),"eatenP50Ms":\#(fixed(quantile(eaten, 0.5), 3)),"eatenP99Ms":\#(fixed(quantile(eaten, 0.99), 3)),"eatenNeverShown":\#(eatenNeverShown),"roundShownMaxMs":\#(fixed(roundShown.max() ?? 0, 3)),"roundEndLateMs":\#(fixed(roundEndLate.max() ?? 0, 3)),"huntStepP99Ms":\#(fixed(quantile(huntSteps, 0.99), 3)),"quietStepP50Ms":\#(fixed(quantile(quiet, 0.5), 3)),"quietStepP99Ms":\#(fixed(quantile(quiet, 0.99), 3)),"stepP99RatioToQuiet":\#(fixed(ratio, 3)),"missedSnapshots":\#(quietMissing + huntStepMissing),"serverCpuSeconds":\#(fixed(serverCPUSeconds, 3)),"loadGeneratorCpuSeconds":\#(fixed(loadGeneratorCPUSeconds, 3))}"#
    }
}
