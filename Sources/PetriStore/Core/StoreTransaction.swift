import GRDB

/// Writes that commit together, inside ``PetriStore/inTransaction(_:)``.
///
/// A lesson command often stores more than one thing: the log entry and the answer it records,
/// the entry and a checkpoint. Doing them in one transaction means one commit (one fsync) and
/// no state where one is stored and the other is not. Each method is atomic on its own too (a
/// failed ``recordResolution(lessonId:questionId:points:scores:)`` leaves nothing behind even
/// if the caller catches the error and goes on).
///
/// Only valid inside the closure it was passed to, on that closure's thread.
package struct StoreTransaction {
    let db: Database
    let location: String

    /// Runs `body`, turning what it throws into a ``StoreError``.
    func run<T>(_ body: () throws -> T) throws(StoreError) -> T {
        do {
            return try body()
        } catch {
            throw StoreError.wrapping(error, location: location)
        }
    }

    /// Runs `body` in a savepoint, so that it leaves nothing behind if it throws.
    func atomically<T>(_ body: () throws -> T) throws(StoreError) -> T {
        try run {
            var result: T?
            try db.inSavepoint {
                result = try body()
                return .commit
            }
            // inSavepoint either ran body to completion or threw.
            guard let result else {
                throw StoreError(.databaseFailed, "A savepoint ended without a result; this is a bug.")
            }
            return result
        }
    }
}

// A transaction belongs to the thread running its closure: GRDB's Database must not cross threads.
@available(*, unavailable)
extension StoreTransaction: Sendable {}

extension PetriStore {
    /// Runs several writes in one transaction: all are committed when `body` returns, none if it throws.
    ///
    /// ```swift
    /// try store.inTransaction { tx in
    ///     let seq = try tx.appendLogEntry(lessonId: id, generation: g, kind: "predict", payload: entry, at: now)
    ///     try tx.recordAnswer(lessonId: id, questionId: q, studentId: s, prediction: p, answeredAt: now)
    /// }
    /// ```
    ///
    /// Inside `body`, write through `tx` only: calling the store's own methods there would
    /// re-enter GRDB's writer, which traps.
    ///
    /// - Parameter body: The writes; the transaction must not escape it. It may throw errors of its own.
    /// - Throws: Whatever `body` threw, unchanged (the ``StoreError`` of a `tx` method, or the
    ///   caller's own error), or a ``StoreError`` if the commit fails. Untyped because a closure
    ///   without a `throws(StoreError)` annotation throws `any Error`.
    package func inTransaction<T>(_ body: (StoreTransaction) throws -> T) throws -> T {
        try ensureOpen()
        let location = self.location
        do {
            return try writer.write { db in try body(StoreTransaction(db: db, location: location)) }
        } catch let error as DatabaseError {
            throw StoreError.wrapping(error, location: location)
        }
    }

    /// ``inTransaction(_:)`` for the store's own one-transaction methods, which throw only ``StoreError``.
    func transaction<T>(_ body: (StoreTransaction) throws(StoreError) -> T) throws(StoreError) -> T {
        let location = self.location
        return try write { db in try body(StoreTransaction(db: db, location: location)) }
    }
}
