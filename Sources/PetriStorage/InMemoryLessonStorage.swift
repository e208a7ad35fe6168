import PetriLesson
import PetriProtocol

/// Storage in memory: for tests, and for a server started without a data directory.
package actor InMemoryLessonStorage: LessonStorage {
    private var lessons: [String: (record: LessonRecord, ended: Timestamp?)] = [:]
    private var order: [String] = []
    private var logs: [String: [LessonLogEntry]] = [:]
    /// Each lesson's checkpoints, oldest first.
    private var checkpoints: [String: [LessonCheckpoint]] = [:]
    /// When set, every write fails with this error (to test what the hub does then).
    var failure: (any Error)?

    /// Replays under way (see ``LessonStorage/beginReplay(ofLesson:attempt:)``).
    private var replays: [String: Int] = [:]
    /// Lesson plans by owner ("" for the server's) and name.
    private var plans: [String: [String: PlanRecord]] = [:]
    /// Plans shared by link, by token.
    private var planShares: [String: PlanShare] = [:]
    /// Make-ups by lesson id, and their students by lesson id and make-up id (``MakeupStorage``).
    var makeups: [String: MakeupRecord] = [:]
    var makeupStudents: [String: [Int: MakeupStudentRecord]] = [:]

    package init() {}

    package func beginReplay(ofLesson id: String, attempt: Int) throws {
        if let failure { throw failure }
        replays[id] = attempt
    }

    package func endReplay(ofLesson id: String) throws {
        if let failure { throw failure }
        replays[id] = nil
    }

    package func interruptedReplays() -> [String: Int] { replays }

    package func failWrites(with error: (any Error)?) { failure = error }

    package func createLesson(_ record: LessonRecord) throws {
        if let failure { throw failure }
        lessons[record.id] = (record, nil)
        order.append(record.id)
    }

    package func append(_ entries: [LogEntryToStore], toLesson id: String) throws {
        if let failure { throw failure }
        logs[id, default: []].append(contentsOf: entries.map(\.entry))
    }

    /// Keeps no score tables: the log is all it stores.
    package func recordScores(_ facts: [LessonFact], ofLesson id: String) throws {
        if let failure { throw failure }
    }

    package func endLesson(id: String, at time: Timestamp) throws {
        if let failure { throw failure }
        lessons[id]?.ended = time
    }

    package func unfinishedLessons() -> [LessonRecord] {
        order.compactMap { lessons[$0] }.filter { $0.ended == nil }.map(\.record)
    }

    package func lessons(endedSince time: Timestamp) -> [EndedLesson] {
        order.compactMap { lessons[$0] }.compactMap { lesson in
            lesson.ended.flatMap { $0 >= time ? EndedLesson(record: lesson.record, endedAt: $0) : nil }
        }
    }

    package func log(ofLesson id: String) -> [LessonLogEntry] { logs[id] ?? [] }

    package func saveCheckpoint(
        _ checkpoint: LessonCheckpoint, ofLesson id: String, at time: Timestamp, keeping keep: Int
    ) throws {
        if let failure { throw failure }
        let last = logs[id]?.last?.sequence ?? 0
        guard lessons[id] != nil, (0...last).contains(checkpoint.sequence) else {
            throw ProtocolError(
                .internalError, "A checkpoint at entry \(checkpoint.sequence) is past the log's end at \(last).")
        }
        var kept = checkpoints[id, default: []].filter { $0.sequence != checkpoint.sequence } + [checkpoint]
        kept.sort { $0.sequence < $1.sequence }
        checkpoints[id] = Array(kept.suffix(max(1, keep)))
    }

    package func recovery(ofLesson id: String) -> LessonRecoveryPoint {
        let checkpoint = checkpoints[id]?.last
        let after = log(ofLesson: id).filter { $0.sequence > checkpoint?.sequence ?? 0 }
        return LessonRecoveryPoint(checkpoint: checkpoint, entries: after)
    }

    package func eraseLessons(endedBefore time: Timestamp) throws -> [String] {
        if let failure { throw failure }
        let erased = order.filter { id in lessons[id]?.ended.map { $0 < time } ?? false }
        for id in erased {
            lessons[id] = nil
            logs[id] = nil
            checkpoints[id] = nil
        }
        order.removeAll { erased.contains($0) }
        return erased
    }

    package func eraseLesson(id: String) throws -> Bool {
        if let failure { throw failure }
        guard lessons[id] != nil else { return false }
        lessons[id] = nil
        logs[id] = nil
        checkpoints[id] = nil
        order.removeAll { $0 == id }
        return true
    }

    package func eraseStudent(
        _ student: StudentID, keeping checkpoint: LessonCheckpoint, ofLesson id: String, at time: Timestamp
    ) throws {
        if let failure { throw failure }
        let last = logs[id]?.last?.sequence ?? 0
        guard lessons[id] != nil, checkpoint.sequence == last else {
            throw ProtocolError(
                .internalError,
                "Erasing needs a checkpoint at the log's last entry, \(last), not \(checkpoint.sequence).")
        }
        checkpoints[id] = [checkpoint]
        logs[id]?.removeAll { $0.sequence < checkpoint.sequence }
    }

    /// The sequence numbers of a lesson's checkpoints, oldest first (for tests).
    package func checkpointSequences(ofLesson id: String) -> [Int] { checkpoints[id]?.map(\.sequence) ?? [] }

    package func isWritable() -> Bool { failure == nil }
}

