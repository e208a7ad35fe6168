import ArgumentParser
import Foundation
import PetriBenchmarks
import PetriHub
import PetriLesson
import PetriPostgresTesting
import PetriProtocol
import PetriServer
import PetriSimulation
import PetriStorage
import PetriStorePostgres
import PetriTransport
import PetriWebSocket

/// `petri-bench class`: a whole class against a real server.
///
/// The server and the teacher run in this process; the students run in a child process
/// (`petri-bench class-students`, an epoll load generator). Students join, the teacher steps
/// the lesson one generation at a time and asks a question every few generations, and every
/// student answers every question. Both processes read CLOCK_MONOTONIC, so "teacher's step →
/// last student's snapshot" is measured directly. A short auto-run at the end checks that
/// every student gets every generation's stats while the lesson runs by itself.
struct BenchClass: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "class",
        abstract:
            "Run a whole class (students in a separate process); report join time, step latency, answers/s, memory."
    )

    @Option(help: "Students in the class (default 1000, or 10000 with --join-storm).")
    var students: Int?
    @Option(help: "Generations stepped one at a time by the teacher (each one timed).")
    var generations = 100
    @Option(help: "Ask a question every this many generations.")
    var questionEvery = 5
    @Option(help: "Creatures the camouflage lesson holds (its snapshots are what students receive).")
    var population = 1000
    @Flag(
        help:
            "Keep lessons in memory instead of SQLite (the default stores them as `petri serve` does, in a temporary directory)."
    )
    var inMemory = false
    @Flag(help: "Students join at --join-rate while the teacher steps every --step-interval ms (a join storm).")
    var joinStorm = false
    @Option(help: "With --join-storm: connections opened per second.")
    var joinRate = 2000.0
    @Option(help: "With --join-storm: milliseconds between the teacher's steps.")
    var stepInterval = 500
    @Option(help: "With --join-storm: steps after the last welcome (the same run's reference without joins).")
    var quietSteps = 20
    @Option(
        help:
            "floor: after each question and each step, the same number of students answer it again, or receive that generation's messages, from a server with no library, lesson or store (the same run's reference); none: skip it."
    )
    var reference: BenchTransport.Reference = .floor

    /// The class size: `--students`, else 1,000 (10,000 for a join storm).
    var studentCount: Int { students ?? (joinStorm ? 10_000 : 1000) }

    @Option(
        help:
            "sqlite (the default: as `petri serve` stores), or postgres (a private PostgreSQL server started for the run, as a cluster node stores)."
    )
    var store = "sqlite"

    func validate() throws {
        guard ["sqlite", "postgres"].contains(store) else {
            throw ValidationError("--store must be sqlite or postgres, but was \(store).")
        }
        guard (1...19_000).contains(studentCount) else {
            throw ValidationError("--students must be between 1 and 19000, but was \(studentCount).")
        }
        guard joinRate >= 1, joinRate <= 100_000 else {
            throw ValidationError("--join-rate must be between 1 and 100000 per second, but was \(joinRate).")
        }
        guard (10...60_000).contains(stepInterval) else {
            throw ValidationError("--step-interval must be between 10 and 60000 ms, but was \(stepInterval).")
        }
        guard (1...10_000).contains(quietSteps) else {
            throw ValidationError("--quiet-steps must be between 1 and 10000, but was \(quietSteps).")
        }
        guard (1...10_000).contains(generations) else {
            throw ValidationError("--generations must be between 1 and 10000, but was \(generations).")
        }
        guard (1...1000).contains(questionEvery) else {
            throw ValidationError("--question-every must be between 1 and 1000, but was \(questionEvery).")
        }
        try CamouflageBenchmark.check(population: population)
    }

    func run() async throws {
        say(MachineInfo.current.line)
        if joinStorm { return try await runJoinStorm() }
        let students = studentCount
        let server = try await WebSocketServer.start(.benchmark(roomyQueues: true))
        let key = TeacherKey.generate()
        // The server's own storage unless asked otherwise: every step and answer is stored
        // before anyone hears of it.
        let postgres = store == "postgres" && !inMemory ? try await Self.privatePostgres() : nil
        defer { postgres?.close() }
        let scratch = try BenchScratchStorage(inMemory: inMemory || postgres != nil)
        defer { scratch.remove() }
        let storage: any LessonStorage = postgres ?? scratch.storage
        let hub = Hub(
            transport: server, storage: storage, clock: SystemClock(), teacherKey: key, configuration: .benchmark,
            ownership: postgres)
        let serving = Task {
            await hub.serve(connections: server.connections)
        }
        // As `petri serve` does: what the join storm freed goes back to the system once it is over.
        let trimming = Task { await MemoryTrim.run() }
        defer { trimming.cancel() }
        let url = "ws://127.0.0.1:\(server.port)/"

        // The teacher: creates a camouflage lesson that holds about `population` creatures.
        let teacher = try await BenchPeer.connect(to: url)
        let parameters = try JSONValue(
            encoding: CamouflageBenchmark(population: population, generations: 1, seed: 1).parameters())
        try teacher.send(.create(teacherKey: key, model: .camouflage, parameters: parameters, seed: 1, options: nil))
        let (code, token) = try await teacher.expectReply {
            if case .created(let c, let t) = $0 { (c, t) } else { nil }
        }
        try teacher.send(.teach(code: code, token: token, lastSeen: nil))
        _ = try await teacher.expectReply { if case .welcome = $0 { true } else { nil } }
        let baseline = residentBytes()

        // The class: a child process of students.
        let child = Process()
        child.executableURL = URL(fileURLWithPath: "/proc/self/exe")
        child.arguments = [
            "class-students", "--url", url, "--code", code.text, "--students", String(students),
        ]
        let pipe = Pipe()
        child.standardOutput = pipe
        try child.run()
        var reports = lines(of: pipe.fileHandleForReading).makeAsyncIterator()
        func report(_ prefix: String) async throws -> [Substring] {
            while let line = await reports.next() {
                let fields = line.split(separator: " ")
                if fields.first.map(String.init) == prefix { return Array(fields.dropFirst()) }
                if fields.first == "error" { FileHandle.standardError.write(Data("students: \(line)\n".utf8)) }
            }
            throw ValidationError("The student process ended early.")
        }

        // The floor: its own server process and its own students, connected before the rounds.
        let floor = reference == .floor ? try await AnswerFloorRun.start(students: students) : nil
        defer { floor?.stop() }

        let joined = try await report("joined")
        let joinSeconds = Double(UInt64(joined[0]) ?? 0) / 1e9
        // Read a second after the last welcome, when the server has given back what the storm freed.
        try await Task.sleep(for: .seconds(1))
        let memoryPerStudent = Double(residentBytes() - baseline) / Double(students)
        say(
            "\(students) students joined in \(fixed(joinSeconds, 3)) s; server memory \(fixed(memoryPerStudent / 1024)) KiB per student"
        )

        var latencies: [Double] = []
        var floorLatencies: [Double] = []
        var answerRates: [Double] = []
        var floorRates: [Double] = []
        var floorRatios: [Double] = []
        for generation in 1...generations {
            if generation % questionEvery == 1 || questionEvery == 1 {
                let spec = QuestionSpec(metric: "meanTrait", kind: .number(tolerance: 20), horizon: 2)
                try teacher.send(.ask(spec))
                let answered = try await report("answered")
                let seconds = Double((UInt64(answered[1]) ?? 0) &- (UInt64(answered[0]) ?? 0)) / 1e9
                if seconds > 0 { answerRates.append(Double(students) / seconds) }
                if let floor, seconds > 0 {
                    let question = try await teacher.expectReply { if case .question(let q) = $0 { q } else { nil } }
                    let floorRate = try await floor.answer(question)
                    floorRates.append(floorRate)
                    floorRatios.append(Double(students) / seconds / floorRate)
                }
            }
            let sent = monotonicNanoseconds()
            try teacher.send(.step(count: 1))
            let got = try await report("generation")
            guard Int(got[0]) == generation, let last = UInt64(got[1]) else {
                throw ValidationError("Unexpected report from the students: generation \(got)")
            }
            latencies.append(Double(last &- sent) / 1e6)
            if let floor {
                // The same generation's stats and snapshot (the teacher receives what the students do),
                // sent by the floor to its own students right after.
                var stats: ServerMessage?
                let snapshot = try await teacher.expect("generation \(generation)") { message -> ServerMessage? in
                    switch message {
                    case .stats(_, let s) where s.generation == generation: stats = message
                    case .snapshot(let header, _) where header.generation == generation: return message
                    default: break
                    }
                    return nil
                }
                let floorLatency = try await floor.step(generation, messages: [stats, snapshot].compactMap(\.self))
                floorLatencies.append(floorLatency)
            }
        }

        // Auto-run: every student must get every generation's stats.
        let autoRunGenerations = 20
        try teacher.send(.run(rate: 10))
        let final = generations + autoRunGenerations
        var delivered = 0
        while delivered < final {
            delivered = Int(try await report("stats")[0]) ?? 0
        }
        try teacher.send(.pause)

        child.terminate()
        child.waitUntilExit()
        floor?.stop()
        await hub.stopAll()
        await server.shutdown()
        await serving.value

        let p50 = quantile(latencies, 0.5)
        let p99 = quantile(latencies, 0.99)
        let answersPerSecond = answerRates.isEmpty ? 0 : quantile(answerRates, 0.5)
        say(
            "step → last student's snapshot over \(generations) steps: p50 \(fixed(p50)) ms, p99 \(fixed(p99)) ms, max \(fixed(latencies.max() ?? 0)) ms"
        )
        say(
            "answers: \(fixed(answersPerSecond, 0)) per second (median over \(answerRates.count) questions, all \(students) answering)"
        )
        var floorFields = ""
        if !floorRates.isEmpty {
            let floorRate = quantile(floorRates, 0.5)
            say(
                "answer floor (no library, lesson or store; same students, same questions): \(fixed(floorRate, 0)) per second; Petri ÷ floor \(fixed(quantile(floorRatios, 0.5), 2)) (median of \(floorRatios.count) questions' ratios, \(fixed(floorRatios.min() ?? 0, 2))–\(fixed(floorRatios.max() ?? 0, 2)))"
            )
            floorFields =
                #","floorAnswersPerSecond":\#(Int(floorRate)),"answersToFloor":\#(fixed(quantile(floorRatios, 0.5), 3))"#
        }
        if floorLatencies.count == latencies.count {
            let floorP50 = quantile(floorLatencies, 0.5)
            let floorP99 = quantile(floorLatencies, 0.99)
            // The floor sends every student a generation's stats and snapshot; a step that resolves a
            // question also sends each student their result and the class its leaderboard.
            let resolving = Set(teacher.seen.compactMap { if case .resolved(let r) = $0 { r.generation } else { nil } })
            let plain = latencies.indices.filter { !resolving.contains($0 + 1) }
            let plainP99 = quantile(plain.map { latencies[$0] }, 0.99)
            let plainFloorP99 = quantile(plain.map { floorLatencies[$0] }, 0.99)
            // No step left unresolved (a question every step) leaves no ratio: 0, as a JSON number.
            let plainRatio = plain.isEmpty || plainFloorP99 <= 0 ? 0 : plainP99 / plainFloorP99
            say(
                "step floor (the same generation's stats and snapshot from a server with no library, lesson or store, to the same number of students, right after each step): p50 \(fixed(floorP50)) ms, p99 \(fixed(floorP99)) ms; Petri ÷ floor p50 \(fixed(p50 / floorP50, 2)), p99 \(fixed(p99 / floorP99, 2)); over the \(plain.count) steps that resolved no question (what the floor sends too): p99 \(fixed(plainP99)) ms against \(fixed(plainFloorP99)) ms, \(fixed(plainRatio, 2))"
            )
            floorFields +=
                #","floorStepP50Ms":\#(fixed(floorP50, 3)),"floorStepP99Ms":\#(fixed(floorP99, 3)),"stepP50ToFloor":\#(fixed(p50 / floorP50, 3)),"stepP99ToFloor":\#(fixed(p99 / floorP99, 3)),"plainSteps":\#(plain.count),"plainStepP99ToFloor":\#(fixed(plainRatio, 3))"#
        }
        say("auto-run at 10 generations/s: every student received all \(autoRunGenerations) generations' stats")
        say(
            MachineInfo.current.annotating(
                #"{"benchmark":"class","storage":"\#(inMemory ? "memory" : store)","students":\#(students),"generations":\#(generations),"joinSeconds":\#(fixed(joinSeconds, 3)),"stepP50Ms":\#(fixed(p50, 3)),"stepP99Ms":\#(fixed(p99, 3)),"answersPerSecond":\#(Int(answersPerSecond)),"bytesPerStudent":\#(Int(memoryPerStudent))\#(floorFields)}"#
            )
        )
    }

    /// A PostgreSQL store on a private server started for this run (initdb in a temporary directory).
    static func privatePostgres() async throws -> PostgresLessonStorage {
        let url = try await PrivatePostgres.shared().createDatabase()
        return try await PostgresLessonStorage.connect(
            url: url, node: ClusterNode(id: "bench", advertisedURL: "ws://127.0.0.1:0/"))
    }
}
