import PetriHub
import PetriLesson
import PetriProtocol
import PetriStorage

/// In-memory storage whose writes can be made to fail and whose `recovery` can be held open,
/// so a test can act while the hub is rebuilding a lesson (a deterministic interleaving, no sleeps).
package actor GatedStorage: LessonStorage {
    package let inner = InMemoryLessonStorage()
    private var holding = false
    private var held: [CheckedContinuation<Void, Never>] = []
    /// Yields each time a held `recovery` starts waiting.
    package nonisolated let recoveryWaiting: AsyncStream<Void>
    private let waiting: AsyncStream<Void>.Continuation

    package init() {
        (recoveryWaiting, waiting) = AsyncStream.makeStream()
        (appendWaiting, appendWaits) = AsyncStream.makeStream()
    }

    package func hold() { holding = true }

    package func release() {
        holding = false
        for continuation in held { continuation.resume() }
        held = []
    }

    private var holdingAppends = false
    private var heldAppends: [CheckedContinuation<Void, Never>] = []
    /// How many entries each `append` stored, in order (group commit writes several at once).
    package private(set) var appendSizes: [Int] = []
    /// Yields each time a held `append` starts waiting.
    package nonisolated let appendWaiting: AsyncStream<Void>
    private let appendWaits: AsyncStream<Void>.Continuation

    /// Holds every `append` until ``releaseAppends()``: commands sent meanwhile queue up in the lesson.
    package func holdAppends() { holdingAppends = true }

    package func releaseAppends() {
        holdingAppends = false
        for continuation in heldAppends { continuation.resume() }
        heldAppends = []
    }

    package func failWrites(with error: (any Error)?) async { await inner.failWrites(with: error) }

    package func createLesson(_ record: LessonRecord) async throws { try await inner.createLesson(record) }
    package func append(_ entries: [LogEntryToStore], toLesson id: String) async throws {
        if holdingAppends {
            await withCheckedContinuation { continuation in
                heldAppends.append(continuation)
                appendWaits.yield()
            }
        }
        try await inner.append(entries, toLesson: id)
        appendSizes.append(entries.count)
    }
    package func recordScores(_ facts: [LessonFact], ofLesson id: String) async throws {
        try await inner.recordScores(facts, ofLesson: id)
    }
    package func endLesson(id: String, at time: Timestamp) async throws { try await inner.endLesson(id: id, at: time) }
    package func unfinishedLessons() async throws -> [LessonRecord] { await inner.unfinishedLessons() }
    package func lessons(endedSince time: Timestamp) async throws -> [EndedLesson] {
        await inner.lessons(endedSince: time)
    }
    package func log(ofLesson id: String) async throws -> [LessonLogEntry] { await inner.log(ofLesson: id) }
    package func saveCheckpoint(
        _ checkpoint: LessonCheckpoint, ofLesson id: String, at time: Timestamp, keeping keep: Int
    ) async throws {
        try await inner.saveCheckpoint(checkpoint, ofLesson: id, at: time, keeping: keep)
    }
    package func beginReplay(ofLesson id: String, attempt: Int) async throws {
        try await inner.beginReplay(ofLesson: id, attempt: attempt)
    }
    package func endReplay(ofLesson id: String) async throws { try await inner.endReplay(ofLesson: id) }
    package func interruptedReplays() async throws -> [String: Int] { await inner.interruptedReplays() }
    package func isWritable() async -> Bool { await inner.isWritable() }

    package func recovery(ofLesson id: String) async throws -> LessonRecoveryPoint {
        if holding {
            await withCheckedContinuation { continuation in
                held.append(continuation)
                waiting.yield()
            }
        }
        return await inner.recovery(ofLesson: id)
    }
}
