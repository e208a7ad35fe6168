import Dispatch
import GRDB
import PetriLesson
import PetriStorage

/// A lesson's batch encoded for the store: its log rows, the facts written beside them, the
/// scoring facts written after.
struct EncodedBatch: Sendable {
    let lesson: String
    let entries: [LogEntryToStore]
    let encoded: [LogEncoding.Encoded]
    let rows: [NewLogEntry]
    let first: Int
    let scoring: [LessonFact]

    /// Encodes each entry once; an answer's row takes its prediction from that encoding.
    init(_ batch: LessonBatch) throws {
        lesson = batch.lesson
        entries = batch.entries
        encoded = try batch.entries.map { try LogEncoding.encode($0.entry) }
        rows = zip(batch.entries, encoded).map { stored, encoded in
            NewLogEntry(
                generation: stored.generation, kind: stored.entry.command.kind.rawValue, payload: encoded.payload,
                at: stored.entry.time.storedSeconds)
        }
        first = batch.entries.first?.entry.sequence ?? 0
        scoring = batch.entries.flatMap { stored in stored.facts.filter(\.isScoring) }
    }

    /// Appends the rows and writes the facts that are not scoring, in `tx`.
    func write(in tx: StoreTransaction) throws {
        try tx.appendLogEntries(lessonId: lesson, rows, expectedFirstSeq: first)
        for (stored, encoded) in zip(entries, encoded) {
            for fact in stored.facts where !fact.isScoring {
                try SQLiteLessonStorage.record(fact, of: stored, encoded: encoded, lesson: lesson, in: tx)
            }
        }
    }
}

/// Several lessons' batches in one SQLite transaction (``SharedLogWriter``), on the storage's queue.
///
/// Each batch is written in a savepoint of its own, so a batch the store refuses (its sequence
/// does not follow the lesson's log, an answer its constraints reject) is rolled back alone; the
/// commit then makes the others durable at once, in one fsync. If the transaction itself is lost
/// (the commit fails, or SQLite rolled it back after an error), every batch in it fails.
/// Scoring facts follow in a second transaction queued right behind, after the lessons are answered.
struct SharedSQLiteLog: SharedLogWriter {
    let store: PetriStore
    let queue: DispatchQueue

    func writeTogether(_ batches: [LessonBatch]) async throws -> [(any Error)?] {
        var refusals: [(any Error)?] = []
        var encoded: [EncodedBatch] = []
        for batch in batches {
            do {
                encoded.append(try EncodedBatch(batch))
                refusals.append(nil)
            } catch {
                refusals.append(error)
            }
        }
        let refusedEarly = refusals
        let toWrite = encoded
        let store = self.store
        return try await withCheckedThrowingContinuation { continuation in
            queue.async {
                var refusals = refusedEarly
                var written: [EncodedBatch] = []
                let result = Result {
                    try store.inTransaction { tx in
                        var next = 0
                        for index in refusals.indices where refusals[index] == nil {
                            let batch = toWrite[next]
                            next += 1
                            do {
                                try tx.atomically { try batch.write(in: tx) }
                                written.append(batch)
                            } catch {
                                // An error that ended the transaction takes every batch with it.
                                guard tx.db.isInsideTransaction else { throw error }
                                refusals[index] = error
                            }
                        }
                    }
                    return refusals
                }
                continuation.resume(with: result)
                if case .success = result { SQLiteLessonStorage.recordScoring(of: written, in: store) }
            }
        }
    }
}
