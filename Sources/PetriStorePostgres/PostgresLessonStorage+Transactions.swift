import Foundation
import Logging
import PetriLesson
import PetriProtocol
import PetriStorage
import PostgresNIO
import Synchronization

/// Transactions: every read and write of ``PostgresLessonStorage`` goes through these, with its errors as
/// ``PostgresStoreError`` and a lesson's writes fenced by its lease's epoch.
extension PostgresLessonStorage {
    /// A write in one transaction, its errors as ``PostgresStoreError``.
    func write<T: Sendable>(
        _ doing: String, _ body: @escaping @Sendable (PostgresConnection) async throws -> T
    ) async throws -> T {
        do {
            return try await client.withTransaction(logger: logger) { connection in try await body(connection) }
        } catch {
            throw PostgresStoreError.wrapping(error, doing)
        }
    }

    func read<T: Sendable>(
        _ doing: String, _ body: @escaping @Sendable (PostgresConnection) async throws -> T
    ) async throws -> T {
        do {
            return try await client.withConnection { connection in try await body(connection) }
        } catch {
            throw PostgresStoreError.wrapping(error, doing)
        }
    }

    /// A write to a lesson's rows, fenced by this node's lease: it commits only while the lease
    /// row still names this node and the epoch it claimed (see the type's notes).
    ///
    /// - Throws: ``PostgresStoreError/Code/leaseLost`` (and the lesson is reported lost) when
    ///   this node does not hold the lesson's lease; nothing is written then.
    func fencedWrite(
        _ id: String, _ doing: String, _ body: @escaping @Sendable (PostgresConnection) async throws -> Void
    ) async throws {
        guard let epoch = held.withLock({ $0[id] }) else {
            throw PostgresStoreError(
                .leaseLost, "This node does not hold the lease of lesson \"\(id)\"; its clients must reconnect.")
        }
        do {
            try await write(doing) { connection in
                let current = try await connection.run(
                    """
                    SELECT epoch FROM lease WHERE lesson_id = \(id) AND node = \(self.node.id) AND epoch = \(epoch)
                    FOR SHARE
                    """, logger: self.logger
                ).decode(Int64.self).collected()
                guard !current.isEmpty else {
                    throw PostgresStoreError(
                        .leaseLost,
                        "Another node took over lesson \"\(id)\" (this node's epoch \(epoch) is gone); nothing was "
                            + "written and its clients must reconnect.")
                }
                try await body(connection)
            }
        } catch let error as PostgresStoreError where error.code == .leaseLost {
            dropLease(id, epoch: epoch)
            throw error
        }
    }

    /// Forgets a lease this node held at `epoch` and reports the lesson lost (once).
    func dropLease(_ id: String, epoch: Int64) {
        let dropped = held.withLock { held in
            guard held[id] == epoch else { return false }
            held[id] = nil
            return true
        }
        guard dropped else { return }
        counters.leaseLost()
        counters.owned(held.withLock { $0.count })
        logger.warning("Lost the lease of a lesson", metadata: ["lesson": "\(id)", "epoch": "\(epoch)"])
        lost.yield(id)
    }

    var leaseInterval: String { "\(node.leaseMilliseconds) milliseconds" }

    static func lastSeq(_ id: String, _ connection: PostgresConnection, _ logger: Logger) async throws -> Int {
        let rows = try await connection.run(
            "SELECT COALESCE(MAX(seq), 0) FROM action WHERE lesson_id = \(id)", logger: logger
        ).decode(Int64.self).collected()
        return Int(rows.first ?? 0)
    }
}
