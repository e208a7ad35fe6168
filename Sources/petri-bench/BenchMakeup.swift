import ArgumentParser
import CSQLiteCounting
import Foundation
import PetriBenchmarks
import PetriHub
import PetriLesson
import PetriProtocol
import PetriServer
import PetriSimulation
import PetriWebSocket

/// Make-up playback's cost beside the live class's.
///
/// On the server (the figure the target is about): a server in this process on the default SQLite store, a
/// camouflage lesson taught live to a class of `--class-students` (30, a class as `petri-bench school` has them)
/// who receive every generation and answer every question, then, once the class has ended, `--students`
/// make-up students playing it back at their own pace; the teacher, the class and the make-up students are a
/// child process (`makeup-students`, one epoll loop), so this process's CPU over each phase is the server's.
/// In the lesson layer (no hub, no transport, no encoding, no store): the lesson alone, recording its reel,
/// against the make-ups' positions over that reel, and the reel replayed from the log once.
struct BenchMakeup: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "makeup",
        abstract:
            "A live class, then make-up students playing the lesson back at their own pace: the server's CPU for each, and their ratio (also in the lesson layer alone)."
    )

    @Option(help: "Creatures (camouflage).")
    var population = 1_000
    @Option(help: "Generations the lesson runs.")
    var generations = 300
    @Option(help: "Make-up students.")
    var students = 30
    @Option(help: "Students in the live class (connected, receiving every generation, answering every question).")
    var classStudents = 30
    @Option(help: "A question every this many generations (each with a horizon of 10).")
    var questionEvery = 30
    @Flag(help: "Store lessons in memory instead of SQLite.")
    var inMemory = false
    @Option(help: "Random seed, for a repeatable run.")
    var seed: UInt64 = 1

    func validate() throws {
        try CamouflageBenchmark.check(population: population)
        guard (10...10_000).contains(generations) else {
            throw ValidationError("--generations must be between 10 and 10000, but was \(generations).")
        }
        guard (1...10_000).contains(students) else {
            throw ValidationError("--students must be between 1 and 10000, but was \(students).")
        }
        guard (1...10_000).contains(classStudents) else {
            throw ValidationError("--class-students must be between 1 and 10000, but was \(classStudents).")
        }
        guard (1...1_000).contains(questionEvery) else {
            throw ValidationError("--question-every must be between 1 and 1000, but was \(questionEvery).")
        }
    }

    func run() async throws {
        say(MachineInfo.current.line)
        guard petri_sqlite_counting_install() == 0 else {
            throw ValidationError("Could not install the SQLite VFS that counts commits and syncs.")
        }
        say(
            "makeup benchmark: camouflage, \(population) creatures, \(generations) generations, a question every "
                + "\(questionEvery), seed \(seed); a live class of \(classStudents), then \(students) make-up students")
        let load = loadAverage()
        say("load average: \(load)")
        let server = try await onServer()
        say(
            "server (\(inMemory ? "in memory" : "SQLite"); this process's CPU, user + system, over each phase): "
                + "live class of \(classStudents) \(fixed(server.liveClassCpu, 3)) s CPU in \(fixed(server.liveClassSeconds, 2)) s "
                + "(\(server.liveClassFrames) messages received, \(server.liveClassAnswers) answers, "
                + "\(server.liveClassCommits) store commits); \(students) make-ups \(fixed(server.makeupCpu, 3)) s CPU in "
                + "\(fixed(server.makeupSeconds, 2)) s (\(server.makeupFrames) messages, \(server.makeupAnswers) answers, "
                + "\(server.makeupCommits) store commits): cpuRatioToLive \(fixed(server.ratio, 3))")
        let layer = try lessonLayer()
        say(
            "lesson layer (no hub, transport, encoding or store): live lesson \(fixed(layer.live, 4)) s CPU (recording "
                + "the reel as it went); \(students) make-ups \(fixed(layer.makeups, 4)) s: ratio \(fixed(layer.ratio, 3)); "
                + "with the reel replayed from the log instead (\(fixed(layer.replay, 4)) s, once) "
                + "\(fixed(layer.replayedRatio, 3)); \(layer.frames) frames")
        let fields = [
            "\"benchmark\":\"makeup\"", "\"storage\":\"\(inMemory ? "memory" : "sqlite")\"",
            "\"population\":\(population)",
            "\"generations\":\(generations)", "\"questionEvery\":\(questionEvery)",
            "\"classStudents\":\(classStudents)",
            "\"makeupStudents\":\(students)", "\"loadAverage\":\"\(load)\"",
            "\"serverCpuSecondsLiveClass\":\(fixed(server.liveClassCpu, 4))",
            "\"serverCpuSecondsMakeups\":\(fixed(server.makeupCpu, 4))", "\"cpuRatioToLive\":\(fixed(server.ratio, 4))",
            "\"liveClassSeconds\":\(fixed(server.liveClassSeconds, 3))",
            "\"makeupSeconds\":\(fixed(server.makeupSeconds, 3))",
            "\"liveClassMessagesReceived\":\(server.liveClassFrames)",
            "\"makeupMessagesReceived\":\(server.makeupFrames)",
            "\"liveClassBytesReceived\":\(server.liveClassBytes)", "\"makeupBytesReceived\":\(server.makeupBytes)",
            "\"liveClassAnswersAccepted\":\(server.liveClassAnswers)",
            "\"makeupAnswersAccepted\":\(server.makeupAnswers)",
            "\"storeCommitsLiveClass\":\(server.liveClassCommits)", "\"storeCommitsMakeups\":\(server.makeupCommits)",
            "\"lessonLayerCpuSecondsLive\":\(fixed(layer.live, 4))",
            "\"lessonLayerCpuSecondsMakeups\":\(fixed(layer.makeups, 4))",
            "\"lessonLayerCpuSecondsReelReplay\":\(fixed(layer.replay, 4))",
            "\"lessonLayerCpuRatio\":\(fixed(layer.ratio, 4))",
            "\"lessonLayerCpuRatioReplayed\":\(fixed(layer.replayedRatio, 4))", "\"lessonLayerFrames\":\(layer.frames)",
        ]
        say(MachineInfo.current.annotating("{" + fields.joined(separator: ",") + "}"))
    }

    /// What the server spent on the live class and on the make-ups.
    struct ServerFigures {
        var liveClassCpu: Double
        var liveClassSeconds: Double
        var liveClassFrames: Int
        var liveClassBytes: Int
        var liveClassAnswers: Int
        var liveClassCommits: Int64
        var makeupCpu: Double
        var makeupSeconds: Double
        var makeupFrames: Int
        var makeupBytes: Int
        var makeupAnswers: Int
        var makeupCommits: Int64
        var ratio: Double { makeupCpu / max(liveClassCpu, 1e-9) }
    }

    /// The live class, then the make-ups, on a server in this process; everyone in the child process.
    private func onServer() async throws -> ServerFigures {
        let server = try await WebSocketServer.start(.benchmark(roomyQueues: true))
        let key = TeacherKey.generate()
        let scratch = try BenchScratchStorage(inMemory: inMemory)
        defer { scratch.remove() }
        let hub = Hub(
            transport: server, storage: scratch.storage, clock: SystemClock(), teacherKey: key,
            configuration: .benchmark)
        let serving = Task { await hub.serve(connections: server.connections) }
        let url = "ws://127.0.0.1:\(server.port)/"
        let parameters = try JSONValue(
            encoding: CamouflageBenchmark(population: population, generations: 1, seed: seed).parameters())
        let creator = try await BenchPeer.connect(to: url)
        try creator.send(.create(teacherKey: key, model: .camouflage, parameters: parameters, seed: seed, options: nil))
        let (code, token) = try await creator.expectReply {
            if case .created(let c, let t) = $0 { (c, t) } else { nil }
        }
        let teach = String(
            decoding: try ProtocolEncoder().encode(.teach(code: code, token: token, lastSeen: nil)), as: UTF8.self)

        let child = Process()
        child.executableURL = URL(fileURLWithPath: "/proc/self/exe")
        child.arguments = [
            "makeup-students", "--url", url, "--teach", teach, "--code", code.text, "--students", String(classStudents),
            "--makeups", String(students), "--generations", String(generations), "--question-every",
            String(questionEvery), "--horizon", "10",
        ]
        let output = Pipe()
        let input = Pipe()
        child.standardOutput = output
        child.standardInput = input
        try child.run()
        defer {
            if child.isRunning { child.terminate() }
            child.waitUntilExit()
        }
        var reports = lines(of: output.fileHandleForReading).makeAsyncIterator()
        func report(_ prefix: String) async throws -> [Int] {
            while let line = await reports.next() {
                let fields = line.split(separator: " ")
                if fields.first == "error" { FileHandle.standardError.write(Data("students: \(line)\n".utf8)) }
                if fields.first.map(String.init) == prefix { return fields.dropFirst().compactMap { Int($0) } }
            }
            throw ValidationError("The student process ended early.")
        }
        /// One phase: its CPU, wall time, store commits and what the child reported at its end.
        func phase(_ command: String) async throws -> (cpu: Double, seconds: Double, commits: Int64, counts: [Int]) {
            try await Task.sleep(for: .milliseconds(500))
            let cpu = cpuSeconds()
            let commits = petri_sqlite_commits()
            let started = ContinuousClock.now
            input.fileHandleForWriting.write(Data((command + "\n").utf8))
            let counts = try await report(command)
            let elapsed = started.duration(to: .now)
            return (
                cpuSeconds() - cpu,
                Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18,
                petri_sqlite_commits() - commits, counts + [0, 0, 0]
            )
        }
        _ = try await report("joined")
        let live = try await phase("live")
        let makeup = try await phase("makeup")
        await hub.stopAll()
        await server.shutdown()
        await serving.value
        return ServerFigures(
            liveClassCpu: live.cpu, liveClassSeconds: live.seconds, liveClassFrames: live.counts[0],
            liveClassBytes: live.counts[1], liveClassAnswers: live.counts[2], liveClassCommits: live.commits,
            makeupCpu: makeup.cpu, makeupSeconds: makeup.seconds, makeupFrames: makeup.counts[0],
            makeupBytes: makeup.counts[1], makeupAnswers: makeup.counts[2], makeupCommits: makeup.commits)
    }

    /// The lesson layer's CPU: the live lesson recording its reel, the make-ups over it, the reel replayed instead.
    private func lessonLayer() throws -> (
        live: Double, makeups: Double, replay: Double, ratio: Double, replayedRatio: Double, frames: Int
    ) {
        let parameters = CamouflageBenchmark(population: population, generations: 1, seed: seed).parameters()
        let token = try AccessToken("benchteacherxxxxxxxxxxxxxx")
        let configuration = LessonConfiguration(nameSeed: 1)
        var lesson = try Lesson<CamouflageModel>(
            parameters: parameters, seed: seed, teacherToken: token, configuration: configuration)
        let definition = try lesson.definition()
        let start = Timestamp(millisecondsSince1970: 1_800_000_000_000)
        var now = start
        var log: [LessonLogEntry] = []
        // The server keeps the reel beside the live lesson, recording each entry it persists.
        var recorded = try MakeupReel(recording: lesson, startedAt: start)
        func handle(_ command: LessonCommand) throws {
            let effects = lesson.handle(command, from: .teacher, at: now).effects
            for case .persist(let entry, _) in effects {
                log.append(entry)
                try recorded.record(entry, effects: effects, lesson: lesson)
            }
        }

        // The live lesson: a question every --question-every generations, one generation a second.
        let liveBefore = cpuSeconds()
        for generation in 0..<generations {
            if generation % questionEvery == 0, generation + 10 <= generations {
                try handle(
                    .ask(
                        QuestionSpec(
                            metric: "meanTrait", kind: .number(tolerance: nil), horizon: 10, timeLimit: nil,
                            hint: nil, allowChange: true)))
            }
            now = now.adding(seconds: 1)
            try handle(.step(count: 1))
        }
        try handle(.end)
        let live = cpuSeconds() - liveBefore

        // A reel replayed from the log instead (a lesson restored, or ended, before its make-up opened).
        let replayBefore = cpuSeconds()
        let replayed = try MakeupReel<CamouflageModel>(
            definition: definition, teacherToken: token, configuration: configuration, log: log, source: (),
            startedAt: start)
        let replaySeconds = cpuSeconds() - replayBefore
        guard replayed.stops == recorded.stops else {
            throw ValidationError("The replayed reel differs from the recorded one.")
        }

        // The make-up: each student through the recorded reel, answering every question.
        let reel = recorded
        let makeupBefore = cpuSeconds()
        var frames = 0
        for index in 0..<students {
            var play = MakeupPlay(student: StudentID(100_000 + index), name: "Make-up \(index + 1)")
            var clock = start.adding(seconds: 86_400)
            while !play.isAtEnd(of: reel) {
                clock = clock.adding(milliseconds: 200)
                for frame in play.advance(in: reel, at: clock) {
                    frames += 1
                    if case .message(.question(let info)) = frame {
                        _ = try play.answer(info.id, .number(50), in: reel, at: clock)
                    }
                }
            }
        }
        let makeup = cpuSeconds() - makeupBefore
        return (
            live, makeup, replaySeconds, makeup / max(live, 1e-9), (makeup + replaySeconds) / max(live, 1e-9), frames
        )
    }

    /// `1.23 0.98 0.77`: /proc/loadavg's three load averages now.
    private func loadAverage() -> String {
        let text = (try? String(contentsOfFile: "/proc/loadavg", encoding: .utf8)) ?? ""
        return text.split(separator: " ").prefix(3).joined(separator: " ")
    }
}
