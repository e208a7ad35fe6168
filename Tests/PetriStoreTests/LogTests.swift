import Foundation
import GRDB
import PetriProtocol
import Testing

@testable import PetriStore

@Suite struct LogTests {
    @Test func sequenceNumbersCountFromOnePerLessonIndependently() throws {
        // Given two lessons
        let store = try PetriStore.openInMemory()
        try Fixture.lesson(store)
        try Fixture.lesson(store, id: Fixture.otherLessonId, joinCode: "ZZ99")

        // When entries are appended to both, interleaved
        var first: [Int] = []
        var second: [Int] = []
        for index in 0..<3 {
            first.append(
                try store.appendLogEntry(
                    lessonId: Fixture.lessonId, generation: index, kind: "step", payload: "{}", at: 1))
            second.append(
                try store.appendLogEntry(
                    lessonId: Fixture.otherLessonId, generation: index, kind: "step", payload: "{}", at: 1))
        }

        // Then each lesson counts 1, 2, 3 on its own
        #expect(first == [1, 2, 3])
        #expect(second == [1, 2, 3])
        #expect(try store.lastLogSeq(lessonId: Fixture.lessonId) == 3)
    }

    @Test func entriesComeBackExactlyAsStored() throws {
        // Given one stored entry
        let store = try PetriStore.openInMemory()
        try Fixture.lesson(store)
        let payload = #"{"act":{"set":{"name":"environmentColour","value":20}}}"#
        try store.appendLogEntry(lessonId: Fixture.lessonId, generation: 12, kind: "act", payload: payload, at: 1_234.5)

        // Then it reads back field for field
        #expect(
            try store.logEntries(lessonId: Fixture.lessonId) == [
                StoredLogEntry(
                    lessonId: Fixture.lessonId, seq: 1, generation: 12, kind: "act", payload: payload, at: 1_234.5)
            ])
    }

    @Test func aBatchIsNumberedInOrderAndStoredAllOrNothing() throws {
        // Given a lesson with two entries
        let store = try PetriStore.openInMemory()
        try Fixture.lesson(store)
        try Fixture.logEntries(store, 2)

        // When a batch of three is appended
        let batch = (0..<3).map { NewLogEntry(generation: 10 + $0, kind: "tick", payload: "{}", at: Double($0)) }
        let seqs = try store.appendLogEntries(lessonId: Fixture.lessonId, batch)

        // Then they get 3, 4, 5 in order
        #expect(seqs == 3..<6)
        #expect(try store.logEntries(lessonId: Fixture.lessonId, after: 2).map(\.generation) == [10, 11, 12])

        // And a batch with one bad payload stores none of its entries
        let bad = [batch[0], NewLogEntry(generation: 13, kind: "tick", payload: "not json", at: 4)]
        let error = #expect(throws: StoreError.self) { try store.appendLogEntries(lessonId: Fixture.lessonId, bad) }
        #expect(error?.code == .invalidValue)
        #expect(try store.lastLogSeq(lessonId: Fixture.lessonId) == 5)
    }

    @Test func anAppendThatDoesNotGetTheExpectedNumberIsRefused() throws {
        // Given a lesson whose log ends at 2
        let store = try PetriStore.openInMemory()
        try Fixture.lesson(store)
        try Fixture.logEntries(store, 2)

        // When the caller believes the next entry is number 5, then nothing is written
        let error = #expect(throws: StoreError.self) {
            try store.appendLogEntry(
                lessonId: Fixture.lessonId, generation: 0, kind: "step", payload: "{}", at: 0, expectedSeq: 5)
        }
        #expect(error?.code == .sequenceMismatch)
        #expect(
            try store.appendLogEntry(
                lessonId: Fixture.lessonId, generation: 0, kind: "step", payload: "{}", at: 0, expectedSeq: 3)
                == 3)
    }

    @Test func appendingToAnUnknownLessonIsRefused() throws {
        let store = try PetriStore.openInMemory()
        let error = #expect(throws: StoreError.self) {
            try store.appendLogEntry(lessonId: "nope", generation: 0, kind: "step", payload: "{}", at: 0)
        }
        #expect(error?.code == .unknownLesson)
    }

    @Test func theLogCannotBeRewrittenEvenWithSQL() throws {
        // Given a lesson with entries
        let store = try PetriStore.openInMemory()
        try Fixture.lesson(store)
        try Fixture.logEntries(store, 2)

        // When something updates or deletes an entry behind the store's back, then SQLite refuses
        #expect(throws: DatabaseError.self) {
            try store.writer.write { db in try db.execute(sql: "UPDATE action SET payload = '{}' WHERE seq = 1") }
        }
        #expect(throws: DatabaseError.self) {
            try store.writer.write { db in try db.execute(sql: "DELETE FROM action WHERE seq = 2") }
        }
        #expect(try store.lastLogSeq(lessonId: Fixture.lessonId) == 2)

        // But deleting the whole lesson takes its log with it
        try store.writer.write { db in try db.execute(sql: "DELETE FROM lesson") }
        #expect(try store.logEntries(lessonId: Fixture.lessonId).isEmpty)
    }

    @Test func entriesAndAnAnswerInOneTransactionCommitTogetherOrNotAtAll() throws {
        // Given a lesson with a student
        let store = try PetriStore.openInMemory()
        try Fixture.lesson(store)
        try Fixture.student(store, .ada)

        // When a transaction appends an entry and then fails on its answer
        #expect(throws: StoreError.self) {
            try store.inTransaction { tx in
                try tx.appendLogEntry(lessonId: Fixture.lessonId, generation: 0, kind: "predict", payload: "{}", at: 1)
                try tx.recordAnswer(
                    lessonId: Fixture.lessonId, questionId: .q1, studentId: .ghost, prediction: "3", answeredAt: 1)
            }
        }

        // Then the entry is not stored either
        #expect(try store.lastLogSeq(lessonId: Fixture.lessonId) == 0)

        // And the same pair with a real student commits both
        try store.inTransaction { tx in
            try tx.appendLogEntry(lessonId: Fixture.lessonId, generation: 0, kind: "predict", payload: "{}", at: 1)
            try tx.recordAnswer(
                lessonId: Fixture.lessonId, questionId: .q1, studentId: .ada, prediction: "3", answeredAt: 1)
        }
        #expect(try store.lastLogSeq(lessonId: Fixture.lessonId) == 1)
        #expect(try store.answers(lessonId: Fixture.lessonId, questionId: .q1).count == 1)
    }

    @Test func aCallersOwnErrorRollsTheTransactionBackAndComesOutUnchanged() throws {
        // Given a lesson
        let store = try PetriStore.openInMemory()
        try Fixture.lesson(store)
        struct EncodingFailed: Error, Equatable {}

        // When a transaction appends an entry and then fails with the caller's own error
        #expect(throws: EncodingFailed()) {
            try store.inTransaction { tx in
                try tx.appendLogEntry(lessonId: Fixture.lessonId, generation: 0, kind: "step", payload: "{}", at: 1)
                throw EncodingFailed()
            }
        }

        // Then nothing was stored
        #expect(try store.lastLogSeq(lessonId: Fixture.lessonId) == 0)
    }
}
