/// One lesson's batch of log entries in a write shared with other lessons.
package struct LessonBatch: Sendable {
    package var lesson: String
    package var entries: [LogEntryToStore]

    package init(lesson: String, entries: [LogEntryToStore]) {
        self.lesson = lesson
        self.entries = entries
    }
}

/// A store that can make several lessons' batches durable in one transaction: what a
/// ``GroupCommit`` writes through. SQLite implements it (`SQLiteLessonStorage`); a PostgreSQL
/// store can do the same with one transaction on one connection.
package protocol SharedLogWriter: Sendable {
    /// Stores `batches` in one transaction and returns once that transaction is durable.
    ///
    /// - Returns: For each batch, in order: nil when it is stored, or the error that kept it out.
    ///   A batch the store refuses on its own account (one of its constraints) is rolled back
    ///   alone and the others commit.
    /// - Throws: When the transaction as a whole failed: then none of the batches is stored.
    func writeTogether(_ batches: [LessonBatch]) async throws -> [(any Error)?]
}

/// Group commit across lessons: every lesson's ``LessonStorage/append(_:toLesson:)`` goes through
/// one of these, and the batches that arrive while a shared write is under way go together in the
/// next one, so a school of lessons costs a commit (one fsync) per write, not one per lesson's batch.
///
/// - Nothing is answered before the write holding it is durable; each batch is answered as soon
///   as that write returns (its caller is not held for any later write).
/// - A write that fails as a whole fails exactly the batches in it; a batch refused alone fails alone.
/// - No write waits to fill up: when none is under way the first batch goes at once, so a batch
///   waits at most for the one write under way when it arrived. A lesson awaits each append before
///   the next, so a write holds at most one batch of each lesson, and a slow lesson holds another's
///   acknowledgement back by at most one of its batches.
package actor GroupCommit {
    private struct Waiting {
        var batch: LessonBatch
        var done: CheckedContinuation<Void, any Error>
    }

    private let writer: any SharedLogWriter
    private var waiting: [Waiting] = []
    private var writing = false

    package init(writer: any SharedLogWriter) {
        self.writer = writer
    }

    /// Batches waiting for the next shared write, and batches received since the start (tests line writes up by them).
    package var waitingBatches: Int { waiting.count }
    package private(set) var receivedBatches = 0

    /// Stores `entries` of lesson `id` in the next shared write and returns once it is durable.
    ///
    /// - Throws: What kept the batch out of the store (its own refusal, or the shared write failing).
    package func append(_ entries: [LogEntryToStore], toLesson id: String) async throws {
        guard !entries.isEmpty else { return }
        try await withCheckedThrowingContinuation { continuation in
            waiting.append(Waiting(batch: LessonBatch(lesson: id, entries: entries), done: continuation))
            receivedBatches += 1
            guard !writing else { return }
            writing = true
            // The writes run in a task of their own, so the batch that started them is answered
            // when its write returns, not after the writes of batches that arrived later.
            Task { await self.writeWhileWaiting() }
        }
    }

    private func writeWhileWaiting() async {
        while !waiting.isEmpty {
            let taken = waiting
            waiting = []
            do {
                let refusals = try await writer.writeTogether(taken.map(\.batch))
                // A writer that does not say what became of every batch has stored nothing the hub may acknowledge.
                guard refusals.count == taken.count else { throw UnansweredBatches(sent: taken.count) }
                for (item, refusal) in zip(taken, refusals) {
                    if let refusal { item.done.resume(throwing: refusal) } else { item.done.resume() }
                }
            } catch {
                for item in taken { item.done.resume(throwing: error) }
            }
        }
        writing = false
    }
}

/// A ``SharedLogWriter`` answered for fewer or more batches than it was given (a defect in the writer).
struct UnansweredBatches: Error, CustomStringConvertible {
    var sent: Int
    var description: String { "The store did not say what became of each of the \(sent) batches it was given." }
}
