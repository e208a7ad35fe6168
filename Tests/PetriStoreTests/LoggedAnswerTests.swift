import PetriProtocol
import Testing

@testable import PetriStore

/// Answers as the server records them: the prediction copied from the log entry appended in the
/// same transaction, the question's change rule applied, and hints recorded.
@Suite struct LoggedAnswerTests {
    static let path = "$.command.answer._1"

    /// A lesson with students ada and bo, on a store in a real directory (WAL, as the server runs it).
    private func lessonWithStudents(_ directory: TemporaryDirectory) throws -> PetriStore {
        let store = try PetriStore.open(directory: directory.dataDirectory)
        try Fixture.lesson(store)
        try Fixture.student(store, .ada, at: 1)
        try Fixture.student(store, .bo, at: 2)
        return store
    }

    /// Appends ada's answer `prediction` (JSON) to q1 as a log entry and records it from there, in one transaction.
    @discardableResult
    private func answer(
        _ store: PetriStore, _ prediction: String, student: StudentID = .ada, usedHint: Bool = false,
        allowChange: Bool
    ) throws -> AnswerOutcome {
        try store.inTransaction { tx in
            let seq = try tx.appendLogEntry(
                lessonId: Fixture.lessonId, generation: 0, kind: "answer",
                payload: #"{"actor":{"student":{"_0":1}},"command":{"answer":{"_0":1,"_1":\#(prediction)}}}"#, at: 10)
            return try tx.recordAnswer(
                lessonId: Fixture.lessonId, questionId: .q1, studentId: student, predictionInEntry: seq,
                at: Self.path, answeredAt: 10, usedHint: usedHint, allowChange: allowChange)
        }
    }

    @Test func anAnswerTakesItsPredictionFromItsLogEntry() throws {
        let directory = try TemporaryDirectory()
        let store = try lessonWithStudents(directory)

        // When ada's answer is logged and recorded from the log
        let outcome = try answer(store, #"{ "number" : 40.5 }"#, usedHint: true, allowChange: false)

        // Then the answers table holds the entry's prediction (as SQLite writes JSON) and the hint
        #expect(outcome == .recorded)
        #expect(
            try store.answers(lessonId: Fixture.lessonId, questionId: .q1) == [
                StoredAnswer(
                    lessonId: Fixture.lessonId, questionId: .q1, studentId: .ada, prediction: #"{"number":40.5}"#,
                    answeredAt: 10, usedHint: true)
            ])
    }

    @Test func aSecondAnswerToAQuestionThatAllowsNoChangeIsRefusedWithItsLogEntry() throws {
        // Given ada answered a question that allows no changes
        let directory = try TemporaryDirectory()
        let store = try lessonWithStudents(directory)
        try answer(store, #"{"number":40}"#, allowChange: false)

        // When a second answer comes with changes not allowed
        let error = #expect(throws: StoreError.self) {
            try answer(store, #"{"number":55}"#, allowChange: false)
        }

        // Then the store refuses it, and neither its log entry nor the new prediction is kept
        #expect(error?.code == .duplicateAnswer)
        let predictions = try store.answers(lessonId: Fixture.lessonId, questionId: .q1).map(\.prediction)
        #expect(predictions == [#"{"number":40}"#])
        #expect(try store.lastLogSeq(lessonId: Fixture.lessonId) == 1)
    }

    @Test func aSecondAnswerToAChangeableQuestionReplacesTheFirst() throws {
        // Given ada answered a question that allows changes
        let directory = try TemporaryDirectory()
        let store = try lessonWithStudents(directory)
        try answer(store, #"{"number":40}"#, allowChange: true)

        // When she changes it
        let outcome = try answer(store, #"{"number":55}"#, allowChange: true)

        // Then the one answer is the new one
        #expect(outcome == .replaced)
        let predictions = try store.answers(lessonId: Fixture.lessonId, questionId: .q1).map(\.prediction)
        #expect(predictions == [#"{"number":55}"#])
    }

    @Test func anAnswerWhoseEntryHoldsNoPredictionIsRefused() throws {
        let directory = try TemporaryDirectory()
        let store = try lessonWithStudents(directory)
        try Fixture.logEntries(store, 1)

        // A missing entry, and one with nothing at the path, write nothing
        for seq in [1, 7] {
            let error = #expect(throws: StoreError.self) {
                try store.inTransaction { tx in
                    try tx.recordAnswer(
                        lessonId: Fixture.lessonId, questionId: .q1, studentId: .ada, predictionInEntry: seq,
                        at: Self.path, answeredAt: 10, allowChange: true)
                }
            }
            #expect(error?.code == .invalidValue)
        }
        #expect(try store.answers(lessonId: Fixture.lessonId, questionId: .q1).isEmpty)
    }

    @Test func aHintTakenAfterAnsweringMarksTheAnswer() throws {
        // Given ada answered without the hint, and bo has not answered
        let directory = try TemporaryDirectory()
        let store = try lessonWithStudents(directory)
        try answer(store, #"{"number":40}"#, allowChange: false)

        // When both take the hint
        let adaMarked = try store.recordHintTaken(lessonId: Fixture.lessonId, questionId: .q1, studentId: .ada)
        let boMarked = try store.recordHintTaken(lessonId: Fixture.lessonId, questionId: .q1, studentId: .bo)

        // Then ada's answer says the hint was used, and bo has no answer to mark
        #expect(adaMarked)
        #expect(!boMarked)
        #expect(try store.answers(lessonId: Fixture.lessonId, questionId: .q1).map(\.usedHint) == [true])
    }

    @Test func aHintNeverChangesAScoredAnswer() throws {
        // Given ada's answer was scored
        let directory = try TemporaryDirectory()
        let store = try lessonWithStudents(directory)
        try answer(store, #"{"number":40}"#, allowChange: false)
        try store.recordResolution(
            lessonId: Fixture.lessonId, questionId: .q1, points: [.ada: 3],
            scores: [.ada: StudentScore(score: 3, streak: 1)])

        // When a hint is recorded for her afterwards, then nothing changes
        #expect(try !store.recordHintTaken(lessonId: Fixture.lessonId, questionId: .q1, studentId: .ada))
        #expect(try store.answers(lessonId: Fixture.lessonId, questionId: .q1).map(\.usedHint) == [false])
    }

    @Test func aReasonGoesInWithTheFirstAnswerAndFollowsAChangedOne() throws {
        // Given ada answers a changeable question with a reason, and bo without one
        let directory = try TemporaryDirectory()
        let store = try lessonWithStudents(directory)
        func answerWithReason(_ student: StudentID, _ prediction: String, _ reason: String?) throws {
            try store.inTransaction { tx in
                let seq = try tx.appendLogEntry(
                    lessonId: Fixture.lessonId, generation: 0, kind: "answer",
                    payload: #"{"command":{"answer":{"_1":\#(prediction)}}}"#, at: 10)
                try tx.recordFirstAnswer(
                    lessonId: Fixture.lessonId, questionId: .q1, studentId: student, predictionInEntry: seq,
                    at: Self.path, answeredAt: 10, allowChange: true, reason: reason)
            }
        }
        try answerWithReason(.ada, #"{"number":40}"#, "dark moths hide on sooty trees")
        try answerWithReason(.bo, #"{"number":60}"#, nil)
        let first = try store.answers(lessonId: Fixture.lessonId, questionId: .q1)
        #expect(first.map(\.reason) == ["dark moths hide on sooty trees", nil])

        // When ada changes her answer and gives a new reason
        try answerWithReason(.ada, #"{"number":45}"#, "the trees are cleaner now")

        // Then the answer row holds the new prediction and the new reason
        let ada = try store.answers(lessonId: Fixture.lessonId, questionId: .q1).first { $0.studentId == .ada }
        #expect(ada?.prediction == #"{"number":45}"#)
        #expect(ada?.reason == "the trees are cleaner now")
    }
}
