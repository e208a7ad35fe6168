import PetriLesson
import PetriPostgresTesting
import PetriProtocol
import PetriStorage
import PostgresNIO
import Testing

@testable import PetriStorePostgres

/// Erasing a student on a real (private) PostgreSQL cluster of two nodes: the node that holds the lesson
/// rewrites its history, and the node that takes it over next finds nothing that names the student.
@Suite struct PostgresErasureTests {
    static let name = "Zebedee Quockerwodger"

    @Test func aNodeTakingOverAfterAnErasureFindsOnlyTheCheckpointAndNoName() async throws {
        // Given node A holding a lesson Zebedee joined (with a reason-bearing answer row), stored up to entry 3
        let url = try await PrivatePostgres.shared().createDatabase()
        let a = try await LeaseFencingTests.node("a", url)
        let b = try await LeaseFencingTests.node("b", url)
        defer {
            a.close()
            b.close()
        }
        let record = try LeaseFencingTests.record(code: "ERASEA")
        try await a.createLesson(record)
        let token = try AccessToken(String(repeating: "z", count: 22))
        let join = LogEntryToStore(
            entry: LessonLogEntry(
                sequence: 1, time: Timestamp(millisecondsSince1970: 1_001), actor: .guest,
                command: .join(name: Self.name, token: token)),
            generation: 0, facts: [.joined(StudentID(1), name: Self.name, token: token)])
        try await a.append([join, LeaseFencingTests.entry(2), LeaseFencingTests.entry(3)], toLesson: record.id)
        try await a.saveCheckpoint(
            LessonCheckpoint(sequence: 2, generation: 2, stateHash: 7, state: Array(Self.name.utf8)),
            ofLesson: record.id,
            at: Timestamp(millisecondsSince1970: 2_000), keeping: 2)

        // When A erases Zebedee with a checkpoint (already without them) at entry 3
        let erased = LessonCheckpoint(sequence: 3, generation: 3, stateHash: 7, state: [1, 2, 3])
        try await a.eraseStudent(
            StudentID(1), keeping: erased, ofLesson: record.id, at: Timestamp(millisecondsSince1970: 3_000))

        // Then, once A's lease has run out and B takes the lesson over, B restores from that checkpoint alone
        try await LeaseFencingTests.expireLease(of: record.id, url)
        #expect(try await b.claim(lesson: record.id))
        let point = try await b.recovery(ofLesson: record.id)
        #expect(point.checkpoint == erased)
        #expect(point.entries.isEmpty)
        #expect(try await b.log(ofLesson: record.id).map(\.sequence) == [3])
        // And no row B can read names Zebedee, and the log is append-only again
        let names = try await b.client.query(
            "SELECT display_name FROM student WHERE lesson_id = \(record.id)"
        ).decode(String.self).collected()
        #expect(names == [""])
        let matches = try await b.client.query(
            """
            SELECT count(*) FROM action WHERE payload LIKE '%Zebedee%'
            UNION ALL SELECT count(*) FROM checkpoint WHERE position('Zebedee'::bytea IN state) > 0
            """
        ).decode(Int64.self).collected()
        #expect(matches == [0, 0])
        await #expect(throws: (any Error).self) {
            try await b.client.query("DELETE FROM action WHERE lesson_id = \(record.id)")
        }
        // And B appends after the checkpoint as usual
        try await b.append([LeaseFencingTests.entry(4)], toLesson: record.id)
        #expect(try await b.log(ofLesson: record.id).map(\.sequence) == [3, 4])
    }

    @Test func twoNodesSweepingAtOnceEraseAnEndedLessonOnceWithAllItsRows() async throws {
        // Given an ended lesson Zebedee joined, and a running one, on a database two nodes share
        let url = try await PrivatePostgres.shared().createDatabase()
        let a = try await LeaseFencingTests.node("a", url)
        let b = try await LeaseFencingTests.node("b", url)
        defer {
            a.close()
            b.close()
        }
        let ended = try LeaseFencingTests.record(code: "SWEEPA")
        let running = try LeaseFencingTests.record(code: "SWEEPB")
        try await a.createLesson(ended)
        try await a.createLesson(running)
        let token = try AccessToken(String(repeating: "z", count: 22))
        let join = LogEntryToStore(
            entry: LessonLogEntry(
                sequence: 1, time: Timestamp(millisecondsSince1970: 1_001), actor: .guest,
                command: .join(name: Self.name, token: token)),
            generation: 0, facts: [.joined(StudentID(1), name: Self.name, token: token)])
        try await a.append([join], toLesson: ended.id)
        try await a.endLesson(id: ended.id, at: Timestamp(millisecondsSince1970: 5_000))

        // When both nodes sweep at once for lessons ended before a later time
        let cutoff = Timestamp(millisecondsSince1970: 10_000)
        async let fromA = a.eraseLessons(endedBefore: cutoff)
        async let fromB = b.eraseLessons(endedBefore: cutoff)
        let (erasedByA, erasedByB) = try await (fromA, fromB)

        // Then exactly one of them erased it, with every row of it, and the running lesson stays
        #expect((erasedByA + erasedByB) == [ended.id])
        let rows = try await b.client.query(
            """
            SELECT (SELECT count(*) FROM lesson WHERE id = \(ended.id)) + (SELECT count(*) FROM action WHERE lesson_id = \(ended.id))
                + (SELECT count(*) FROM student WHERE lesson_id = \(ended.id))
            """
        ).decode(Int64.self).collected()
        #expect(rows == [0])
        #expect(try await b.unfinishedLessons().map(\.id) == [running.id])
    }

    @Test func theAdministratorErasesALessonAnotherNodeHoldsAndThatNodeLosesItsLease() async throws {
        // Given node B holding a running lesson Zebedee joined (a checkpoint naming him), and another lesson
        let url = try await PrivatePostgres.shared().createDatabase()
        let a = try await LeaseFencingTests.node("a", url)
        let b = try await LeaseFencingTests.node("b", url)
        defer {
            a.close()
            b.close()
        }
        let record = try LeaseFencingTests.record(code: "ERASEX")
        let kept = try LeaseFencingTests.record(code: "ERASEY")
        try await b.createLesson(record)
        try await b.createLesson(kept)
        #expect(try await b.claim(lesson: record.id))
        let token = try AccessToken(String(repeating: "z", count: 22))
        let join = LogEntryToStore(
            entry: LessonLogEntry(
                sequence: 1, time: Timestamp(millisecondsSince1970: 1_001), actor: .guest,
                command: .join(name: Self.name, token: token)),
            generation: 0, facts: [.joined(StudentID(1), name: Self.name, token: token)])
        try await b.append([join, LeaseFencingTests.entry(2)], toLesson: record.id)
        try await b.saveCheckpoint(
            LessonCheckpoint(sequence: 2, generation: 2, stateHash: 7, state: Array(Self.name.utf8)),
            ofLesson: record.id, at: Timestamp(millisecondsSince1970: 2_000), keeping: 2)

        // When the administrator, on node A, erases it
        let erased = try await a.eraseLesson(id: record.id)

        // Then every row of it is gone (its lease too), the other lesson stays, and erasing again finds nothing
        #expect(erased)
        let rows = try await a.client.query(
            """
            SELECT (SELECT count(*) FROM lesson WHERE id = \(record.id)) + (SELECT count(*) FROM action WHERE lesson_id = \(record.id))
                + (SELECT count(*) FROM student WHERE lesson_id = \(record.id))
                + (SELECT count(*) FROM checkpoint WHERE lesson_id = \(record.id))
                + (SELECT count(*) FROM lease WHERE lesson_id = \(record.id))
            """
        ).decode(Int64.self).collected()
        #expect(rows == [0])
        #expect(try await a.unfinishedLessons().map(\.id) == [kept.id])
        #expect(try await !a.eraseLesson(id: record.id))
        // And B, which held it, can write nothing more to it, and finds its code unknown
        await #expect(throws: (any Error).self) {
            try await b.append([LeaseFencingTests.entry(3)], toLesson: record.id)
        }
        guard case .unknown = try await b.locate(code: record.code, endedSince: Timestamp(millisecondsSince1970: 0))
        else {
            Issue.record("the erased lesson's code still names a lesson")
            return
        }
    }
}
