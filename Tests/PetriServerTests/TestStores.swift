import Foundation
import PetriHub
import PetriPostgresTesting
import PetriStorage
import PetriStore
import PetriStorePostgres
import Testing

@testable import PetriServer

/// The two stores a test can run on: SQLite in a temporary directory, or a database of its own
/// on the test run's private PostgreSQL (started once for the whole run).
enum TestStore: String, CaseIterable, Sendable, CustomTestStringConvertible {
    case sqlite
    case postgres

    var testDescription: String { rawValue }

    /// A new, empty store of this kind; ``TestStoreLocation/open(node:)`` opens it (again).
    func create() async throws -> TestStoreLocation {
        switch self {
        case .sqlite:
            let directory = FileManager.default.temporaryDirectory.appendingPathComponent(
                "petri-store-\(UUID().uuidString)"
            ).path
            return .sqlite(directory: directory)
        case .postgres:
            return .postgres(url: try await PrivatePostgres.shared().createDatabase())
        }
    }
}

/// Where a test's store lives, so a test can open it again as a restarted server would.
enum TestStoreLocation: Sendable {
    case sqlite(directory: String)
    case postgres(url: String)

    /// Opens the store: its storage, and for PostgreSQL the node's lease ownership.
    func open(node: String = "node-1", leaseMilliseconds: Int = 5_000) async throws -> OpenedTestStore {
        switch self {
        case .sqlite(let directory):
            return OpenedTestStore(storage: try SQLiteLessonStorage(directory: directory), postgres: nil)
        case .postgres(let url):
            let storage = try await PostgresLessonStorage.connect(
                url: url,
                node: ClusterNode(
                    id: node, advertisedURL: "ws://127.0.0.1:1/\(node)", leaseMilliseconds: leaseMilliseconds,
                    renewMilliseconds: leaseMilliseconds / 4))
            return OpenedTestStore(storage: storage, postgres: storage)
        }
    }
}

/// An open test store.
struct OpenedTestStore: Sendable {
    var storage: any LessonStorage
    var postgres: PostgresLessonStorage?

    var ownership: (any LessonOwnership)? { postgres }

    /// Closes the store, as a stopped server would (SQLite's lock on the directory is released).
    func close() {
        postgres?.close()
        try? (storage as? SQLiteLessonStorage)?.store.close()
    }
}
