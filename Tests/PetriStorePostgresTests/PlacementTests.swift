import PetriPostgresTesting
import PetriProtocol
import PetriStorage
import PostgresNIO
import Testing

@testable import PetriStorePostgres

/// Where a lesson nobody live holds goes, on a real (private) PostgreSQL: to the live node running the fewest.
@Suite struct PlacementTests {
    @Test func aDeadNodesLessonsSpreadOverTheLiveNodesTheEmptiestFirst() async throws {
        // Given node A running four lessons, B running one, and C running none (one it ran has ended)
        let (a, b, c, kill) = try await Self.threeNodes()
        defer { for node in [a, b, c] { node.close() } }
        let lost = try ["LSTAAA", "LSTBBB", "LSTCCC", "LSTDDD"].map { try LeaseFencingTests.record(code: $0) }
        for record in lost { try await a.createLesson(record) }
        try await b.createLesson(try LeaseFencingTests.record(code: "BRUNSX"))
        let ended = try LeaseFencingTests.record(code: "CENDED")
        try await c.createLesson(ended)
        try await c.endLesson(id: ended.id, at: Timestamp(millisecondsSince1970: 5_000))

        // When A dies and B is asked for each of A's lessons in turn
        try await kill()
        var placements: [LessonPlacement] = []
        for record in lost { placements.append(try await b.place(lesson: record.id)) }

        // Then they alternate between C (the emptier, or a tie B keeps) and B, two each
        let toC = LessonPlacement.elsewhere(url: "ws://127.0.0.1:1/c")
        #expect(placements == [toC, .here, toC, .here])
        #expect(Set(b.heldLeases.keys) == [lost[1].id, lost[3].id, "lesson-brunsx"])
        // And every node now finds a lesson given to C there, though C has not claimed it yet
        let since = Timestamp(millisecondsSince1970: 0)
        guard case .elsewhere(let where0, _) = try await b.locate(code: lost[0].code, endedSince: since) else {
            Issue.record("a lesson given to C should be located on C")
            return
        }
        #expect(where0 == "ws://127.0.0.1:1/c")
        #expect(try await b.place(lesson: lost[0].id) == .taken)
        // And C, when its client arrives, takes the lease it was given under an epoch of its own
        // (created 1, given 2, claimed 3), so nothing from before can commit
        guard case .claimable = try await c.locate(code: lost[0].code, endedSince: since) else {
            Issue.record("C should find the lesson it was given claimable by itself")
            return
        }
        #expect(try await c.place(lesson: lost[0].id) == .here)
        #expect(c.heldLeases[lost[0].id] == 3)
    }

    @Test func aNodeTakesItsOwnLessonBackHoweverManyItRuns() async throws {
        // Given node A running three lessons, node B running none, and one of A's leases run out
        let (a, b, url) = try await LeaseFencingTests.twoNodes()
        defer { for node in [a, b] { node.close() } }
        let records = try ["WNAAAA", "WNBBBB", "WNCCCC"].map { try LeaseFencingTests.record(code: $0) }
        for record in records { try await a.createLesson(record) }
        try await LeaseFencingTests.expireLease(of: records[0].id, url)

        // When A places it (as after a restart, its clients back)
        let placement = try await a.place(lesson: records[0].id)

        // Then A keeps it: moving it would only move its clients
        #expect(placement == .here)
        #expect(a.heldLeases[records[0].id] == 2)
    }

    @Test func placementsMadeAtOnceFromTwoNodesStillSpreadEvenly() async throws {
        // Given node A running six lessons, and nodes B and C running none
        let (a, b, c, kill) = try await Self.threeNodes()
        defer { for node in [a, b, c] { node.close() } }
        let lost = try ["SPAAAA", "SPBBBB", "SPCCCC", "SPDDDD", "SPEEEE", "SPFFFF"].map {
            try LeaseFencingTests.record(code: $0)
        }
        for record in lost { try await a.createLesson(record) }

        // When A dies and B and C are asked for its lessons at the same time, four at B and two at C
        try await kill()
        async let fromB = Self.placeAll(lost[0..<4].map(\.id), on: b)
        async let fromC = Self.placeAll(lost[4..<6].map(\.id), on: c)
        let placements = try await fromB + fromC

        // Then every lesson was placed once, and B and C hold three each (each placement counted the ones before)
        #expect(!placements.contains(.taken))
        let holders = try await b.holders()
        #expect(holders.count == 6)
        #expect(holders.values.filter { $0 == "b" }.count == 3)
        #expect(holders.values.filter { $0 == "c" }.count == 3)
    }

    static func placeAll(_ ids: [String], on node: PostgresLessonStorage) async throws -> [LessonPlacement] {
        var placements: [LessonPlacement] = []
        for id in ids { placements.append(try await node.place(lesson: id)) }
        return placements
    }

    /// Nodes B and C, and node A with a way to end its sessions for good (``mortalNode(_:_:admin:)``), on a new
    /// private database.
    static func threeNodes() async throws -> (
        a: PostgresLessonStorage, b: PostgresLessonStorage, c: PostgresLessonStorage,
        kill: @Sendable () async throws -> Void
    ) {
        let url = try await PrivatePostgres.shared().createDatabase()
        let b = try await LeaseFencingTests.node("b", url)
        let c = try await LeaseFencingTests.node("c", url)
        let (a, kill) = try await mortalNode("a", url, admin: b)
        return (a, b, c, kill)
    }

    /// A node on a database role of its own, and a way to end its sessions for good (its process killed): the role
    /// may log in no more, and `admin` terminates its sessions and waits for them to exit.
    static func mortalNode(
        _ id: String, _ url: String, admin: PostgresLessonStorage
    ) async throws -> (PostgresLessonStorage, @Sendable () async throws -> Void) {
        let role = "node_\(id)_\(UInt32.random(in: 0...UInt32.max))"
        try await admin.client.query("CREATE ROLE \(unescaped: role) LOGIN SUPERUSER")
        let node = try await LeaseFencingTests.node(id, url.replacingOccurrences(of: "petri@", with: "\(role)@"))
        #expect(node.isPresent)
        return (
            node,
            {
                try await admin.client.query("ALTER ROLE \(unescaped: role) NOLOGIN")
                try await admin.client.query(
                    "SELECT pg_terminate_backend(pid, 10000) FROM pg_stat_activity WHERE usename = \(role)")
            }
        )
    }
}
