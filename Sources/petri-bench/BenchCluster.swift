import ArgumentParser
import Foundation
import PetriBenchmarks
import PetriPeer
import PetriPostgresTesting
import PetriProtocol
import PetriServer
import PetriSimulation
import PetriWebSocket

/// `petri-bench cluster`: classes on several `petri serve` nodes sharing a private PostgreSQL, nodes killed in turn.
///
/// Starts a PostgreSQL of its own (initdb in a temporary directory) and `--nodes` servers on
/// loopback (child processes running `petri serve` with the `petri` built beside this program, or
/// `--petri`; default lease settings). Each lesson is created on
/// one node (its owner); its students join through every node, following redirects. The teachers
/// step their lessons (timed: teacher's step → the lesson's last student's stats of it), every student
/// answers a question, the lessons run on their own, then `--kills` times a node that owns lessons is
/// killed with SIGKILL (node 1, 2, … in turn; each restarted before the next kill, as a supervisor
/// would). Its lessons' students and teachers come back through the other nodes (as the bundled
/// clients do: their node, then the redirect; a failed attempt waits ¼ s, the clients' shortest
/// first retry), and the benchmark reports the failover times (kill → the last of those students
/// receiving a generation again; p50/p99 over the kills, and each student's over all kills), whether
/// any acknowledged answer was lost, and the step latency after (every student first reads what its lesson sent
/// while it ran unattended, which the clients do not read: left unread, that backlog's decoding was timed as the
/// first step after, 21-37 s). Each kill also says where its time went as the clients saw it (each lesson's first
/// welcome, every welcome, welcome → next generation, connection attempts) and when it happened on the nodes'
/// clock (their logs say, at info, when each lesson was taken over and how long its claim and restore took).
/// `--nodes 1 --kills 0` runs the same lessons
/// and students on one node storing in PostgreSQL: the reference for the cluster's step latency.
struct BenchCluster: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "cluster",
        abstract: "Run classes on several nodes sharing PostgreSQL, kill one; report joins, steps, answers, failover."
    )

    @Option(help: "Petri nodes (separate processes).")
    var nodes = 3
    @Option(help: "Lessons, spread over the nodes.")
    var lessons = 30
    @Option(help: "Students in each lesson.")
    var studentsPerLesson = 100
    @Option(help: "Generations each teacher steps one at a time, before and after the kill (each one timed).")
    var steps = 10
    @Option(
        help: "Creatures in each camouflage lesson (its snapshots are what students receive; they drop them unread).")
    var population = 100
    @Option(help: "Nodes killed with SIGKILL in turn (each restarted before the next kill); 0 with --nodes 1.")
    var kills = 5
    @Option(help: "The petri program the nodes run (default: the petri built beside this program).")
    var petri: String?

    /// `--petri`, else `petri` in this program's directory.
    var petriPath: String {
        if let petri { return petri }
        let bench =
            (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")) ?? CommandLine.arguments[0]
        return URL(fileURLWithPath: bench).deletingLastPathComponent().appendingPathComponent("petri").path
    }

    func validate() throws {
        guard (1...8).contains(nodes) else { throw ValidationError("--nodes must be between 1 and 8.") }
        try CamouflageBenchmark.check(population: population)
        guard (1...200).contains(lessons) else { throw ValidationError("--lessons must be between 1 and 200.") }
        guard (1...1000).contains(studentsPerLesson) else {
            throw ValidationError("--students-per-lesson must be between 1 and 1000.")
        }
        guard (1...1000).contains(steps) else { throw ValidationError("--steps must be between 1 and 1000.") }
        guard (0...100).contains(kills) else { throw ValidationError("--kills must be between 0 and 100.") }
        guard kills == 0 || nodes >= 2 else {
            throw ValidationError(
                "Killing a node needs another to take its lessons: give --nodes 2 or more, or --kills 0.")
        }
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: petriPath, isDirectory: &isDirectory), !isDirectory.boolValue,
            FileManager.default.isExecutableFile(atPath: petriPath)
        else {
            throw ValidationError(
                "There is no petri program at \(petriPath) to run the nodes: build it (swift build -c release) "
                    + "or give its path with --petri.")
        }
    }

    struct Student {
        var peer: ProtocolPeer
        var token: AccessToken
        var lesson: Int
        /// The node serving this student now.
        var node: String
        /// Questions whose answer the server acknowledged.
        var acknowledged: [QuestionID] = []
    }

    func run() async throws {
        let postgres = try await PrivatePostgres.start()
        let store = try await postgres.createDatabase()
        let key = TeacherKey.generate()
        var servers: [BenchNode] = []
        defer { NodeReaper.shared.killAll() }
        for index in 1...nodes {
            servers.append(try await BenchNode.start(index, petri: petriPath, store: store, key: key))
        }
        var urls = servers.map(\.url)
        say(MachineInfo.current.line)
        say(
            "\(nodes) nodes on loopback sharing a private PostgreSQL (lease 5 s, renewed every 1.5 s; a node's "
                + "lessons are claimable once its PostgreSQL session ends)")
        let client = try await WebSocketClient.start()

        // Lessons: lesson i is created on node i mod nodes, which owns it.
        var teachers: [ProtocolPeer] = []
        /// The node each lesson runs on now.
        var owners: [String] = []
        var codes: [(JoinCode, AccessToken)] = []
        for index in 0..<lessons {
            let teacher = ProtocolPeer(client, try await client.connect(to: urls[index % nodes]), ignoring: isSnapshot)
            try teacher.send(
                .create(
                    teacherKey: key, model: .camouflage,
                    parameters: .object(["population": .number(Double(population))]),
                    seed: UInt64(index + 1), options: nil))
            let (code, token) = try await teacher.expectReply {
                if case .created(let c, let t) = $0 { (c, t) } else { nil }
            }
            try teacher.send(.teach(code: code, token: token, lastSeen: nil))
            _ = try await teacher.expectReply { if case .welcome = $0 { true } else { nil } }
            teachers.append(teacher)
            owners.append(urls[index % nodes])
            codes.append((code, token))
        }

        // Joins: every student through a node of its own, all at once.
        let joinStart = ContinuousClock.now
        let joinURLs = urls
        var students = try await withThrowingTaskGroup(of: Student.self) { group in
            for lesson in 0..<lessons {
                for seat in 0..<studentsPerLesson {
                    let home = (lesson + seat) % nodes
                    let code = codes[lesson].0
                    group.addTask {
                        let attached = try await clusterAttach(
                            client, urls: joinURLs, home: home, .join(code: code, name: "Student \(seat)"))
                        guard let token = attached.welcome.you?.token else {
                            throw ValidationError("A student's welcome had no resume token.")
                        }
                        return Student(peer: attached.peer, token: token, lesson: lesson, node: attached.url)
                    }
                }
            }
            return try await group.reduce(into: []) { $0.append($1) }
        }
        let joinSeconds = seconds(joinStart.duration(to: .now))
        say(
            "\(students.count) students joined in \(fixed(joinSeconds, 3)) s (through every node, redirected to owners)"
        )
        var byLesson = Dictionary(grouping: students.indices, by: { students[$0].lesson })

        // Steps before the kill.
        let before = try await timeSteps(teachers: teachers, students: students, byLesson: byLesson, from: 1)
        say(
            "step → lesson's last student's stats before the kill: p50 \(fixed(quantile(before, 0.5))) ms, p99 \(fixed(quantile(before, 0.99))) ms"
        )

        // One question in every lesson; every student answers; count what was acknowledged.
        for teacher in teachers {
            try teacher.send(.ask(QuestionSpec(metric: "meanTrait", kind: .number(tolerance: 20), horizon: 1_000)))
        }
        let answerStart = ContinuousClock.now
        let acknowledged = try await withThrowingTaskGroup(of: (Int, QuestionID).self) { group in
            for index in students.indices {
                let peer = students[index].peer
                group.addTask {
                    let question = try await peer.expect("question") {
                        if case .question(let q) = $0 { q } else { nil }
                    }
                    try peer.send(.answer(question: question.id, prediction: .number(Double(40 + index % 30))))
                    _ = try await peer.expectReply("answerAccepted") {
                        if case .answerAccepted = $0 { true } else { nil }
                    }
                    return (index, question.id)
                }
            }
            return try await group.reduce(into: []) { $0.append($1) }
        }
        let answersPerSecond = Double(acknowledged.count) / seconds(answerStart.duration(to: .now))
        for (index, question) in acknowledged { students[index].acknowledged.append(question) }
        say("\(acknowledged.count) answers acknowledged at \(fixed(answersPerSecond, 0)) per second over the cluster")

        // The lessons run on their own; then nodes die in turn.
        for teacher in teachers { try teacher.send(.run(rate: 4)) }
        var failovers: [Double] = []
        /// The lessons that moved in some kill.
        var moved = Set<Int>()
        var studentsBack: [Double] = []
        var lostAnswers = 0
        for round in 0..<kills {
            // Node 1, 2, … in turn, skipping one that owns no lesson now.
            let order = (0..<nodes).map { (round + $0) % nodes }
            let victim = order.first { node in owners.contains(urls[node]) } ?? round % nodes
            let dead = urls[victim]
            let lost = Set(owners.indices.filter { owners[$0] == dead })
            moved.formUnion(lost)
            let killed = ContinuousClock.now
            let killedAt = Date().formatted(
                .iso8601.year().month().day().time(includingFractionalSeconds: true).timeZone(separator: .omitted))
            NodeReaper.shared.kill(servers[victim].process.processIdentifier)
            let survivors = urls.enumerated().filter { $0.offset != victim }.map(\.element)
            say(
                "kill \(round + 1): node \(victim + 1) (SIGKILL), the owner of \(lost.count) lessons, at \(killedAt) (the nodes' logs' clock)"
            )

            // Its lessons' teachers and students come back through the other nodes.
            let comeBack = try await withThrowingTaskGroup(of: Returned.self) {
                group in
                for lesson in lost.sorted() {
                    let (code, token) = codes[lesson]
                    group.addTask {
                        let attached = try await clusterAttach(
                            client, urls: survivors, home: lesson % survivors.count,
                            .teach(code: code, token: token, lastSeen: nil))
                        let welcomed = killed.duration(to: .now)
                        try attached.peer.send(.run(rate: 4))
                        return Returned(
                            index: -1, lesson: lesson, peer: attached.peer, url: attached.url, missing: 0,
                            welcomed: welcomed, back: welcomed, attempts: attached.attempts)
                    }
                }
                for index in students.indices where lost.contains(students[index].lesson) {
                    let student = students[index]
                    let code = codes[student.lesson].0
                    group.addTask {
                        let attached = try await clusterAttach(
                            client, urls: survivors, home: index % survivors.count,
                            .resume(code: code, token: student.token, lastSeen: nil))
                        let welcomed = killed.duration(to: .now)
                        let kept = student.acknowledged.filter { question in
                            attached.welcome.answers.contains { $0.question == question }
                        }.count
                        let generation = attached.welcome.position.generation
                        try await attached.peer.waitForGeneration(after: generation)
                        return Returned(
                            index: index, lesson: student.lesson, peer: attached.peer, url: attached.url,
                            missing: student.acknowledged.count - kept, welcomed: welcomed,
                            back: killed.duration(to: .now), attempts: attached.attempts)
                    }
                }
                return try await group.reduce(into: []) { $0.append($1) }
            }
            for returned in comeBack {
                if returned.index < 0 {
                    teachers[returned.lesson] = returned.peer
                    owners[returned.lesson] = returned.url
                } else {
                    students[returned.index].peer = returned.peer
                    students[returned.index].node = returned.url
                    lostAnswers += returned.missing
                    studentsBack.append(seconds(returned.back))
                }
            }
            let back = comeBack.filter { $0.index >= 0 }
            let failover = back.map { seconds($0.back) }.max() ?? 0
            failovers.append(failover)
            say(
                "  the last of \(back.count) students of its lessons received a generation \(fixed(failover, 2)) s after the kill; acknowledged answers lost so far: \(lostAnswers)"
            )
            // Where the time went, as the clients saw it: each lesson's first welcome (claimed and restored
            // by a survivor), every welcome, and the generation after it (the lessons run at 4 per second).
            let firstWelcomes = Dictionary(grouping: comeBack, by: \.lesson).values.map { returning in
                returning.map { seconds($0.welcomed) }.min() ?? 0
            }
            let welcomes = comeBack.map { seconds($0.welcomed) }
            let waits = back.map { seconds($0.back) - seconds($0.welcomed) }
            let attempts = comeBack.map { Double($0.attempts) }
            say(
                "  stages (s after the kill): each lesson's first welcome p50 \(fixed(quantile(firstWelcomes, 0.5), 2)), max \(fixed(firstWelcomes.max() ?? 0, 2)); every client's welcome p50 \(fixed(quantile(welcomes, 0.5), 2)), max \(fixed(welcomes.max() ?? 0, 2)); welcome → next generation p50 \(fixed(quantile(waits, 0.5), 2)), max \(fixed(waits.max() ?? 0, 2)); connection attempts per client p50 \(fixed(quantile(attempts, 0.5), 0)), max \(fixed(attempts.max() ?? 0, 0))"
            )
            // The node comes back (as a supervisor would restart it), under its own name on a new port.
            servers[victim] = try await BenchNode.start(victim + 1, petri: petriPath, store: store, key: key)
            urls[victim] = servers[victim].url
        }
        say(
            "failover over \(kills) kills (kill → the last student of the lost lessons back): p50 \(fixed(quantile(failovers, 0.5), 2)) s, p99 \(fixed(quantile(failovers, 0.99), 2)) s, max \(fixed(failovers.max() ?? 0, 2)) s; each student back: p50 \(fixed(quantile(studentsBack, 0.5), 2)) s, p99 \(fixed(quantile(studentsBack, 0.99), 2)) s; acknowledged answers lost: \(lostAnswers)"
        )

        // Steps after the kill (the lessons paused first).
        for teacher in teachers { try teacher.send(.pause) }
        for (index, teacher) in teachers.enumerated() {
            _ = try await teacher.expect("paused") { if case .paused = $0 { true } else { nil } }
            _ = index
        }
        byLesson = Dictionary(grouping: students.indices, by: { students[$0].lesson })
        var generations: [Int] = []
        for teacher in teachers {
            try teacher.send(.export)
            let definition = try await teacher.expectReply { if case .definition(let d) = $0 { d } else { nil } }
            generations.append(definition.generation)
        }
        // Every student reads what the lessons sent while they ran unattended (the clients do not read then):
        // left unread, the first timed step would wait for each peer to decode seconds of snapshots, the
        // benchmark's own backlog, not the step's time.
        try await withThrowingTaskGroup(of: Void.self) { group in
            for student in students {
                let generation = generations[student.lesson]
                group.addTask { try await student.peer.waitForGeneration(atLeast: generation) }
            }
            try await group.waitForAll()
        }
        let afterByLesson = try await timeStepsByLesson(
            teachers: teachers, students: students, byLesson: byLesson, from: generations.map { $0 + 1 })
        let after = afterByLesson.flatMap(\.self)
        say(
            "step → lesson's last student's stats after the kill: p50 \(fixed(quantile(after, 0.5))) ms, p99 \(fixed(quantile(after, 0.99))) ms"
        )
        // The slowest lessons after, with where they run and whether they moved: what a high p99 comes from.
        let slowest = afterByLesson.indices.sorted { (afterByLesson[$0].max() ?? 0) > (afterByLesson[$1].max() ?? 0) }
        for lesson in slowest.prefix(3) {
            let node = urls.firstIndex(of: owners[lesson]).map { "node \($0 + 1)" } ?? owners[lesson]
            let lessons = owners.filter { $0 == owners[lesson] }.count
            say(
                "  lesson \(lesson + 1) on \(node) (\(lessons) lessons there; \(moved.contains(lesson) ? "moved" : "never moved")): steps \(afterByLesson[lesson].map { fixed($0, 0) }.joined(separator: ", ")) ms"
            )
        }

        await client.shutdown()
        say(
            MachineInfo.current.annotating(
                #"{"benchmark":"cluster","nodes":\#(nodes),"lessons":\#(lessons),"studentsPerLesson":\#(studentsPerLesson),"joinSeconds":\#(fixed(joinSeconds, 3)),"stepP50MsBefore":\#(fixed(quantile(before, 0.5), 3)),"stepP99MsBefore":\#(fixed(quantile(before, 0.99), 3)),"stepP50MsAfter":\#(fixed(quantile(after, 0.5), 3)),"stepP99MsAfter":\#(fixed(quantile(after, 0.99), 3)),"answersPerSecond":\#(Int(answersPerSecond)),"kills":\#(kills),"failoverP50Seconds":\#(fixed(quantile(failovers, 0.5), 3)),"failoverP99Seconds":\#(fixed(quantile(failovers, 0.99), 3)),"failoverMaxSeconds":\#(fixed(failovers.max() ?? 0, 3)),"studentBackP50Seconds":\#(fixed(quantile(studentsBack, 0.5), 3)),"studentBackP99Seconds":\#(fixed(quantile(studentsBack, 0.99), 3)),"acknowledgedLost":\#(lostAnswers)}"#
            )
        )
    }

    /// Steps every lesson `steps` times, all lessons at once; each step timed from the teacher's
    /// message to the lesson's last student's stats of that generation.
    private func timeSteps(
        teachers: [ProtocolPeer], students: [Student], byLesson: [Int: [Int]], from first: Int
    ) async throws -> [Double] {
        try await timeSteps(
            teachers: teachers, students: students, byLesson: byLesson,
            from: Array(repeating: first, count: teachers.count))
    }

    private func timeSteps(
        teachers: [ProtocolPeer], students: [Student], byLesson: [Int: [Int]], from first: [Int]
    ) async throws -> [Double] {
        try await timeStepsByLesson(teachers: teachers, students: students, byLesson: byLesson, from: first)
            .flatMap(\.self)
    }

    /// Each lesson's step latencies, by lesson.
    private func timeStepsByLesson(
        teachers: [ProtocolPeer], students: [Student], byLesson: [Int: [Int]], from first: [Int]
    ) async throws -> [[Double]] {
        let steps = self.steps
        return try await withThrowingTaskGroup(of: (Int, [Double]).self) { group in
            for (lesson, teacher) in teachers.enumerated() {
                let peers = (byLesson[lesson] ?? []).map { students[$0].peer }
                let start = first[lesson]
                group.addTask {
                    var latencies: [Double] = []
                    for generation in start..<(start + steps) {
                        let sent = ContinuousClock.now
                        try teacher.send(.step(count: 1))
                        try await withThrowingTaskGroup(of: Void.self) { each in
                            for peer in peers {
                                each.addTask { try await peer.waitForGeneration(atLeast: generation) }
                            }
                            each.addTask { try await teacher.waitForGeneration(atLeast: generation) }
                            try await each.waitForAll()
                        }
                        latencies.append(seconds(sent.duration(to: .now)) * 1000)
                    }
                    return (lesson, latencies)
                }
            }
            var byLesson = Array(repeating: [Double](), count: teachers.count)
            for try await (lesson, latencies) in group { byLesson[lesson] = latencies }
            return byLesson
        }
    }
}

private func seconds(_ duration: Duration) -> Double {
    Double(duration.components.seconds) + Double(duration.components.attoseconds) / 1e18
}
