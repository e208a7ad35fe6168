import PetriProtocol
import Testing

@testable import PetriStore

@Suite struct AnswerTests {
    /// A lesson with students ada and bo, and ada's answer "40" to q1.
    private func lessonWithAnAnswer() throws -> PetriStore {
        let store = try PetriStore.openInMemory()
        try Fixture.lesson(store)
        try Fixture.student(store, .ada, at: 1)
        try Fixture.student(store, .bo, at: 2)
        try store.recordAnswer(
            lessonId: Fixture.lessonId, questionId: .q1, studentId: .ada, prediction: "40", answeredAt: 10)
        return store
    }

    @Test func aSecondAnswerToTheSameQuestionIsRefusedAndTheFirstKept() throws {
        // Given ada answered q1
        let store = try lessonWithAnAnswer()

        // When she answers again without a change being allowed
        let error = #expect(throws: StoreError.self) {
            try store.recordAnswer(
                lessonId: Fixture.lessonId, questionId: .q1, studentId: .ada, prediction: "55", answeredAt: 11)
        }

        // Then it is a duplicate and the first answer stands
        #expect(error?.code == .duplicateAnswer)
        #expect(try store.answers(lessonId: Fixture.lessonId, questionId: .q1).map(\.prediction) == ["40"])
    }

    @Test func anOpenAnswerCanBeChangedWhenTheCallerAllowsIt() throws {
        // Given ada answered q1
        let store = try lessonWithAnAnswer()

        // When she changes it while changes are allowed
        let outcome = try store.recordAnswer(
            lessonId: Fixture.lessonId, questionId: .q1, studentId: .ada, prediction: "55", answeredAt: 11,
            usedHint: true, allowChange: true)

        // Then the one answer is replaced
        #expect(outcome == .replaced)
        let answers = try store.answers(lessonId: Fixture.lessonId, questionId: .q1)
        #expect(
            answers == [
                StoredAnswer(
                    lessonId: Fixture.lessonId, questionId: .q1, studentId: .ada, prediction: "55", answeredAt: 11,
                    usedHint: true)
            ])
    }

    @Test func aScoredAnswerNeverChanges() throws {
        // Given ada's answer to q1 was scored
        let store = try lessonWithAnAnswer()
        try store.recordResolution(
            lessonId: Fixture.lessonId, questionId: .q1, points: [.ada: 3],
            scores: [.ada: StudentScore(score: 3, streak: 1)])

        // When she tries to change it, even with changes allowed, then it is refused
        let error = #expect(throws: StoreError.self) {
            try store.recordAnswer(
                lessonId: Fixture.lessonId, questionId: .q1, studentId: .ada, prediction: "1", answeredAt: 12,
                allowChange: true)
        }
        #expect(error?.code == .duplicateAnswer)
        #expect(try store.answers(lessonId: Fixture.lessonId, questionId: .q1).first?.points == 3)
    }

    @Test func anAnswerFromSomeoneNotInTheLessonIsRefused() throws {
        let store = try lessonWithAnAnswer()
        let error = #expect(throws: StoreError.self) {
            try store.recordAnswer(
                lessonId: Fixture.lessonId, questionId: .q1, studentId: .ghost, prediction: "1", answeredAt: 12)
        }
        #expect(error?.code == .unknownStudent)
    }

    @Test func aResolutionWritesPointsAndScoresTogether() throws {
        // Given ada and bo answered q1
        let store = try lessonWithAnAnswer()
        try store.recordAnswer(
            lessonId: Fixture.lessonId, questionId: .q1, studentId: .bo, prediction: "10", answeredAt: 12)

        // When q1 is resolved
        try store.recordResolution(
            lessonId: Fixture.lessonId, questionId: .q1, points: [.ada: 5, .bo: 0],
            scores: [.ada: StudentScore(score: 5, streak: 2), .bo: StudentScore(score: 1, streak: 0)])

        // Then both answers have points and both students their new totals
        let points = try store.answers(lessonId: Fixture.lessonId, questionId: .q1).map { [$0.studentId: $0.points] }
        #expect(points == [[.ada: 5], [.bo: 0]])
        let students = try store.students(lessonId: Fixture.lessonId)
        #expect(
            students.map { StudentScore(score: $0.score, streak: $0.streak) } == [
                StudentScore(score: 5, streak: 2), StudentScore(score: 1, streak: 0),
            ])
    }

    @Test(arguments: [
        // A score for a student who is not in the lesson
        ResolutionCase(
            points: [.ada: 5], scores: [.ada: .init(score: 5, streak: 1), .zed: .init(score: 1, streak: 1)],
            expected: .unknownStudent),
        // Points for a student who did not answer
        ResolutionCase(
            points: [.ada: 5, .bo: 2], scores: [.ada: .init(score: 5, streak: 1)], expected: .unknownAnswer),
    ])
    func aResolutionThatFailsPartWayWritesNothing(_ resolution: ResolutionCase) throws {
        // Given ada answered q1
        let store = try lessonWithAnAnswer()

        // When a resolution fails after its first writes
        let error = #expect(throws: StoreError.self) {
            try store.recordResolution(
                lessonId: Fixture.lessonId, questionId: .q1, points: resolution.points, scores: resolution.scores)
        }

        // Then nothing of it was written
        #expect(error?.code == resolution.expected)
        #expect(try store.answers(lessonId: Fixture.lessonId, questionId: .q1).first?.points == nil)
        #expect(try store.student(lessonId: Fixture.lessonId, studentId: .ada)?.score == 0)
    }

    @Test func aResolutionForAWholeSchoolWritesEveryPointAndScore() throws {
        // Given 1,234 students who all answered q1 (more rows than one bulk statement takes)
        let store = try PetriStore.openInMemory()
        try Fixture.lesson(store)
        let ids = (1...1234).map(StudentID.init)
        for (i, id) in ids.enumerated() {
            try Fixture.student(store, id, at: Double(i))
            try store.recordAnswer(
                lessonId: Fixture.lessonId, questionId: .q1, studentId: id, prediction: "\(i)", answeredAt: Double(i))
        }

        // When the question resolves with different points and totals for each of them
        try store.recordResolution(
            lessonId: Fixture.lessonId, questionId: .q1,
            points: Dictionary(uniqueKeysWithValues: ids.enumerated().map { ($1, $0 % 1001) }),
            scores: Dictionary(
                uniqueKeysWithValues: ids.enumerated().map { ($1, StudentScore(score: 2 * $0, streak: $0 % 7)) }))

        // Then every answer has its own points and every student their own score and streak
        let answers = try store.answers(lessonId: Fixture.lessonId, questionId: .q1)
        #expect(answers.count == 1234)
        #expect(answers.allSatisfy { $0.points == Int($0.prediction).map { $0 % 1001 } })
        for (i, id) in ids.enumerated() where i % 97 == 0 || i == 1233 {
            let student = try store.student(lessonId: Fixture.lessonId, studentId: id)
            #expect(student?.score == 2 * i)
            #expect(student?.streak == i % 7)
        }
    }

    @Test func theGradebookJoinsNamesToAnswersInJoiningOrder() throws {
        // Given answers from bo and ada (who joined first), one resolved
        let store = try lessonWithAnAnswer()
        try store.recordAnswer(
            lessonId: Fixture.lessonId, questionId: .q1, studentId: .bo, prediction: "10", answeredAt: 9,
            usedHint: true)
        try store.recordResolution(
            lessonId: Fixture.lessonId, questionId: .q1, points: [.ada: 4, .bo: 1], scores: [:])
        try store.recordAnswer(
            lessonId: Fixture.lessonId, questionId: .q2, studentId: .ada, prediction: "7", answeredAt: 20)

        // Then the rows go student by student, answers by time
        #expect(
            try store.resultsRows(lessonId: Fixture.lessonId) == [
                ResultsRow(
                    studentId: .ada, displayName: "Ada", questionId: .q1, prediction: "40", points: 4, answeredAt: 10,
                    usedHint: false),
                ResultsRow(
                    studentId: .ada, displayName: "Ada", questionId: .q2, prediction: "7", points: nil,
                    answeredAt: 20, usedHint: false),
                ResultsRow(
                    studentId: .bo, displayName: "Bo", questionId: .q1, prediction: "10", points: 1, answeredAt: 9,
                    usedHint: true),
            ])
    }
}

struct ResolutionCase: Sendable, CustomTestStringConvertible {
    var points: [StudentID: Int]
    var scores: [StudentID: StudentScore]
    var expected: StoreError.Code

    var testDescription: String { expected.rawValue }
}
