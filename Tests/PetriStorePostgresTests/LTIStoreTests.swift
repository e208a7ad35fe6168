import PetriPostgresTesting
import PetriStorage
import PetriStorageTesting
import Testing

@testable import PetriStorePostgres

/// The PostgreSQL store keeps what Petri needs as an LTI tool as every store must (``LTIStoreScenarios``).
@Suite struct LTIStoreTests {
    @Test func thePostgresStoreKeepsLTIAsEveryStoreMust() async throws {
        for (name, body) in LTIStoreScenarios.all + LTIStoreScenarios.grades {
            // Given a fresh database with one lesson
            let url = try await PrivatePostgres.shared().createDatabase()
            let storage = try await LeaseFencingTests.node("lti", url)
            defer { storage.close() }
            try await TeacherAccountTests.lesson("lesson-lti", in: storage)

            // Then the scenario holds
            do {
                try await body(storage, "lesson-lti", "ACCT")
            } catch {
                Issue.record("\(name): \(error)")
            }
        }
    }
}
