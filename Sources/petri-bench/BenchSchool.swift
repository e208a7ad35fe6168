import ArgumentParser
import CSQLiteCounting
import Foundation
import PetriBenchmarks
import PetriHub
import PetriProtocol
import PetriServer
import PetriStore
import PetriWebSocket
import Synchronization

/// `petri-bench school`: a whole school on one server, many small lessons at once.
///
/// The server runs in this process on the default SQLite store (synchronous=FULL, as `petri serve`
/// stores); every lesson's teacher and students run in a child process (`petri-bench school-students`,
/// one epoll loop). Each lesson auto-runs at one generation per second, the lessons' starts spread
/// over the first second, and asks a question every few generations that nearly every student
/// answers. The hub tells this process of each timed step as the lesson takes it
/// (``HubConfiguration/stepObserver``), so a step's lateness is measured where it happens; the
/// children report when each lesson's last student received each generation and how long each
/// answer took to be acknowledged. Then the same students in one lesson, in the same run, as the reference.
struct BenchSchool: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "school",
        abstract:
            "Run many lessons at once (students in a separate process); report tick lateness, answer acknowledgement, store commits, CPU and memory."
    )

    @Option(help: "Lessons running at once.")
    var lessons = 300
    @Option(help: "Students in each lesson.")
    var students = 30
    @Option(help: "Seconds the lessons run while measured (each configuration).")
    var seconds = 60
    @Option(help: "A question every this many generations.")
    var questionEvery = 5
    @Option(help: "Creatures in each camouflage lesson.")
    var population = 100
    @Option(help: "A student skips one question in this many (nearly every student answers); 0: none skip.")
    var skipOneIn = 30
    @Option(help: "one-lesson: the same students in one lesson, in the same run (the reference); none: skip it.")
    var reference: Reference = .oneLesson
    @Option(
        help:
            "shared: lessons' batches share store transactions (group commit across lessons, as `petri serve` stores); per-lesson: each lesson's batch commits on its own (the code before it)."
    )
    var commits: Commits = .shared
    @Flag(
        help:
            "Keep the lessons in memory instead of SQLite (what the store's path costs the school, set against a run without it)."
    )
    var inMemory = false
    @Flag(
        help:
            "Search for the most lessons of --students that keep tick lateness p99 <= 50 ms and answer acknowledgement p99 <= 100 ms, starting from --lessons."
    )
    var findMax = false
    @Option(help: "With --find-max: the most lessons to try (and the largest step of the search's first phase).")
    var maxLessons = 1000

    enum Commits: String, ExpressibleByArgument, CaseIterable {
        case shared
        case perLesson = "per-lesson"
    }

    enum Reference: String, ExpressibleByArgument, CaseIterable {
        case oneLesson = "one-lesson"
        case none
    }

    var descriptorLimit: Int {
        var limit = rlimit()
        guard getrlimit(__rlimit_resource_t(RLIMIT_NOFILE.rawValue), &limit) == 0 else { return 1024 }
        return limit.rlim_cur > rlim_t(Int.max) ? Int.max : Int(limit.rlim_cur)
    }

    func validate() throws {
        let sizes = SchoolSizes(
            lessons: lessons, studentsPerLesson: students, seconds: seconds, descriptorLimit: descriptorLimit)
        if let problem = sizes.problem() { throw ValidationError(problem) }
        try CamouflageBenchmark.check(population: population)
        guard (1...1000).contains(questionEvery) else {
            throw ValidationError("--question-every must be between 1 and 1000, but was \(questionEvery).")
        }
        guard seconds >= questionEvery + 3 else {
            throw ValidationError(
                "--seconds must be at least --question-every + 3 (\(questionEvery + 3)) so that every lesson asks a "
                    + "question and its students answer it, but was \(seconds).")
        }
        guard (10...100_000).contains(population) else {
            throw ValidationError("--population must be between 10 and 100000, but was \(population).")
        }
        guard skipOneIn == 0 || skipOneIn >= 2 else {
            throw ValidationError("--skip-one-in must be 0 (nobody skips) or at least 2, but was \(skipOneIn).")
        }
        guard !findMax || (lessons...100_000).contains(maxLessons) else {
            throw ValidationError("--max-lessons must be at least --lessons (\(lessons)), but was \(maxLessons).")
        }
    }

    func run() async throws {
        say(MachineInfo.current.line)
        say(inMemory ? "lessons in memory (no store)" : "store commits: \(commits.rawValue)")
        guard petri_sqlite_counting_install() == 0 else {
            throw ValidationError("Could not install the SQLite VFS that counts commits and syncs.")
        }
        say(loadLine())
        let school = try await measure(lessons: lessons, students: students)
        say(describe(school, as: "school"))
        var report: SchoolReport
        if reference == .oneLesson {
            say(loadLine())
            let one = try await measure(lessons: 1, students: lessons * students)
            say(describe(one, as: "reference (the same students in one lesson)"))
            report = SchoolReport(school: school, reference: one)
            say(
                "school ÷ reference: tick lateness p99 \(ratio(school.tickLatenessP99Ms, one.tickLatenessP99Ms)), "
                    + "answer ack p99 \(ratio(school.answerAckP99Ms, one.answerAckP99Ms)), "
                    + "CPU \(ratio(school.cpuSecondsPerLessonMinute * Double(lessons), one.cpuSecondsPerLessonMinute)), "
                    + "store commits/s \(ratio(school.storeCommitsPerSecond, one.storeCommitsPerSecond))")
        } else {
            report = SchoolReport(school: school, reference: nil)
        }
        report.commits = commits.rawValue
        if inMemory { report.storage = "memory" }
        if findMax {
            let (best, probes) = try await searchMax(from: school)
            report.maxLessonsMeetingTargets = best
            report.probes = probes
            say("most lessons of \(students) meeting both targets: \(best) (\(probes.count) runs)")
        }
        say(MachineInfo.current.annotating(try report.jsonLine()))
    }

    /// Doubles the lessons while both targets hold, then halves the gap between the last that held and
    /// the first that did not, down to a tenth of the last that held (or 10 lessons).
    private func searchMax(from first: SchoolFigures) async throws -> (Int, [SchoolFigures]) {
        let fits = SchoolSizes(
            lessons: 1, studentsPerLesson: students, seconds: seconds, descriptorLimit: descriptorLimit)
        let ceiling = min(maxLessons, fits.lessonsThatFit)
        var probes = [first]
        var good = first.meetsTargets ? first.lessons : 0
        var bad = first.meetsTargets ? nil : first.lessons
        while bad == nil, good < ceiling {
            let next = min(ceiling, good * 2)
            let figures = try await probe(next)
            probes.append(figures)
            if figures.meetsTargets { good = next } else { bad = next }
        }
        while let failing = bad, failing - good > max(10, good / 10) {
            let next = (good + failing) / 2
            let figures = try await probe(next)
            probes.append(figures)
            if figures.meetsTargets { good = next } else { bad = next }
        }
        return (good, probes)
    }

    private func probe(_ lessons: Int) async throws -> SchoolFigures {
        say(loadLine())
        let figures = try await measure(lessons: lessons, students: students)
        say(describe(figures, as: "probe") + (figures.meetsTargets ? " — meets both targets" : " — misses"))
        return figures
    }

    /// One configuration, from an empty store to the figures: a server, `lessons` lessons, their
    /// teachers and students in a child process, `seconds` of running.
    private func measure(lessons: Int, students: Int) async throws -> SchoolFigures {
        let server = try await WebSocketServer.start(.benchmark(roomyQueues: false))
        let key = TeacherKey.generate()
        let scratch = try BenchScratchStorage(inMemory: inMemory, sharedCommits: commits == .shared)
        defer { scratch.remove() }
        let steps = StepLog()
        var configuration = HubConfiguration.benchmark
        configuration.maxLessons = lessons + 1
        configuration.stepObserver = { step in steps.record(step) }
        let hub = Hub(
            transport: server, storage: scratch.storage, clock: SystemClock(), teacherKey: key,
            configuration: configuration)
        let serving = Task { await hub.serve(connections: server.connections) }
        let trimming = Task { await MemoryTrim.run() }
        defer { trimming.cancel() }
        let url = "ws://127.0.0.1:\(server.port)/"

        // The lessons, created back to back by one connection; their teachers attach from the child.
        let baseline = residentBytes()
        let creator = try await BenchPeer.connect(to: url)
        let parameters = JSONValue.object(["population": .number(Double(population))])
        for index in 0..<lessons {
            try creator.send(
                .create(
                    teacherKey: key, model: .camouflage, parameters: parameters, seed: UInt64(index + 1), options: nil))
        }
        let encoder = ProtocolEncoder()
        var file = ""
        var indexOfCode: [String: Int] = [:]
        for index in 0..<lessons {
            let (code, token) = try await creator.expectReply {
                if case .created(let c, let t) = $0 { (c, t) } else { nil }
            }
            let teach = try encoder.encode(.teach(code: code, token: token, lastSeen: nil))
            file += code.text + "\t" + String(decoding: teach, as: UTF8.self) + "\n"
            indexOfCode[code.text] = index
        }
        let afterLessons = residentBytes()
        let lessonsFile = FileManager.default.temporaryDirectory.appendingPathComponent(
            "petri-school-\(UUID().uuidString)")
        try Data(file.utf8).write(to: lessonsFile)
        defer { try? FileManager.default.removeItem(at: lessonsFile) }

        let child = Process()
        child.executableURL = URL(fileURLWithPath: "/proc/self/exe")
        child.arguments = [
            "school-students", "--url", url, "--lessons-file", lessonsFile.path, "--students", String(students),
            "--seconds", String(seconds), "--question-every", String(questionEvery), "--spread-ms", "1000",
            "--skip-one-in", String(skipOneIn),
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
        var lastStudent: [(lesson: Int, generation: Int, nanoseconds: UInt64)] = []
        var answers: [Substring] = []
        /// The next line starting with `prefix` (collecting `last` lines and showing errors on the way).
        func report(_ prefix: String) async throws -> [Substring] {
            while let line = await reports.next() {
                let fields = line.split(separator: " ")
                switch fields.first {
                case "last":
                    if fields.count == 4, let l = Int(fields[1]), let g = Int(fields[2]), let t = UInt64(fields[3]) {
                        lastStudent.append((l, g, t))
                    }
                case "answers": answers = Array(fields.dropFirst())
                case "error": FileHandle.standardError.write(Data("students: \(line)\n".utf8))
                default: break
                }
                if fields.first.map(String.init) == prefix { return Array(fields.dropFirst()) }
            }
            throw ValidationError("The student process ended early.")
        }
        _ = try await report("joined")
        // Read a second after the last welcome, when the server has given back what the joins freed.
        try await Task.sleep(for: .seconds(1))
        let afterStudents = residentBytes()

        let cpuBefore = cpuSeconds()
        let studentsCPUBefore = cpuSeconds(ofProcess: child.processIdentifier)
        let commitsBefore = petri_sqlite_commits()
        let syncsBefore = petri_sqlite_syncs()
        let started = ContinuousClock.now
        steps.recording = true
        input.fileHandleForWriting.write(Data("go\n".utf8))
        _ = try await report("done")
        steps.recording = false
        let window = inSeconds(started.duration(to: .now))
        let cpu = cpuSeconds() - cpuBefore
        let studentsCPU = cpuSeconds(ofProcess: child.processIdentifier) - studentsCPUBefore
        let commits = Double(petri_sqlite_commits() - commitsBefore)
        let syncs = Double(petri_sqlite_syncs() - syncsBefore)

        await hub.stopAll()
        await server.shutdown()
        await serving.value

        let taken = steps.steps
        let lateness = taken.map(\.latenessMs)
        var stepAt: [Int: [Int: UInt64]] = [:]
        for step in taken {
            guard let index = indexOfCode[step.code] else { continue }
            stepAt[index, default: [:]][step.generation] = step.monotonic
        }
        let delivery = lastStudent.compactMap { last -> Double? in
            guard let at = stepAt[last.lesson]?[last.generation], last.nanoseconds >= at else { return nil }
            return Double(last.nanoseconds - at) / 1e6
        }
        let accepted = Int(answers.first ?? "") ?? 0
        func answerField(_ i: Int) -> Double { answers.count > i ? Double(UInt64(answers[i]) ?? 0) / 1e6 : 0 }
        return SchoolFigures(
            lessons: lessons, studentsPerLesson: students, windowSeconds: rounded(window), ticks: taken.count,
            tickLatenessP50Ms: rounded(quantile(lateness, 0.5)), tickLatenessP99Ms: rounded(quantile(lateness, 0.99)),
            tickLatenessMaxMs: rounded(lateness.max() ?? 0),
            stepToLastStudentP50Ms: rounded(quantile(delivery, 0.5)),
            stepToLastStudentP99Ms: rounded(quantile(delivery, 0.99)), answerAckP50Ms: rounded(answerField(2)),
            answerAckP99Ms: rounded(answerField(3)), answersPerSecond: rounded(Double(accepted) / window),
            answersRefused: answers.count > 1 ? Int(answers[1]) ?? 0 : 0,
            storeCommitsPerSecond: rounded(commits / window), storeFsyncsPerSecond: rounded(syncs / window),
            cpuSecondsPerLessonMinute: (cpu / Double(lessons) / (window / 60) * 10_000).rounded() / 10_000,
            residentBytesPerLesson: (afterLessons - baseline) / lessons,
            residentBytesPerStudent: (afterStudents - afterLessons) / (lessons * students),
            serverCores: rounded(cpu / window), studentsCores: rounded(studentsCPU / window))
    }

    private func describe(_ f: SchoolFigures, as name: String) -> String {
        "\(name): \(f.lessons) × \(f.studentsPerLesson) over \(fixed(f.windowSeconds, 1)) s: \(f.ticks) timed steps, "
            + "lateness p50 \(fixed(f.tickLatenessP50Ms)) / p99 \(fixed(f.tickLatenessP99Ms)) / max \(fixed(f.tickLatenessMaxMs)) ms; "
            + "step → last student p50 \(fixed(f.stepToLastStudentP50Ms)) / p99 \(fixed(f.stepToLastStudentP99Ms)) ms; "
            + "answer ack p50 \(fixed(f.answerAckP50Ms)) / p99 \(fixed(f.answerAckP99Ms)) ms, "
            + "\(fixed(f.answersPerSecond, 0)) answers/s (\(f.answersRefused) refused); "
            + "store \(fixed(f.storeCommitsPerSecond, 1)) commits/s, \(fixed(f.storeFsyncsPerSecond, 1)) fsyncs/s; "
            + "CPU \(fixed(f.cpuSecondsPerLessonMinute, 4)) s per lesson-minute (cores busy: server \(fixed(f.serverCores, 2)), "
            + "students \(fixed(f.studentsCores, 2)) of \(ProcessInfo.processInfo.activeProcessorCount)); "
            + "memory \(fixed(Double(f.residentBytesPerLesson) / 1024, 1)) KiB per lesson, "
            + "\(fixed(Double(f.residentBytesPerStudent) / 1024, 1)) KiB per student"
    }

    private func ratio(_ a: Double, _ b: Double) -> String { b > 0 ? fixed(a / b, 2) + "×" : "n/a" }

    private func rounded(_ x: Double) -> Double { (x * 1000).rounded() / 1000 }

    private func inSeconds(_ d: Duration) -> Double {
        Double(d.components.seconds) + Double(d.components.attoseconds) / 1e18
    }

    /// `load: 1.23 0.98 0.77`, as /proc/loadavg has it when the configuration starts.
    private func loadLine() -> String {
        let text = (try? String(contentsOfFile: "/proc/loadavg", encoding: .utf8)) ?? ""
        return "load average: " + text.split(separator: " ").prefix(3).joined(separator: " ")
    }
}

