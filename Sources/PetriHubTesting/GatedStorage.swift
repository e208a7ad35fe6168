import PetriHub
import PetriLesson
import PetriProtocol
import PetriStorage

/// In-memory storage whose writes can be made to fail and whose `recovery` can be held open,
/// so a test can act while the hub is rebuilding a lesson (a deterministic interleaving, no sleeps).
///
/// Made with `sharedCommits`, its appends go through a ``GroupCommit`` as the SQLite store's do:
/// each held, failed or counted write (``holdAppends()``, ``failNextSharedWrite(with:)``,
/// ``sharedWrites``) is then one write shared by the lessons whose batches it carries.
package actor GatedStorage: LessonStorage, SharedLogWriter {
    package let inner = InMemoryLessonStorage()
    private let sharedCommits: Bool
    private var commits: GroupCommit?
    /// The lessons whose batches each shared write carried (or, if held, carries), in the order the
    /// writes started (only with `sharedCommits`).
    package private(set) var sharedWrites: [[String]] = []
    private var failNext: (any Error)?
    private var refusing: Set<String> = []
    private var holding = false
    private var held: [CheckedContinuation<Void, Never>] = []
    /// Yields each time a held `recovery` starts waiting.
    package nonisolated let recoveryWaiting: AsyncStream<Void>
    private let waiting: AsyncStream<Void>.Continuation

    package init(sharedCommits: Bool = false) {
        self.sharedCommits = sharedCommits
        (recoveryWaiting, waiting) = AsyncStream.makeStream()
        (appendWaiting, appendWaits) = AsyncStream.makeStream()
        (makeupWriteWaiting, makeupWaits) = AsyncStream.makeStream()
    }

    var holdingMakeup = false
    var heldMakeup: [CheckedContinuation<Void, Never>] = []
    /// The make-up students of each make-up write, in order (one write is one transaction).
    package private(set) var makeupBatches: [[Int]] = []
    /// Yields each time a held make-up student's write starts waiting.
    package nonisolated let makeupWriteWaiting: AsyncStream<Void>
    let makeupWaits: AsyncStream<Void>.Continuation

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

    /// Lets the first held write go on and keeps holding the others (and the next ones).
    package func releaseOneAppend() {
        guard !heldAppends.isEmpty else { return }
        heldAppends.removeFirst().resume()
    }

    /// Batches waiting for the next shared write, and batches received since the start (with `sharedCommits`).
    package func batchesWaiting() async -> Int { await commits?.waitingBatches ?? 0 }
    package func batchesReceived() async -> Int { await commits?.receivedBatches ?? 0 }

    package func releaseAppends() {
        holdingAppends = false
        for continuation in heldAppends { continuation.resume() }
        heldAppends = []
    }

    package func failWrites(with error: (any Error)?) async { await inner.failWrites(with: error) }

    /// Fails the next shared write as a whole (as a commit that cannot reach the disk does).
    package func failNextSharedWrite(with error: any Error) { failNext = error }

    /// Refuses the batches of lesson `id` in shared writes (as a store constraint would), until ``stopRefusing()``.
    package func refuseBatches(ofLesson id: String) { refusing.insert(id) }

    package func stopRefusing() { refusing = [] }

    package func writeTogether(_ batches: [LessonBatch]) async throws -> [(any Error)?] {
        // Recorded as it starts, so a test sees what a held write carries.
        sharedWrites.append(batches.map(\.lesson))
        if holdingAppends {
            await withCheckedContinuation { continuation in
                heldAppends.append(continuation)
                appendWaits.yield()
            }
        }
        if let error = failNext {
            failNext = nil
            throw error
        }
        var refusals: [(any Error)?] = []
        for batch in batches {
            if refusing.contains(batch.lesson) {
                refusals.append(RefusedBatch(lesson: batch.lesson))
                continue
            }
            do {
                try await inner.append(batch.entries, toLesson: batch.lesson)
                appendSizes.append(batch.entries.count)
                refusals.append(nil)
            } catch {
                refusals.append(error)
            }
        }
        return refusals
    }

    package func createLesson(_ record: LessonRecord) async throws { try await inner.createLesson(record) }
    package func append(_ entries: [LogEntryToStore], toLesson id: String) async throws {
        if sharedCommits {
            let commits = self.commits ?? GroupCommit(writer: self)
            self.commits = commits
            try await commits.append(entries, toLesson: id)
            return
        }
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
    package func eraseLessons(endedBefore time: Timestamp) async throws -> [String] {
        try await inner.eraseLessons(endedBefore: time)
    }
    package func eraseLesson(id: String) async throws -> Bool { try await inner.eraseLesson(id: id) }
    package func eraseStudent(
        _ student: StudentID, keeping checkpoint: LessonCheckpoint, ofLesson id: String, at time: Timestamp
    ) async throws {
        try await inner.eraseStudent(student, keeping: checkpoint, ofLesson: id, at: time)
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

/// What ``GatedStorage/refuseBatches(ofLesson:)`` fails a lesson's batch with.
package struct RefusedBatch: Error {
    package var lesson: String
}

/// Lesson plans go straight to the inner storage (never held or failed).
extension GatedStorage: PlanStorage {
    package func savePlan(_ plan: PlanRecord, replace: Bool) async throws -> Bool {
        try await inner.savePlan(plan, replace: replace)
    }

    package func plans(ownedBy ownerId: String?) async throws -> [PlanRecord] { await inner.plans(ownedBy: ownerId) }

    package func plan(named name: String, ownedBy ownerId: String?) async throws -> PlanRecord? {
        await inner.plan(named: name, ownedBy: ownerId)
    }

    package func removePlan(named name: String, ownedBy ownerId: String?) async throws -> Bool {
        try await inner.removePlan(named: name, ownedBy: ownerId)
    }
}

/// Plans' links go straight to the inner storage.
extension GatedStorage: PlanShareStorage {
    package func sharePlan(_ share: PlanShare) async throws -> PlanShare? { try await inner.sharePlan(share) }

    package func unsharePlan(named name: String, ownedBy ownerId: String?) async throws -> Bool {
        try await inner.unsharePlan(named: name, ownedBy: ownerId)
    }

    package func sharedPlan(token: String) async throws -> (share: PlanShare, plan: PlanRecord)? {
        await inner.sharedPlan(token: token)
    }

    package func planShares(ownedBy ownerId: String?) async throws -> [PlanShare] {
        await inner.planShares(ownedBy: ownerId)
    }
}

/// Make-ups go to the inner storage; a make-up student's writes can be held (``holdMakeupWrites()``), so a test
/// sees that nothing is acknowledged before it is stored.
extension GatedStorage: MakeupStorage {
    package func saveMakeup(_ makeup: MakeupRecord) async throws { try await inner.saveMakeup(makeup) }

    package func makeup(code: JoinCode) async throws -> MakeupRecord? { await inner.makeup(code: code) }

    package func makeup(ofLesson id: String) async throws -> MakeupRecord? { await inner.makeup(ofLesson: id) }

    package func saveMakeupStudents(_ students: [MakeupStudentRecord]) async throws {
        makeupBatches.append(students.map(\.student))
        if holdingMakeup {
            makeupWaits.yield()
            await withCheckedContinuation { heldMakeup.append($0) }
        }
        try await inner.saveMakeupStudents(students)
    }

    package func makeupStudents(ofLesson id: String) async throws -> [MakeupStudentRecord] {
        await inner.makeupStudents(ofLesson: id)
    }

    /// Holds every make-up student's write until ``releaseMakeupWrites()``.
    package func holdMakeupWrites() { holdingMakeup = true }

    package func releaseMakeupWrites() {
        holdingMakeup = false
        for continuation in heldMakeup { continuation.resume() }
        heldMakeup = []
    }
}
