import Foundation
import PetriLesson
import PetriPostgresTesting
import PetriProtocol
import PetriStorage
import PetriStorePostgres
import Testing

/// `petri store erase-lesson` on a cluster's PostgreSQL store (`--url`), run as the administrator runs it.
@Suite struct StoreEraseLessonTests {
    static func record(code: String) throws -> LessonRecord {
        LessonRecord(
            id: "lesson-\(code.lowercased())", code: try JoinCode(code),
            teacherToken: try AccessToken(String(repeating: "a", count: 64)), tokens: .digest,
            definition: LessonDefinition(model: .life, seed: 1, parameters: .object([:])),
            configuration: LessonConfiguration(), createdAt: Timestamp(millisecondsSince1970: 1_000))
    }

    @Test func eraseLessonWithAPostgresURLErasesTheLessonsWithTheCodeAndNamesAnUnknownOne() async throws {
        // Given a PostgreSQL store holding two lessons
        let petri = try #require(petriExecutable(), "build the petri executable first (swift build)")
        let url = try await PrivatePostgres.shared().createDatabase()
        let storage = try await PostgresLessonStorage.connect(
            url: url, node: ClusterNode(id: "test", advertisedURL: "ws://127.0.0.1:1/test"))
        defer { storage.close() }
        try await storage.createLesson(try Self.record(code: "PGERAS"))
        try await storage.createLesson(try Self.record(code: "PGKEEP"))

        // When the administrator erases one by its code (typed in lower case)
        let (status, output) = try await ProgramsTests.run(
            petri, ["store", "erase-lesson", "--url", url, "--code", "pgeras"], withStandardError: true, within: 60)

        // Then it is gone, the other stays, and the command says so and what PostgreSQL still keeps
        #expect(status == 0, "\(output)")
        #expect(output.contains("Erased 1 lesson with the code PGERAS."), "\(output)")
        #expect(output.contains { $0.contains("VACUUM") }, "\(output)")
        #expect(try await storage.unfinishedLessons().map(\.code.description) == ["PGKEEP"])

        // And the same code again, or both stores at once, is refused with a sentence that says what to do
        let (again, said) = try await ProgramsTests.run(
            petri, ["store", "erase-lesson", "--url", url, "--code", "PGERAS"], withStandardError: true, within: 60)
        #expect(again != 0 && said.contains { $0.contains("No stored lesson has the code PGERAS") }, "\(said)")
        let (both, bothSaid) = try await ProgramsTests.run(
            petri, ["store", "erase-lesson", "--data", "/nonexistent", "--url", url, "--code", "PGKEEP"],
            withStandardError: true)
        #expect(both != 0 && bothSaid.contains { $0.contains("not both") }, "\(bothSaid)")
        #expect(try await storage.unfinishedLessons().map(\.code.description) == ["PGKEEP"])
    }
}
