import PetriProtocol
import Testing

@testable import PetriStore

/// A restart's repair of the scores reads the answers and students tables and writes only what differs.
@Suite struct ScoreRepairTests {
    /// A lesson where ada and bo answered q1, scored 10 and 0, with their totals stored.
    private func scoredLesson() throws -> PetriStore {
        let store = try PetriStore.openInMemory()
        try Fixture.lesson(store)
        try Fixture.student(store, .ada, at: 1)
        try Fixture.student(store, .bo, at: 2)
        for student in [StudentID.ada, .bo] {
            try store.recordAnswer(
                lessonId: Fixture.lessonId, questionId: .q1, studentId: student, prediction: "40", answeredAt: 10)
        }
        try store.recordResolution(
            lessonId: Fixture.lessonId, questionId: .q1, points: [.ada: 10, .bo: 0],
            scores: [.ada: StudentScore(score: 10, streak: 1), .bo: StudentScore(score: 0, streak: 0)])
        return store
    }

    @Test func repairingScoresTheStoreAlreadyHasWritesNothing() throws {
        let store = try scoredLesson()

        // When a restart repairs the question with what the rebuilt lesson says, which is what is stored
        let rewritten = try store.inTransaction { tx in
            try tx.repairResolution(
                lessonId: Fixture.lessonId, questionId: .q1, points: [.ada: 10, .bo: 0],
                scores: [.ada: StudentScore(score: 10, streak: 1), .bo: StudentScore(score: 0, streak: 0)])
        }

        // Then no row is rewritten
        #expect(rewritten == 0)
    }

    @Test func repairingWritesOnlyTheRowsACrashLeftBehind() throws {
        let store = try scoredLesson()

        // When the rebuilt lesson says bo's answer scored 5 and his total is 5 (the store missed it)
        let rewritten = try store.inTransaction { tx in
            try tx.repairResolution(
                lessonId: Fixture.lessonId, questionId: .q1, points: [.ada: 10, .bo: 5],
                scores: [.ada: StudentScore(score: 10, streak: 1), .bo: StudentScore(score: 5, streak: 1)])
        }

        // Then only bo's two rows are rewritten, and the store says what the lesson says
        #expect(rewritten == 2)
        let points = try store.answers(lessonId: Fixture.lessonId, questionId: .q1).map { [$0.studentId: $0.points] }
        #expect(points == [[.ada: 10], [.bo: 5]])
        let scores = try store.students(lessonId: Fixture.lessonId).map { [$0.studentId: $0.score] }
        #expect(scores == [[.ada: 10], [.bo: 5]])
    }

    @Test func repairingAnAnswerTheStoreNeverHadIsRefused() throws {
        let store = try scoredLesson()

        // When the rebuilt lesson scores an answer of cy, who has no row
        let error = #expect(throws: StoreError.self) {
            try store.inTransaction { tx in
                try tx.repairResolution(
                    lessonId: Fixture.lessonId, questionId: .q1, points: [.cy: 10], scores: [:])
            }
        }

        // Then it is refused, as a resolution naming an unknown answer always was
        #expect(error?.code == .unknownAnswer)
    }
}
