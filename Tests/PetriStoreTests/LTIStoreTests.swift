import PetriStorage
import PetriStorageTesting
import Testing

@testable import PetriStore

/// The SQLite store keeps what Petri needs as an LTI tool as every store must (``LTIStoreScenarios``).
@Suite struct LTIStoreTests {
    @Test(arguments: (LTIStoreScenarios.all + LTIStoreScenarios.grades).map(\.0))
    func theSQLiteStoreKeepsLTIAsEveryStoreMust(_ scenario: String) async throws {
        // Given a fresh store in a data directory, with one lesson
        let scratch = try TemporaryDirectory()
        let storage = try SQLiteLessonStorage(directory: scratch.dataDirectory)
        try Fixture.lesson(storage.store)
        defer { try? storage.store.close() }

        // Then the scenario holds
        let body = try #require((LTIStoreScenarios.all + LTIStoreScenarios.grades).first { $0.0 == scenario }?.1)
        try await body(storage, Fixture.lessonId, "K7QF")
    }
}
