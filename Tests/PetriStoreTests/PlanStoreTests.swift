import PetriProtocol
import PetriStorage
import PetriStorageTesting
import Testing

@testable import PetriStore

/// The SQLite store keeps lesson plans as every store must (``PlanStoreScenarios``), on a real database file;
/// and so does the store in memory.
@Suite struct PlanStoreTests {
    static func withTeachers(_ storage: SQLiteLessonStorage) async throws {
        for (id, name) in PlanStoreScenarios.teachers {
            try await storage.addTeacher(
                TeacherRecord(id: id, name: name, email: nil, createdAt: .init(millisecondsSince1970: 0)))
        }
    }

    @Test(arguments: PlanStoreScenarios.all.map(\.0))
    func theSQLiteStoreKeepsPlansAsEveryStoreMust(_ scenario: String) async throws {
        // Given a fresh store in a data directory, with two teachers
        let scratch = try TemporaryDirectory()
        let storage = try SQLiteLessonStorage(directory: scratch.dataDirectory)
        defer { try? storage.store.close() }
        try await Self.withTeachers(storage)

        // Then the scenario holds
        let body = try #require(PlanStoreScenarios.all.first { $0.0 == scenario }?.1)
        try await body(storage)
    }

    @Test(arguments: PlanShareStoreScenarios.all.map(\.0))
    func theSQLiteStoreSharesPlansAsEveryStoreMust(_ scenario: String) async throws {
        // Given a fresh store in a data directory, with two teachers
        let scratch = try TemporaryDirectory()
        let storage = try SQLiteLessonStorage(directory: scratch.dataDirectory)
        defer { try? storage.store.close() }
        try await Self.withTeachers(storage)

        // Then the scenario holds
        let body = try #require(PlanShareStoreScenarios.all.first { $0.0 == scenario }?.1)
        try await body(storage)
    }

    @Test(arguments: PlanShareStoreScenarios.all.map(\.0))
    func theStoreInMemorySharesPlansAsEveryStoreMust(_ scenario: String) async throws {
        let body = try #require(PlanShareStoreScenarios.all.first { $0.0 == scenario }?.1)
        try await body(InMemoryLessonStorage())
    }

    @Test(arguments: PlanStoreScenarios.all.map(\.0))
    func theStoreInMemoryKeepsPlansAsEveryStoreMust(_ scenario: String) async throws {
        let body = try #require(PlanStoreScenarios.all.first { $0.0 == scenario }?.1)
        try await body(InMemoryLessonStorage())
    }

    @Test func plansSurviveAReopenAndReadBackForTheCopy() async throws {
        // Given a plan of the server's and one of Ada's, stored and the store closed
        let scratch = try TemporaryDirectory()
        do {
            let storage = try SQLiteLessonStorage(directory: scratch.dataDirectory)
            try await Self.withTeachers(storage)
            let time = Timestamp(millisecondsSince1970: 7_000)
            _ = try await storage.savePlan(
                .init(name: "moths", ownerId: nil, text: "s\n", savedAt: time), replace: false)
            _ = try await storage.savePlan(
                .init(name: "moths", ownerId: "id-ada", text: "a\n", savedAt: time), replace: false)
            try storage.store.close()
        }

        // When it is opened again and read for `petri store copy`
        let store = try PetriStore.open(directory: scratch.dataDirectory)
        defer { try? store.close() }

        // Then both plans are there as written
        let time = Timestamp(millisecondsSince1970: 7_000)
        #expect(
            try store.plansCopy() == [
                .init(name: "moths", ownerId: nil, text: "s\n", savedAt: time),
                .init(name: "moths", ownerId: "id-ada", text: "a\n", savedAt: time),
            ])
    }

    @Test func removingATeacherRemovesTheirPlansOnly() async throws {
        // Given a plan of Ada's and one of the server's
        let scratch = try TemporaryDirectory()
        let storage = try SQLiteLessonStorage(directory: scratch.dataDirectory)
        defer { try? storage.store.close() }
        try await Self.withTeachers(storage)
        let time = Timestamp(millisecondsSince1970: 0)
        _ = try await storage.savePlan(.init(name: "a", ownerId: "id-ada", text: "a", savedAt: time), replace: false)
        _ = try await storage.savePlan(.init(name: "s", ownerId: nil, text: "s", savedAt: time), replace: false)

        // When Ada's account is removed
        try await storage.removeTeacher(id: "id-ada")

        // Then her plan went with it and the server's stayed
        #expect(try await storage.plans(ownedBy: "id-ada").isEmpty)
        #expect(try await storage.plans(ownedBy: nil).map(\.name) == ["s"])
    }
}

/// The SQLite store keeps make-ups as every store must (``MakeupStoreScenarios``), and so does the store in memory.
@Suite struct MakeupStoreTests {
    @Test(arguments: MakeupStoreScenarios.all.map(\.0))
    func theSQLiteStoreKeepsMakeupsAsEveryStoreMust(_ scenario: String) async throws {
        let scratch = try TemporaryDirectory()
        let storage = try SQLiteLessonStorage(directory: scratch.dataDirectory)
        defer { try? storage.store.close() }
        let body = try #require(MakeupStoreScenarios.all.first { $0.0 == scenario }?.1)
        try await body(storage)
    }

    @Test(arguments: MakeupStoreScenarios.all.map(\.0))
    func theStoreInMemoryKeepsMakeupsAsEveryStoreMust(_ scenario: String) async throws {
        let body = try #require(MakeupStoreScenarios.all.first { $0.0 == scenario }?.1)
        try await body(InMemoryLessonStorage())
    }
}
