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

    /// The log entry of Zebedee joining, the first of a lesson.
    static func zebedeeJoins() throws -> LogEntryToStore {
        let token = try AccessToken(String(repeating: "z", count: 22))
        return LogEntryToStore(
            entry: LessonLogEntry(
                sequence: 1, time: Timestamp(millisecondsSince1970: 1_001), actor: .guest,
                command: .join(name: name, token: token)),
            generation: 0, facts: [.joined(StudentID(1), name: name, token: token)])
    }

    @Test func aNodeTakingOverAfterAnErasureFindsOnlyTheCheckpointAndNoName() async throws {
        // Given node A holding a lesson Zebedee joined (with a reason-bearing answer row), stored up to entry 3
        let (a, b, url) = try await LeaseFencingTests.twoNodes()
        defer { for node in [a, b] { node.close() } }
        let record = try LeaseFencingTests.record(code: "ERASEA")
        try await a.createLesson(record)
        let join = try Self.zebedeeJoins()
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
        let (a, b, _) = try await LeaseFencingTests.twoNodes()
        defer { for node in [a, b] { node.close() } }
        let ended = try LeaseFencingTests.record(code: "SWEEPA")
        let running = try LeaseFencingTests.record(code: "SWEEPB")
        try await a.createLesson(ended)
        try await a.createLesson(running)
        let join = try Self.zebedeeJoins()
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

    @Test func erasingByCodeTakesEveryLessonWithItAndEveryRowOfThemAndLeavesTheOthers() async throws {
        // Given an ended lesson and a running one with the same code (Zebedee in each: log, checkpoint, student),
        // the running one held by node B, and a lesson with another code
        let (a, b, _) = try await LeaseFencingTests.twoNodes()
        defer { for node in [a, b] { node.close() } }
        var ended = try LeaseFencingTests.record(code: "ERASEC")
        ended.id = "lesson-erasec-ended"
        let running = try LeaseFencingTests.record(code: "ERASEC")
        let kept = try LeaseFencingTests.record(code: "ERASEK")
        // (each lesson's student with a resume token of their own: a token is unique in the store)
        func join(_ letter: Character) throws -> LogEntryToStore {
            let token = try AccessToken(String(repeating: letter, count: 22))
            return LogEntryToStore(
                entry: LessonLogEntry(
                    sequence: 1, time: Timestamp(millisecondsSince1970: 1_001), actor: .guest,
                    command: .join(name: Self.name, token: token)),
                generation: 0, facts: [.joined(StudentID(1), name: Self.name, token: token)])
        }
        let answer = LogEntryToStore(
            entry: LessonLogEntry(
                sequence: 2, time: Timestamp(millisecondsSince1970: 1_002), actor: .student(StudentID(1)),
                command: .answer(QuestionID(1), .number(40))),
            generation: 1,
            facts: [
                .answered(
                    QuestionID(1), by: StudentID(1), prediction: .number(40), usedHint: false, allowsChange: false)
            ])
        for (record, letter) in [(ended, "x"), (running, "y"), (kept, "z")] as [(LessonRecord, Character)] {
            try await b.createLesson(record)
            #expect(try await b.claim(lesson: record.id))
            try await b.append([try join(letter), answer], toLesson: record.id)
            try await b.saveCheckpoint(
                LessonCheckpoint(sequence: 2, generation: 2, stateHash: 7, state: Array(Self.name.utf8)),
                ofLesson: record.id, at: Timestamp(millisecondsSince1970: 2_000), keeping: 2)
            if record.id == ended.id {
                try await b.endLesson(id: record.id, at: Timestamp(millisecondsSince1970: 3_000))
            }
        }

        let answers = try await a.client.query("SELECT count(*) FROM answer").decode(Int64.self).collected()
        #expect(answers == [3])

        // When the administrator erases the code (`petri store erase-lesson --url`), from another connection
        let erased = try await a.eraseLessons(joinCode: "ERASEC")

        // Then both lessons with it are gone with every row naming them, the other stays whole, and again finds none
        #expect(erased == [ended.id, running.id].sorted())
        for id in [ended.id, running.id] {
            let rows = try await a.client.query(
                """
                SELECT (SELECT count(*) FROM lesson WHERE id = \(id)) + (SELECT count(*) FROM action WHERE lesson_id = \(id))
                    + (SELECT count(*) FROM student WHERE lesson_id = \(id))
                    + (SELECT count(*) FROM answer WHERE lesson_id = \(id))
                    + (SELECT count(*) FROM checkpoint WHERE lesson_id = \(id))
                    + (SELECT count(*) FROM lease WHERE lesson_id = \(id))
                """
            ).decode(Int64.self).collected()
            #expect(rows == [0], "rows of \(id) left")
        }
        #expect(try await a.unfinishedLessons().map(\.id) == [kept.id])
        #expect(try await a.log(ofLesson: kept.id).map(\.sequence) == [1, 2])
        #expect(try await a.eraseLessons(joinCode: "ERASEC") == [])
        // And B, which ran one, can write nothing more to it
        await #expect(throws: (any Error).self) {
            try await b.append([LeaseFencingTests.entry(3)], toLesson: running.id)
        }
    }

    @Test func theAdministratorErasesALessonAnotherNodeHoldsAndThatNodeLosesItsLease() async throws {
        // Given node B holding a running lesson Zebedee joined (a checkpoint naming him), and another lesson
        let (a, b, _) = try await LeaseFencingTests.twoNodes()
        defer { for node in [a, b] { node.close() } }
        let record = try LeaseFencingTests.record(code: "ERASEX")
        let kept = try LeaseFencingTests.record(code: "ERASEY")
        try await b.createLesson(record)
        try await b.createLesson(kept)
        #expect(try await b.claim(lesson: record.id))
        let join = try Self.zebedeeJoins()
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