/// Another process's CPU time so far, user and system, in seconds (from `/proc/PID/stat`; 0 if unreadable).
func cpuSeconds(ofProcess pid: Int32) -> Double {
    guard let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8),
        let end = stat.lastIndex(of: ")")
    else { return 0 }
    // After the command name in parentheses: state is field 3, utime 14 and stime 15.
    let fields = stat[stat.index(after: end)...].split(separator: " ")
    guard fields.count > 12, let user = Double(fields[11]), let system = Double(fields[12]) else { return 0 }
    return (user + system) / Double(sysconf(Int32(_SC_CLK_TCK)))
}

/// This process's CPU time, user and system, in seconds.
func cpuSeconds() -> Double {
    var usage = rusage()
    getrusage(RUSAGE_SELF.rawValue, &usage)
    return Double(usage.ru_utime.tv_sec + usage.ru_stime.tv_sec)
        + Double(usage.ru_utime.tv_usec + usage.ru_stime.tv_usec) / 1e6
}

/// The timed steps the hub reported while recording, with this process's clocks read as each was told.
final class StepLog: Sendable {
    struct Step {
        var code: String
        var generation: Int
        /// Taken minus due: CLOCK_REALTIME read now against the due time (the hub's clock, milliseconds).
        var latenessMs: Double
        /// CLOCK_MONOTONIC when taken, comparable with the student process's.
        var monotonic: UInt64
    }

    private let state = Mutex<(recording: Bool, steps: [Step])>((false, []))

    var recording: Bool {
        get { state.withLock { $0.recording } }
        set { state.withLock { $0.recording = newValue } }
    }

    var steps: [Step] { state.withLock { $0.steps } }

    func record(_ step: TimedStep) {
        let monotonic = monotonicNanoseconds()
        var now = timespec()
        clock_gettime(CLOCK_REALTIME, &now)
        let realMs = Double(now.tv_sec) * 1000 + Double(now.tv_nsec) / 1e6
        let late = realMs - Double(step.scheduled.millisecondsSince1970)
        state.withLock {
            guard $0.recording else { return }
            $0.steps.append(
                Step(code: step.code.text, generation: step.generation, latenessMs: late, monotonic: monotonic))
        }
    }
}
