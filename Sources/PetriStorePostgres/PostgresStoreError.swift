import Logging
import PostgresNIO

/// Why the PostgreSQL store refused or failed: a code to match on and a sentence for people.
struct PostgresStoreError: Error, CustomStringConvertible, Sendable {
    package enum Code: String, Sendable {
        /// The store URL is not a `postgres://` URL this store can use.
        case invalidURL
        /// The database could not be reached or failed the statement.
        case databaseFailed
        /// The database was migrated by a newer Petri.
        case schemaTooNew
        /// The lesson is not in the store.
        case unknownLesson
        /// The lesson's log does not end where the writer expected.
        case sequenceMismatch
        /// A write that the store's own rules refuse (a second answer, a checkpoint past the log).
        case refused
        /// This node does not hold the lesson's lease (another node took it over): nothing was written.
        case leaseLost
    }

    package var code: Code
    package var message: String

    package init(_ code: Code, _ message: String) {
        self.code = code
        self.message = message
    }

    package var description: String { message }

    /// A database error as a sentence, naming what was being done.
    static func wrapping(_ error: any Error, _ doing: String) -> PostgresStoreError {
        if let error = error as? PostgresStoreError { return error }
        // A transaction's own failure: what failed inside it (the closure, BEGIN or COMMIT).
        if let transaction = error as? PostgresTransactionError,
            let inner = transaction.closureError ?? transaction.beginError ?? transaction.commitError
        {
            return wrapping(inner, doing)
        }
        if let psql = error as? PSQLError {
            if let message = psql.serverInfo?[.message] {
                let state = psql.serverInfo?[.sqlState] ?? "?"
                return PostgresStoreError(
                    .databaseFailed, "PostgreSQL refused to \(doing): \(message) (SQLSTATE \(state)).")
            }
            return PostgresStoreError(
                .databaseFailed,
                "Could not reach PostgreSQL to \(doing) (\(psql.code)); check that it is running and store.url.")
        }
        return PostgresStoreError(.databaseFailed, "Could not \(doing): \(error).")
    }

    /// Whether PostgreSQL refused the statement for this SQLSTATE (e.g. 23505, a unique violation).
    static func isState(_ error: any Error, _ state: String) -> Bool {
        if let transaction = error as? PostgresTransactionError, let inner = transaction.closureError {
            return isState(inner, state)
        }
        return (error as? PSQLError)?.serverInfo?[.sqlState] == state
    }
}

extension PostgresConnection {
    /// Runs a query (the async form: postgres-nio also has a future-returning `query` with the same arguments).
    @discardableResult
    func run(_ query: PostgresQuery, logger: Logger) async throws -> PostgresRowSequence {
        try await self.query(query, logger: logger)
    }
}

extension AsyncSequence {
    /// Every element, in order (postgres-nio's `collect()` is only for undecoded rows).
    func collected() async throws -> [Element] {
        var all: [Element] = []
        for try await element in self { all.append(element) }
        return all
    }
}