/// ``PlanStorage`` in memory, for tests and a server without a data directory.
extension InMemoryLessonStorage: PlanStorage {
    package func savePlan(_ plan: PlanRecord, replace: Bool) throws -> Bool {
        if let failure { throw failure }
        let owner = plan.ownerId ?? ""
        if plans[owner]?[plan.name] != nil, !replace { return false }
        plans[owner, default: [:]][plan.name] = plan
        return true
    }

    package func plans(ownedBy ownerId: String?) -> [PlanRecord] {
        (plans[ownerId ?? ""] ?? [:]).values.sorted { $0.name < $1.name }
    }

    package func plan(named name: String, ownedBy ownerId: String?) -> PlanRecord? { plans[ownerId ?? ""]?[name] }

    package func removePlan(named name: String, ownedBy ownerId: String?) throws -> Bool {
        if let failure { throw failure }
        guard plans[ownerId ?? ""]?.removeValue(forKey: name) != nil else { return false }
        planShares = planShares.filter { $0.value.name != name || $0.value.ownerId != ownerId }
        return true
    }
}

/// ``PlanShareStorage`` in memory.
extension InMemoryLessonStorage: PlanShareStorage {
    package func sharePlan(_ share: PlanShare) throws -> PlanShare? {
        if let failure { throw failure }
        guard plans[share.ownerId ?? ""]?[share.name] != nil else { return nil }
        if let existing = planShares.values.first(where: { $0.name == share.name && $0.ownerId == share.ownerId }) {
            return existing
        }
        planShares[share.token] = share
        return share
    }

    package func unsharePlan(named name: String, ownedBy ownerId: String?) throws -> Bool {
        if let failure { throw failure }
        guard let share = planShares.values.first(where: { $0.name == name && $0.ownerId == ownerId }) else {
            return false
        }
        planShares[share.token] = nil
        return true
    }

    package func sharedPlan(token: String) -> (share: PlanShare, plan: PlanRecord)? {
        guard let share = planShares[token], let plan = plans[share.ownerId ?? ""]?[share.name] else { return nil }
        return (share, plan)
    }

    package func planShares(ownedBy ownerId: String?) -> [PlanShare] {
        planShares.values.filter { $0.ownerId == ownerId }.sorted { $0.name < $1.name }
    }
}
