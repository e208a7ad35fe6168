import PetriProtocol
import PetriStorage
import PetriStorageTesting
import Testing

@testable import PetriStore

/// The SQLite store keeps teachers' accounts, links, sessions and lesson shares as every store must
/// (``AccountStoreScenarios``), on a real database file.
@Suite struct TeacherAccountTests {
    @Test(arguments: AccountStoreScenarios.all.map(\.0))
    func theSQLiteStoreKeepsAccountsAsEveryStoreMust(_ scenario: String) async throws {
        // Given a fresh store in a data directory, with one lesson
        let scratch = try TemporaryDirectory()
        let storage = try SQLiteLessonStorage(directory: scratch.dataDirectory)
        try Fixture.lesson(storage.store)
        defer { try? storage.store.close() }

        // Then the scenario holds
        let body = try #require(AccountStoreScenarios.all.first { $0.0 == scenario }?.1)
        try await body(storage, Fixture.lessonId)
    }

    @Test func accountsSurviveAReopenAndReadBackForTheCopy() async throws {
        // Given a teacher with a session and a lesson of theirs, stored and the store closed
        let scratch = try TemporaryDirectory()
        do {
            let storage = try SQLiteLessonStorage(directory: scratch.dataDirectory)
            try Fixture.lesson(storage.store)
            try await storage.addTeacher(
                TeacherRecord(
                    id: "t1", name: "Ada", email: nil, passwordHash: "$scrypt$x",
                    createdAt: .init(millisecondsSince1970: 5_000)))
            try await storage.setOwner("t1", ofLesson: Fixture.lessonId)
            try storage.store.close()
        }

        // When it is opened again and read for `petri store copy`
        let store = try PetriStore.open(directory: scratch.dataDirectory)
        defer { try? store.close() }
        let copy = try store.accountsCopy()

        // Then the teacher and the ownership are there as written
        #expect(copy.teachers.map(\.name) == ["Ada"])
        #expect(copy.teachers.first?.passwordHash == "$scrypt$x")
        #expect(copy.lessonTeachers == [.init(lessonId: Fixture.lessonId, teacherId: "t1", role: .owner)])
    }

    @Test func removingALessonRemovesWhoTeachesIt() async throws {
        // Given a lesson owned by a teacher
        let scratch = try TemporaryDirectory()
        let storage = try SQLiteLessonStorage(directory: scratch.dataDirectory)
        defer { try? storage.store.close() }
        try Fixture.lesson(storage.store)
        try await storage.addTeacher(
            TeacherRecord(id: "t1", name: "Ada", email: nil, createdAt: .init(millisecondsSince1970: 0)))
        try await storage.setOwner("t1", ofLesson: Fixture.lessonId)

        // When the lesson row is deleted (retention)
        try storage.store.write { db in try db.execute(sql: "DELETE FROM lesson") }

        // Then the teacher has no lesson left
        #expect(try await storage.lessons(ofTeacher: "t1").isEmpty)
    }
}
