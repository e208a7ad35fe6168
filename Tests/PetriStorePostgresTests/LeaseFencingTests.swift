import Logging
import PetriLesson
import PetriPostgresTesting
import PetriProtocol
import PetriStorage
import PostgresNIO
import Testing

@testable import PetriStorePostgres

/// Lesson ownership by lease on a real (private) PostgreSQL: the epoch fences every write.
@Suite struct LeaseFencingTests {
    @Test func twoNodesThatBothBelieveTheyOwnALessonCannotBothAppend() async throws {
        // Given node A, which created a lesson (lease epoch 1), and node B on the same database
        let (a, b, url) = try await Self.twoNodes()
        defer { for node in [a, b] { node.close() } }
        let record = try Self.record(code: "FENCEA")
        try await a.createLesson(record)
        try await a.append([Self.entry(1)], toLesson: record.id)
        #expect(try await b.claim(lesson: record.id) == false)

        // When A's lease runs out without A noticing (it still believes it owns the lesson) and B claims it
        try await Self.expireLease(of: record.id, url)
        #expect(try await b.claim(lesson: record.id))
        #expect(a.heldLeases[record.id] == 1)
        #expect(b.heldLeases[record.id] == 2)

        // Then A cannot append (nothing of it is written), and B can, right after the last entry A stored
        await #expect {
            try await a.append([Self.entry(2)], toLesson: record.id)
        } throws: { ($0 as? PostgresStoreError)?.code == .leaseLost }
        try await b.append([Self.entry(2)], toLesson: record.id)
        #expect(try await b.log(ofLesson: record.id).map(\.sequence) == [1, 2])
        // And A no longer counts the lesson as its own, and reports it lost
        #expect(a.heldLeases[record.id] == nil)
        var lost = a.lostLeases.makeAsyncIterator()
        #expect(await lost.next() == record.id)
        // And A's checkpoints and end are fenced too
        await #expect(throws: PostgresStoreError.self) {
            try await a.endLesson(id: record.id, at: Timestamp(millisecondsSince1970: 2_000))
        }
    }

    @Test func aRenewalThatFindsTheLeaseTakenReportsTheLessonLost() async throws {
        // Given node A holding a lesson that node B took over after A's lease ran out
        let (a, b, url) = try await Self.twoNodes()
        defer { for node in [a, b] { node.close() } }
        let record = try Self.record(code: "FENCEB")
        try await a.createLesson(record)
        try await Self.expireLease(of: record.id, url)
        #expect(try await b.claim(lesson: record.id))

        // When A renews its leases
        await a.renewOnce()

        // Then it learns it lost the lesson, and B's lease is untouched
        var lost = a.lostLeases.makeAsyncIterator()
        #expect(await lost.next() == record.id)
        #expect(a.heldLeases.isEmpty)
        #expect(b.heldLeases[record.id] == 2)
    }

    @Test func aNodeFindsWhereALessonLivesByItsCode() async throws {
        // Given node A running a lesson
        let (a, b, _) = try await Self.twoNodes()
        defer { for node in [a, b] { node.close() } }
        let record = try Self.record(code: "WHEREX")
        try await a.createLesson(record)
        let since = Timestamp(millisecondsSince1970: 0)

        // Then B is told to send clients to A's advertised URL, and an unknown code is unknown
        guard case .elsewhere(let owner, record.id) = try await b.locate(code: record.code, endedSince: since) else {
            Issue.record("B should see the lesson on A")
            return
        }
        #expect(owner == "ws://127.0.0.1:1/a")
        guard case .unknown = try await b.locate(code: JoinCode("NNNN99"), endedSince: since) else {
            Issue.record("an unknown code should be unknown")
            return
        }
        // When A gives the lesson up, B may claim and restore it
        await a.release(lesson: record.id)
        guard case .claimable(let found, _) = try await b.locate(code: record.code, endedSince: since) else {
            Issue.record("a released lesson should be claimable")
            return
        }
        #expect(found.id == record.id)
        #expect(try await b.claim(lesson: record.id))
    }

    @Test func aNodeWhoseSessionEndsLosesItsLessonsAtOnceAndNothingItStoredIsLost() async throws {
        // Given node A, on a database role of its own (so that it can be kept out), holding a lesson with a
        // ten-minute lease and two stored actions, and node B on the same database
        let url = try await PrivatePostgres.shared().createDatabase()
        let b = try await Self.node("b", url)
        let role = "node_a_\(UInt32.random(in: 0...UInt32.max))"
        try await b.client.query("CREATE ROLE \(unescaped: role) LOGIN SUPERUSER")
        let a = try await Self.node("a", url.replacingOccurrences(of: "petri@", with: "\(role)@"))
        defer {
            a.close()
            b.close()
        }
        #expect(a.isPresent)
        let record = try Self.record(code: "DEADNX")
        try await a.createLesson(record)
        try await a.append([Self.entry(1), Self.entry(2)], toLesson: record.id)
        // (while A's session lives, its lease holds)
        #expect(try await b.claim(lesson: record.id) == false)

        // When A's sessions end (pg_terminate_backend, waiting for them to exit) and it cannot log in again,
        // as when its process is killed or its machine is gone
        try await b.client.query("ALTER ROLE \(unescaped: role) NOLOGIN")
        try await b.client.query(
            "SELECT pg_terminate_backend(pid, 10000) FROM pg_stat_activity WHERE usename = \(role)")

        // Then B sees the lesson claimable and claims it at once, long before A's lease would run out
        let since = Timestamp(millisecondsSince1970: 0)
        guard case .claimable = try await b.locate(code: record.code, endedSince: since) else {
            Issue.record("a lesson whose holder's session is gone should be claimable")
            return
        }
        #expect(try await b.claim(lesson: record.id))
        #expect(b.heldLeases[record.id] == 2)
        // And every action A stored is there, and B continues right after them (A's epoch 1 is fenced off)
        #expect(try await b.log(ofLesson: record.id).map(\.sequence) == [1, 2])
        try await b.append([Self.entry(3)], toLesson: record.id)
        #expect(try await b.log(ofLesson: record.id).map(\.sequence) == [1, 2, 3])
    }

    @Test func migrationsRunOnceAndAreRecordedInOrder() async throws {
        // Given a database a node has already migrated
        let url = try await PrivatePostgres.shared().createDatabase()
        let first = try await Self.node("a", url)
        first.close()
        // When another node opens it
        let second = try await Self.node("b", url)
        defer { second.close() }
        // Then the schema's history is each migration once, in order (by number: as text, "v10" comes before "v2")
        var rows: [String] = []
        for try await identifier in try await second.client.query(
            "SELECT identifier FROM petri_migration ORDER BY CAST(substr(identifier, 2) AS INTEGER)"
        ).decode(String.self) {
            rows.append(identifier)
        }
        #expect(rows == PostgresSchema.migrations.map(\.identifier))
        #expect(rows == (1...PostgresSchema.migrations.count).map { "v\($0)" })
    }

    // MARK: - Helpers

    static func node(_ id: String, _ url: String) async throws -> PostgresLessonStorage {
        // Renewal every 10 minutes: the tests renew (and let leases run out) themselves.
        try await PostgresLessonStorage.connect(
            url: url,
            node: ClusterNode(
                id: id, advertisedURL: "ws://127.0.0.1:1/\(id)", leaseMilliseconds: 600_000,
                renewMilliseconds: 300_000))
    }

    /// Nodes A and B on a new private database, and its URL.
    static func twoNodes() async throws -> (PostgresLessonStorage, PostgresLessonStorage, String) {
        let url = try await PrivatePostgres.shared().createDatabase()
        return (try await node("a", url), try await node("b", url), url)
    }

    /// Makes a lease run out now (as if its holder had stopped renewing long enough).
    static func expireLease(of lesson: String, _ url: String) async throws {
        let storage = try await node("clock", url)
        defer { storage.close() }
        try await storage.client.query(
            "UPDATE lease SET expires_at = now() - interval '1 second' WHERE lesson_id = \(lesson)")
    }

    static func record(code: String) throws -> LessonRecord {
        LessonRecord(
            id: "lesson-\(code.lowercased())", code: try JoinCode(code),
            teacherToken: try AccessToken(String(repeating: "a", count: 64)), tokens: .digest,
            definition: LessonDefinition(model: .life, seed: 1, parameters: .object([:])),
            configuration: LessonConfiguration(), createdAt: Timestamp(millisecondsSince1970: 1_000))
    }

    static func entry(_ sequence: Int) -> LogEntryToStore {
        LogEntryToStore(
            entry: LessonLogEntry(
                sequence: sequence, time: Timestamp(millisecondsSince1970: Int64(1_000 + sequence)), actor: .server,
                command: .tick),
            generation: sequence)
    }
}
