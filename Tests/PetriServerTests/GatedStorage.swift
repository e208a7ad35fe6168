import PetriLesson
import PetriProtocol

@testable import PetriServer

/// In-memory storage whose `recovery` can be held open, so a test can act while the hub is
/// rebuilding a lesson (a deterministic interleaving, no sleeps).
actor GatedStorage: LessonStorage {
    let inner = InMemoryLessonStorage()
    private var holding = false
    private var held: [CheckedContinuation<Void, Never>] = []
    /// Yields each time a held `recovery` starts waiting.
    let recoveryWaiting: AsyncStream<Void>
    private let waiting: AsyncStream<Void>.Continuation

    init() { (recoveryWaiting, waiting) = AsyncStream.makeStream() }

    func hold() { holding = true }

    func release() {
        holding = false
        for continuation in held { continuation.resume() }
        held = []
    }

    func failWrites(with error: (any Error)?) async { await inner.failWrites(with: error) }

    func createLesson(_ record: LessonRecord) async throws { try await inner.createLesson(record) }
    func append(_ entries: [StoredEntry], toLesson id: String) async throws { try await inner.append(entries, toLesson: id) }
    func recordScores(_ facts: [LessonFact], ofLesson id: String) async throws {
        try await inner.recordScores(facts, ofLesson: id)
    }
    func endLesson(id: String, at time: Timestamp) async throws { try await inner.endLesson(id: id, at: time) }
    func unfinishedLessons() async throws -> [LessonRecord] { try await inner.unfinishedLessons() }
    func lessons(endedSince time: Timestamp) async throws -> [EndedLesson] {
        try await inner.lessons(endedSince: time)
    }
    func log(ofLesson id: String) async throws -> [LessonLogEntry] { try await inner.log(ofLesson: id) }
    func saveCheckpoint(
        _ checkpoint: LessonCheckpoint, ofLesson id: String, at time: Timestamp, keeping keep: Int
    ) async throws {
        try await inner.saveCheckpoint(checkpoint, ofLesson: id, at: time, keeping: keep)
    }
    func beginReplay(ofLesson id: String, attempt: Int) async throws {
        try await inner.beginReplay(ofLesson: id, attempt: attempt)
    }
    func endReplay(ofLesson id: String) async throws { try await inner.endReplay(ofLesson: id) }
    func interruptedReplays() async throws -> [String: Int] { try await inner.interruptedReplays() }
    func isWritable() async -> Bool { await inner.isWritable() }

    func recovery(ofLesson id: String) async throws -> LessonRecoveryPoint {
        if holding {
            await withCheckedContinuation { continuation in
                held.append(continuation)
                waiting.yield()
            }
        }
        return try await inner.recovery(ofLesson: id)
    }
}
