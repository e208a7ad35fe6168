import PetriProtocol
import Testing

@testable import PetriStore

@Suite struct StudentTests {
    @Test func aResumeTokenFindsItsStudentAfterARestart() throws {
        // Given a student with a score, an answer and a resume token, in a store that is then closed
        let scratch = try TemporaryDirectory()
        var store = try PetriStore.open(directory: scratch.dataDirectory)
        try Fixture.lesson(store)
        try store.addStudent(
            lessonId: Fixture.lessonId, studentId: .ada, displayName: "Ada",
            resumeTokenHash: TokenHash(of: "resume-ada"),
            joinedAt: 5)
        try store.recordAnswer(
            lessonId: Fixture.lessonId, questionId: .q1, studentId: .ada, prediction: "3", answeredAt: 6)
        try store.recordResolution(
            lessonId: Fixture.lessonId, questionId: .q1, points: [.ada: 2],
            scores: [.ada: StudentScore(score: 2, streak: 1)])
        try store.close()

        // When the server restarts and a client presents the token
        store = try PetriStore.open(directory: scratch.dataDirectory)
        let student = try store.student(resumeTokenHash: TokenHash(of: "resume-ada"))

        // Then it is the same student with the same score, streak and answers; another token finds no one
        #expect(student?.lessonId == Fixture.lessonId)
        #expect(student?.studentId == .ada)
        #expect(student?.score == 2)
        #expect(student?.streak == 1)
        #expect(try store.answers(lessonId: Fixture.lessonId, studentId: .ada).map(\.points) == [2])
        #expect(try store.student(resumeTokenHash: TokenHash(of: "resume-bo")) == nil)
        try store.close()
    }

    @Test func theKickedFlagPersists() throws {
        // Given a kicked student
        let scratch = try TemporaryDirectory()
        var store = try PetriStore.open(directory: scratch.dataDirectory)
        try Fixture.lesson(store)
        try Fixture.student(store, .ada)
        try store.setKicked(lessonId: Fixture.lessonId, studentId: .ada, kicked: true)
        try store.close()

        // When the store is reopened, then they are still kicked
        store = try PetriStore.open(directory: scratch.dataDirectory)
        #expect(try store.student(lessonId: Fixture.lessonId, studentId: .ada)?.kicked == true)
        try store.close()
    }

    @Test func kickingSomeoneWhoIsNotThereIsAnError() throws {
        let store = try PetriStore.openInMemory()
        try Fixture.lesson(store)
        let error = #expect(throws: StoreError.self) {
            try store.setKicked(lessonId: Fixture.lessonId, studentId: .ghost, kicked: true)
        }
        #expect(error?.code == .unknownStudent)
    }

    @Test func studentIdsAndResumeTokensAreUnique() throws {
        // Given ada in one lesson
        let store = try PetriStore.openInMemory()
        try Fixture.lesson(store)
        try Fixture.lesson(store, id: Fixture.otherLessonId, joinCode: "ZZ99")
        try store.addStudent(
            lessonId: Fixture.lessonId, studentId: .ada, displayName: "Ada", resumeTokenHash: TokenHash(of: "t1"),
            joinedAt: 1)

        // Then a second ada in that lesson, or anyone in any lesson with her token, is refused
        let sameId = #expect(throws: StoreError.self) {
            try store.addStudent(
                lessonId: Fixture.lessonId, studentId: .ada, displayName: "Ada 2",
                resumeTokenHash: TokenHash(of: "t2"),
                joinedAt: 2)
        }
        #expect(sameId?.code == .studentExists)
        let sameToken = #expect(throws: StoreError.self) {
            try store.addStudent(
                lessonId: Fixture.otherLessonId, studentId: .bo, displayName: "Bo",
                resumeTokenHash: TokenHash(of: "t1"),
                joinedAt: 2)
        }
        #expect(sameToken?.code == .resumeTokenInUse)

        // But ada may be a student id in another lesson too
        try store.addStudent(
            lessonId: Fixture.otherLessonId, studentId: .ada, displayName: "Ada", resumeTokenHash: TokenHash(of: "t3"),
            joinedAt: 3)
    }

    @Test func joiningAnUnknownLessonIsRefused() throws {
        let store = try PetriStore.openInMemory()
        let error = #expect(throws: StoreError.self) { try Fixture.student(store, .ada) }
        #expect(error?.code == .unknownLesson)
    }
}
