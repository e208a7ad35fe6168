import Foundation
import PetriHub
import PetriHubTesting
import PetriPeer
import PetriPostgresTesting
import PetriProtocol
import PetriSimulation
import PetriStorePostgres
import PetriWebSocket
import Testing

@testable import PetriServer

/// Petri nodes sharing one PostgreSQL: redirects, failover after `kill -9` or a terminated session (without
/// waiting for the lease), and lease fencing.
@Suite struct ClusterTests {
    static let moths: JSONValue = .object(["population": .number(60), "reproductiveChance": .number(0.6)])

    @Test(.timeLimit(.minutes(3)))
    func studentsOnOtherNodesReachTheOwnerAndTheLessonSurvivesKillNineOfIt() async throws {
        let executable = try #require(petriExecutable(), "build the petri executable first (swift build)")
        let store = try await PrivatePostgres.shared().createDatabase()
        // Given three `petri serve` nodes on loopback with ten-minute leases (renewed every 1.5 s): a lesson
        // moves only because its node's PostgreSQL session ended, not because its lease ran out
        var nodes: [ClusterNodeProcess] = []
        for name in ["node-1", "node-2", "node-3"] {
            nodes.append(
                try await ClusterNodeProcess.start(name, store: store, executable: executable, lease: 600_000))
        }
        defer { for node in nodes { kill(node.process.process.processIdentifier, SIGKILL) } }
        let client = try await WebSocketClient.start()

        // And a teacher who created a lesson on node 1 (which then owns it)
        let teacher = try await TestClient(client, url: nodes[0].url)
        let (code, token) = try await teacher.createLesson(.camouflage, Self.moths, seed: 42)
        _ = try await teacher.attach(.teach(code: code, token: token, lastSeen: nil))

        // When six students join through nodes 2 and 3
        var students: [(peer: TestClient, token: AccessToken, home: String)] = []
        for i in 0..<6 {
            let home = nodes[1 + i % 2].url
            let joined = try await attachThroughCluster(client, home: home, .join(code: code, name: "Student \(i)"))
            // Then each is redirected once, to node 1, and joins there
            #expect(joined.redirects == 1)
            #expect(joined.url == nodes[0].url)
            students.append((joined.peer, try #require(joined.welcome.you?.token), home))
        }

        // When the teacher asks a question and every student's answer is acknowledged
        try teacher.send(.step(count: 2))
        try await teacher.waitForGeneration(2)
        try teacher.send(.ask(QuestionSpec(metric: "meanTrait", kind: .number(tolerance: 20), horizon: 2)))
        var question: QuestionID?
        for (i, student) in students.enumerated() {
            let asked = try await student.peer.expect("question") { if case .question(let q) = $0 { q } else { nil } }
            question = asked.id
            try student.peer.send(.answer(question: asked.id, prediction: .number(Double(30 + 5 * i))))
            _ = try await student.peer.expect("answerAccepted") {
                if case .answerAccepted = $0 { true } else { nil }
            }
        }
        try teacher.send(.export)
        let before = try await teacher.expect("definition") { if case .definition(let d) = $0 { d } else { nil } }

        // And node 1 is killed with SIGKILL mid-question
        let killed = ContinuousClock.now
        await nodes[0].process.crash()

        // Then every student, retrying through their own node, resumes on another node with their answer kept
        var resumed: [TestClient] = []
        for student in students {
            let back = try await attachThroughCluster(
                client, home: student.home, .resume(code: code, token: student.token, lastSeen: nil))
            #expect(back.url != nodes[0].url)
            #expect(back.welcome.answers.map(\.question) == [question].compactMap { $0 })
            resumed.append(back.peer)
        }
        let failover = killed.duration(to: .now)
        // (PostgreSQL ended the killed node's session at once; the lease had ten minutes left. The bound is
        // generous for a loaded machine: `petri-bench cluster` measures the failover)
        #expect(failover < .seconds(10), "students were back \(failover) after the kill")

        // And the teacher, through node 2, finds the same generation and state hash
        let teacherBack = try await attachThroughCluster(
            client, home: nodes[1].url, .teach(code: code, token: token, lastSeen: nil))
        try teacherBack.peer.send(.export)
        let after = try await teacherBack.peer.expect("definition") {
            if case .definition(let d) = $0 { d } else { nil }
        }
        #expect(after.generation == before.generation)
        #expect(after.stateHash == before.stateHash)

        // And the question resolves with every acknowledged answer scored, and generations flow again
        try teacherBack.peer.send(.step(count: 2))
        for student in resumed {
            let result = try await student.expect("result") { if case .result(let r) = $0 { r } else { nil } }
            #expect(result.question == question)
        }

        // And the surviving nodes' metrics count the redirects and the one restore, and both are ready
        if let curl = DeployTools.find("curl") {
            var redirects = 0.0
            var restores = 0.0
            for node in nodes.dropFirst() {
                let port = node.url.split(separator: ":").last?.filter(\.isNumber) ?? ""
                let (_, text) = try DeployTools.run(
                    curl, ["-sS", "--max-time", "5", "http://127.0.0.1:\(port)/metrics"])
                redirects += Self.value(of: "petri_cluster_redirects_total", in: text)
                restores += Self.value(of: "petri_cluster_restores_total", in: text)
                let (_, ready) = try DeployTools.run(
                    curl, ["-sS", "--max-time", "5", "http://127.0.0.1:\(port)/readyz"])
                #expect(ready.contains("\"ready\""))
            }
            #expect(redirects >= 6)
            #expect(restores == 1)
        }
        await client.shutdown()
    }

    /// A counter's value in Prometheus text (0 when absent).
    static func value(of name: String, in text: String) -> Double {
        text.split(separator: "\n").first { $0.hasPrefix(name + " ") }
            .flatMap { $0.split(separator: " ").last.flatMap { Double($0) } } ?? 0
    }

    @Test(.timeLimit(.minutes(2)))
    func aNodeWhoseLeaseWasTakenCannotWriteAndSendsItsClientsToTheNewOwner() async throws {
        // Given nodes A and B (in-process hubs) sharing a store, and a lesson on A with a student
        let nodes = try await Self.twoNodes()
        let (url, a, b, serverA, serverB, client) = (
            nodes.url, nodes.a, nodes.b, nodes.serverA, nodes.serverB, nodes.client
        )
        let teacher = try await TestClient(client, url: serverA.url)
        let (code, token) = try await teacher.createLesson(.camouflage, Self.moths, seed: 42)
        _ = try await teacher.attach(.teach(code: code, token: token, lastSeen: nil))
        let ada = try await attachThroughCluster(client, home: serverB.url, .join(code: code, name: "Ada"))
        #expect(ada.url == serverA.url)
        let adaToken = try #require(ada.welcome.you?.token)
        let id = try #require(a.heldLeases.keys.first)

        // When A's lease runs out without A noticing and Ada, coming back through B, makes B claim the lesson
        try await Self.expireLeases(url)
        let back = try await attachThroughCluster(
            client, home: serverB.url, .resume(code: code, token: adaToken, lastSeen: nil))
        #expect(back.url == serverB.url)
        #expect(back.redirects == 0)
        #expect(b.heldLeases[id] == 2)
        let logOnB = try await b.log(ofLesson: id).count

        // Then A, which still runs its copy, cannot store the teacher's step: the teacher is told it was
        // not done and sent away to reconnect
        try teacher.send(.step(count: 1))
        let refusal = try await teacher.expectError()
        #expect(refusal.code == .lessonReloading)
        _ = try? await teacher.expect("close") { _ in nil as Bool? }
        #expect(teacher.closed?.code == .storageUnavailable)
        // And nothing A tried reached the log, and A no longer counts the lesson as its own
        #expect(try await b.log(ofLesson: id).count == logOnB)
        #expect(a.heldLeases.isEmpty)

        // And the teacher, reconnecting to A, is sent to B and finds the lesson there
        let teacherBack = try await attachThroughCluster(
            client, home: serverA.url, .teach(code: code, token: token, lastSeen: nil))
        #expect(teacherBack.url == serverB.url)
        #expect(teacherBack.welcome.position.generation == 0)

        await nodes.stop()
    }

    @Test(.timeLimit(.minutes(2)))
    func aNodeWhoseSessionIsTerminatedHasItsLessonTakenOverWithoutWaitingForTheLease() async throws {
        // Given node A, on a database role of its own (so that it can be kept out), and node B (in-process hubs
        // with ten-minute leases) sharing a store, and a lesson on A with a student whose answer was acknowledged
        let url = try await PrivatePostgres.shared().createDatabase()
        let b = try await Self.storage("b", url)
        let role = "node_gone_\(UInt32.random(in: 0...UInt32.max))"
        try await b.client.query("CREATE ROLE \(unescaped: role) LOGIN SUPERUSER")
        let a = try await Self.storage("a", url.replacingOccurrences(of: "petri@", with: "\(role)@"))
        let serverA = try await TestServer.start(storage: a, ownership: a)
        let serverB = try await TestServer.start(storage: b, ownership: b)
        try await a.advertise(serverA.url)
        try await b.advertise(serverB.url)
        let client = try await WebSocketClient.start()
        let teacher = try await TestClient(client, url: serverA.url)
        let (code, token) = try await teacher.createLesson(.camouflage, Self.moths, seed: 42)
        _ = try await teacher.attach(.teach(code: code, token: token, lastSeen: nil))
        let ada = try await attachThroughCluster(client, home: serverB.url, .join(code: code, name: "Ada"))
        #expect(ada.url == serverA.url)
        let adaToken = try #require(ada.welcome.you?.token)
        try teacher.send(.step(count: 2))
        try await teacher.waitForGeneration(2)
        try teacher.send(.ask(QuestionSpec(metric: "meanTrait", kind: .number(tolerance: 20), horizon: 2)))
        let asked = try await ada.peer.expect("question") { if case .question(let q) = $0 { q } else { nil } }
        try ada.peer.send(.answer(question: asked.id, prediction: .number(40)))
        _ = try await ada.peer.expect("answerAccepted") { if case .answerAccepted = $0 { true } else { nil } }
        let id = try #require(a.heldLeases.keys.first)

        // When A's PostgreSQL sessions are terminated (pg_terminate_backend, waiting for them to exit) and it
        // cannot log in again, as when its process is killed or its machine is gone, and Ada comes back through B
        try await b.client.query("ALTER ROLE \(unescaped: role) NOLOGIN")
        try await b.client.query(
            "SELECT pg_terminate_backend(pid, 10000) FROM pg_stat_activity WHERE usename = \(role)")
        ada.peer.close()
        let back = try await attachThroughCluster(
            client, home: serverB.url, .resume(code: code, token: adaToken, lastSeen: nil))

        // Then B took the lesson over at once (A's lease had ten minutes left), with Ada's answer kept
        #expect(back.url == serverB.url)
        #expect(back.redirects == 0)
        #expect(b.heldLeases[id] == 2)
        #expect(back.welcome.answers.map(\.question) == [asked.id])
        #expect(back.welcome.position.generation == 2)

        await client.shutdown()
        try await b.client.query("ALTER ROLE \(unescaped: role) LOGIN")
        await serverB.stop()
        await serverA.stop()
        a.close()
        b.close()
    }

    // Three minutes: it took 89-124 s in this session's runs (why so long is not yet known), and two minutes was hit
    // once in a loaded full run.
    @Test(.timeLimit(.minutes(3)))
    func aNodeCutOffFromPostgreSQLAcknowledgesNothing() async throws {
        // Given a node whose database role can be cut off (a partition), running a lesson with a teacher
        let postgres = try await PrivatePostgres.shared()
        let url = try await postgres.createDatabase()
        let admin = try await Self.storage("admin", url)
        let role = "node_cut_\(UInt32.random(in: 0...UInt32.max))"
        try await admin.client.query("CREATE ROLE \(unescaped: role) LOGIN SUPERUSER")
        let nodeURL = url.replacingOccurrences(of: "petri@", with: "\(role)@")
        let a = try await Self.storage("a", nodeURL)
        let server = try await TestServer.start(storage: a, ownership: a)
        let client = try await WebSocketClient.start()
        let teacher = try await TestClient(client, url: server.url)
        let (code, token) = try await teacher.createLesson(.camouflage, Self.moths, seed: 42)
        _ = try await teacher.attach(.teach(code: code, token: token, lastSeen: nil))
        #expect(await a.isWritable())

        // When the node is cut off from PostgreSQL
        try await admin.client.query("ALTER ROLE \(unescaped: role) NOLOGIN")
        try await admin.client.query(
            "SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE usename = \(role)")

        // Then it is not ready, and a step is refused rather than acknowledged
        #expect(await a.isWritable() == false)
        try teacher.send(.step(count: 1))
        let refusal = try await teacher.expectError()
        #expect(refusal.code == .lessonReloading)
        #expect(
            teacher.seen.contains { if case .snapshot(let h, _) = $0 { h.generation == 1 } else { false } } == false)

        // And once it is reachable again, the lesson is served from what was stored: nothing of the refused step
        try await admin.client.query("ALTER ROLE \(unescaped: role) LOGIN")
        let back = try await attachThroughCluster(
            client, home: server.url, .teach(code: code, token: token, lastSeen: nil))
        #expect(back.welcome.position.generation == 0)

        await client.shutdown()
        await server.stop()
        a.close()
        admin.close()
    }

    /// Nodes A and B: in-process hubs on one new PostgreSQL database, each advertising its own address, and a
    /// client to reach them.
    struct TwoNodes {
        let url: String
        let a: PostgresLessonStorage
        let b: PostgresLessonStorage
        let serverA: TestServer
        let serverB: TestServer
        let client: WebSocketClient

        /// Stops the client, both servers and their stores.
        func stop() async {
            await client.shutdown()
            await serverA.stop()
            await serverB.stop()
            a.close()
            b.close()
        }
    }

    static func twoNodes() async throws -> TwoNodes {
        let url = try await PrivatePostgres.shared().createDatabase()
        let a = try await storage("a", url)
        let b = try await storage("b", url)
        let serverA = try await TestServer.start(storage: a, ownership: a)
        let serverB = try await TestServer.start(storage: b, ownership: b)
        try await a.advertise(serverA.url)
        try await b.advertise(serverB.url)
        return TwoNodes(
            url: url, a: a, b: b, serverA: serverA, serverB: serverB, client: try await WebSocketClient.start())
    }

    static func storage(_ node: String, _ url: String) async throws -> PostgresLessonStorage {
        try await PostgresLessonStorage.connect(
            url: url,
            node: ClusterNode(
                id: node, advertisedURL: "ws://127.0.0.1:1/", leaseMilliseconds: 600_000, renewMilliseconds: 300_000))
    }

    /// Makes every lease run out now, as if its holder had stopped renewing long enough.
    static func expireLeases(_ url: String) async throws {
        let storage = try await storage("clock", url)
        defer { storage.close() }
        try await storage.client.query("UPDATE lease SET expires_at = now() - interval '1 second'")
    }
}

/// The administrator erasing a lesson from a node that does not run it.
@Suite struct ClusterErasureTests {
    @Test(.timeLimit(.minutes(2)))
    func aLessonErasedFromAnotherNodeIsClosedForItsStudentWithTheSentence() async throws {
        let executable = try #require(petriExecutable(), "build the petri executable first (swift build)")
        let store = try await PrivatePostgres.shared().createDatabase()
        // Given two `petri serve` nodes (leases renewed every 1.5 s), a lesson on node 1 and a student in it
        var nodes: [ClusterNodeProcess] = []
        for name in ["node-1", "node-2"] {
            nodes.append(try await ClusterNodeProcess.start(name, store: store, executable: executable))
        }
        defer { for node in nodes { kill(node.process.process.processIdentifier, SIGKILL) } }
        let client = try await WebSocketClient.start()
        let teacher = try await TestClient(client, url: nodes[0].url)
        let (code, _) = try await teacher.createLesson(.camouflage, ClusterTests.moths, seed: 42)
        let student = try await TestClient(client, url: nodes[0].url)
        _ = try await student.attach(.join(code: code, name: "Zebedee"))

        // When the administrator erases it through node 2
        let admin = try await TestClient(client, url: nodes[1].url)
        try admin.send(.account(session: testTeacherKey, request: .eraseLesson(code: code)))
        _ = try await admin.expectReply("myLessons") { if case .myLessons(let l) = $0 { l } else { nil } }

        // Then node 1 closes it for the student at its next lease renewal, with the sentence and 4002 (not "moved")
        let told = try await student.expectError()
        #expect(told.code == .lessonEnded && told.message.contains("erased this lesson"))
        while try await student.next() != nil {}
        #expect(student.closed?.code.rawValue == LessonCloseCode.lessonEnded.rawValue)
        // And neither node knows the code any more
        for node in nodes {
            let late = try await TestClient(client, url: node.url)
            try late.send(.join(code: code, name: "Late"))
            #expect(try await late.expectError().code == .unknownLesson)
        }
    }
}
