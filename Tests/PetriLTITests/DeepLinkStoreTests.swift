import PetriStorage
import PetriStorageTesting
import Testing

/// The in-memory store keeps deep linking requests as every store must (``LTIStoreScenarios/deepLinks``).
@Suite struct DeepLinkStoreTests {
    @Test(arguments: LTIStoreScenarios.deepLinks.map(\.0))
    func theInMemoryStoreKeepsDeepLinkingRequestsAsEveryStoreMust(_ scenario: String) async throws {
        let body = try #require(LTIStoreScenarios.deepLinks.first { $0.0 == scenario }?.1)
        try await body(InMemoryLTIStorage())
    }
}
