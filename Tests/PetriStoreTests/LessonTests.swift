import PetriProtocol
import Testing

@testable import PetriStore

@Suite struct LessonTests {
    @Test func aJoinCodeIsUniqueAmongUnfinishedLessonsAndFreeAgainOnceItsLessonEnds() throws {
        // Given a running lesson with code K7QF
        let store = try PetriStore.openInMemory()
        try Fixture.lesson(store, joinCode: "K7QF")

        // When another lesson asks for K7QF, then it is refused
        let error = #expect(throws: StoreError.self) {
            try Fixture.lesson(store, id: Fixture.otherLessonId, joinCode: "K7QF")
        }
        #expect(error?.code == .joinCodeInUse)

        // When the first lesson ends, then the code can be used again and finds the new lesson
        try store.endLesson(id: Fixture.lessonId, at: 2_000)
        try Fixture.lesson(store, id: Fixture.otherLessonId, joinCode: "K7QF")
        #expect(try store.lesson(joinCode: "K7QF")?.id == Fixture.otherLessonId)
    }

    @Test func unfinishedLessonsAreThoseNotEndedOldestFirst() throws {
        // Given three lessons, the oldest ended
        let store = try PetriStore.openInMemory()
        try Fixture.lesson(store, id: "c", joinCode: "CCCC", at: 30)
        try Fixture.lesson(store, id: "a", joinCode: "AAAA", at: 10)
        try Fixture.lesson(store, id: "b", joinCode: "BBBB", at: 20)
        try store.endLesson(id: "a", at: 40)

        // Then the unfinished ones are b and c, in creation order, and a remembers when it ended
        #expect(try store.unfinishedLessons().map(\.id) == ["b", "c"])
        #expect(try store.lesson(id: "a")?.endedAt == 40)
        #expect(try store.lesson(joinCode: "AAAA") == nil)
    }

    @Test func endingALessonTwiceKeepsTheFirstTime() throws {
        let store = try PetriStore.openInMemory()
        try Fixture.lesson(store)
        try store.endLesson(id: Fixture.lessonId, at: 50)
        try store.endLesson(id: Fixture.lessonId, at: 60)
        #expect(try store.lesson(id: Fixture.lessonId)?.endedAt == 50)

        let error = #expect(throws: StoreError.self) { try store.endLesson(id: "nope", at: 1) }
        #expect(error?.code == .unknownLesson)
    }

    @Test func aLessonKeepsOnlyTheDigestOfItsTeacherToken() throws {
        // Given a lesson created with a teacher token's digest
        let store = try PetriStore.openInMemory()
        let lesson = try Fixture.lesson(store)

        // Then the stored digest matches that token and no other
        let stored = try #require(try store.lesson(id: lesson.id))
        #expect(stored.teacherTokenHash.matches("teacher-\(lesson.id)"))
        #expect(!stored.teacherTokenHash.matches("teacher-someone-else"))
        #expect(stored == lesson)
    }

    @Test func aDuplicateIdOrADefinitionThatIsNotJSONIsRefused() throws {
        let store = try PetriStore.openInMemory()
        try Fixture.lesson(store)

        let duplicate = #expect(throws: StoreError.self) { try Fixture.lesson(store, joinCode: "OTHR") }
        #expect(duplicate?.code == .lessonExists)

        let notJSON = #expect(throws: StoreError.self) {
            try store.createLesson(
                id: "x", joinCode: "XXXX", teacherTokenHash: TokenHash(of: "t"), model: "life", definition: "seed=1",
                settings: "{}", createdAt: 0)
        }
        #expect(notJSON?.code == .invalidValue)
    }

    @Test func erasingALessonByItsCodeDeletesItWithEveryRowAndLeavesTheOthers() throws {
        // Given two lessons with a student, a log and a checkpoint each
        let store = try PetriStore.openInMemory()
        try Fixture.lesson(store, joinCode: "K7QF")
        try Fixture.lesson(store, id: Fixture.otherLessonId, joinCode: "B8RT")
        for id in [Fixture.lessonId, Fixture.otherLessonId] {
            try Fixture.student(store, .ada, lessonId: id)
            try Fixture.logEntries(store, 2, lessonId: id)
            try store.inTransaction { tx in
                try tx.saveCheckpoint(lessonId: id, seq: 2, generation: 2, state: [1], stateHash: 1, at: 3)
            }
        }

        // When the administrator erases K7QF
        #expect(try store.eraseLessons(joinCode: "K7QF") == [Fixture.lessonId])

        // Then nothing of it is left, the other lesson is whole, and an unknown code erases nothing
        #expect(try store.lesson(id: Fixture.lessonId) == nil)
        #expect(try store.logEntries(lessonId: Fixture.lessonId).isEmpty)
        #expect(try store.students(lessonId: Fixture.lessonId).isEmpty)
        #expect(try store.logEntries(lessonId: Fixture.otherLessonId).count == 2)
        #expect(try store.students(lessonId: Fixture.otherLessonId).count == 1)
        #expect(try store.eraseLessons(joinCode: "ZZZZ").isEmpty)
    }
}
