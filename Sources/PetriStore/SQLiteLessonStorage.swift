import Dispatch
import Foundation
import Logging
import PetriLesson
import PetriProtocol
import PetriStorage

/// Logs what the store's queue does after the hub has been answered.
let storageLogger = Logger(label: "petri.store")

/// ``LessonStorage`` on the SQLite store (``PetriStore``), in the server's data directory.
///
/// Every call runs on one serial dispatch queue, so a write's fsync never blocks Swift's small
/// cooperative thread pool, and writes reach SQLite in the order the hub made them. A batch of
/// log entries and the rows of the facts the lesson stated with them (students, answers) commit in one
/// transaction, so the store's own constraints (one answer per student per question; a scored
/// answer never changes) hold for exactly what the log says. Scores are the exception: a
/// resolution rewrites a row per student (ten thousand in a big class, milliseconds of page
/// writes), and it is a consequence of the logged step, so it commits in a second transaction
/// queued right behind the first, after the hub has been answered; a restart rewrites the
/// scores from the rebuilt lesson (``recordScores(_:ofLesson:)``) in case a crash fell between.
///
/// The record written at creation holds the teacher token, and join entries and checkpoints
/// hold students' resume tokens, as the lesson holds them (``LessonRecord/tokens``): digests
/// for lessons created by this version, so a copy of their data opens nothing; the tokens
/// themselves for lessons stored by earlier versions, whose data is as secret as the tokens.
/// ``PetriStore`` creates the directory 0700 and its files 0600.
package final class SQLiteLessonStorage: LessonStorage {
    package let store: PetriStore
    private let queue = DispatchQueue(label: "petri.store")
    /// Where replays under way are recorded; nil for a store opened without its directory
    /// (then a replay that traps is not detected at the next start).
    private let replayMarks: ReplayMarkFile?

    /// Every lesson's batches, committed several lessons at a time (nil: each batch in a transaction of its own).
    private let commits: GroupCommit?

    /// - Parameter sharedCommits: Whether lessons' batches share transactions (group commit across
    ///   lessons, ``GroupCommit``); without, each batch commits (and fsyncs) on its own, as before.
    package init(store: PetriStore, directory: String? = nil, sharedCommits: Bool = true) {
        self.store = store
        replayMarks = directory.map(ReplayMarkFile.init(directory:))
        commits = sharedCommits ? GroupCommit(writer: SharedSQLiteLog(store: store, queue: queue)) : nil
    }

    /// Opens (creating if needed) the store in `directory`.
    ///
    /// - Throws: ``StoreError`` when the directory cannot be used.
    package convenience init(directory: String, sharedCommits: Bool = true) throws {
        self.init(
            store: try PetriStore.open(directory: directory), directory: directory, sharedCommits: sharedCommits)
    }

    package func beginReplay(ofLesson id: String, attempt: Int) async throws {
        guard let replayMarks else { return }
        _ = try await run { _ in
            var marks = try replayMarks.read()
            marks[id] = attempt
            try replayMarks.store(marks)
        }
    }

    package func endReplay(ofLesson id: String) async throws {
        guard let replayMarks else { return }
        _ = try await run { _ in
            var marks = try replayMarks.read()
            guard marks.removeValue(forKey: id) != nil else { return }
            try replayMarks.store(marks)
        }
    }

    package func interruptedReplays() async throws -> [String: Int] {
        guard let replayMarks else { return [:] }
        return try await run { _ in try replayMarks.read() }
    }

    package func createLesson(_ record: LessonRecord) async throws {
        let definition = try LogEncoding.json(record.definition)
        let settings = try record.storedJSON()
        _ = try await run { store in
            try store.createLesson(
                id: record.id, joinCode: record.code.text,
                teacherTokenHash: record.tokens.storeHash(ofHeld: record.teacherToken),
                model: record.model.rawValue, definition: definition, settings: settings,
                createdAt: record.createdAt.storedSeconds)
        }
    }

    package func append(_ entries: [LogEntryToStore], toLesson id: String) async throws {
        guard !entries.isEmpty else { return }
        if let commits {
            try await commits.append(entries, toLesson: id)
            return
        }
        let batch = try EncodedBatch(LessonBatch(lesson: id, entries: entries))
        try await run { store in
            try store.inTransaction { tx in try batch.write(in: tx) }
        } then: { store in
            Self.recordScoring(of: [batch], in: store)
        }
    }

    /// Reads the stored points and scores and rewrites only the rows that differ (after a clean
    /// stop, none): the students and answers tables are the store's copy of what the log says,
    /// checked against the rebuilt lesson at every start.
    package func recordScores(_ facts: [LessonFact], ofLesson id: String) async throws {
        guard !facts.isEmpty else { return }
        let rewritten = try await run { store in
            try store.inTransaction { tx in
                try facts.reduce(0) { count, fact in
                    guard case .resolved(let question, let awarded, let standings) = fact else { return count }
                    let (points, scores) = Self.rows(awarded, standings)
                    return count
                        + (try tx.repairResolution(
                            lessonId: id, questionId: question, points: points, scores: scores))
                }
            }
        }
        if rewritten > 0 {
            storageLogger.notice(
                "Rewrote scores the log had and the store did not",
                metadata: ["lesson": "\(id)", "rows": "\(rewritten)"])
        }
    }

    package func endLesson(id: String, at time: Timestamp) async throws {
        try await run { store in try store.endLesson(id: id, at: time.storedSeconds) }
    }

    package func unfinishedLessons() async throws -> [LessonRecord] {
        let stored = try await run { store in try store.unfinishedLessons() }
        return try stored.map { try LessonRecord(storedJSON: $0.settings) }
    }

    package func lessons(endedSince time: Timestamp) async throws -> [EndedLesson] {
        let stored = try await run { store in try store.lessons(endedSince: time.storedSeconds) }
        return try stored.map {
            EndedLesson(
                record: try LessonRecord(storedJSON: $0.settings), endedAt: Timestamp(storedSeconds: $0.endedAt ?? 0))
        }
    }

    package func log(ofLesson id: String) async throws -> [LessonLogEntry] {
        let rows = try await run { store in try store.logEntries(lessonId: id) }
        return try rows.map { try LogEncoding.decode($0.payload) }
    }

    /// Stores the checkpoint and prunes older ones in one transaction; the store refuses a
    /// checkpoint past the log's last entry.
    package func saveCheckpoint(
        _ checkpoint: LessonCheckpoint, ofLesson id: String, at time: Timestamp, keeping keep: Int
    ) async throws {
        try await run { store in
            try store.inTransaction { tx in
                try tx.saveCheckpoint(
                    lessonId: id, seq: checkpoint.sequence, generation: checkpoint.generation, state: checkpoint.state,
                    stateHash: checkpoint.stateHash, at: time.storedSeconds)
                try tx.pruneCheckpoints(lessonId: id, keepingNewest: keep)
            }
        }
    }

    /// Deletes the lessons in one transaction, then truncates the write-ahead log (as after a student's erasure).
    package func eraseLessons(endedBefore time: Timestamp) async throws -> [String] {
        try await run { store in
            let erased = try store.inTransaction { tx in try tx.eraseLessons(endedBefore: time.storedSeconds) }
            if !erased.isEmpty { try store.truncateWriteAheadLog() }
            return erased
        }
    }

    /// Deletes the lesson with all its rows, then truncates the write-ahead log (as after a student's erasure).
    package func eraseLesson(id: String) async throws -> Bool {
        try await run { store in
            let erased = try store.inTransaction { tx in try tx.eraseLesson(id: id) }
            if erased { try store.truncateWriteAheadLog() }
            return erased
        }
    }

    /// Rewrites the lesson's history in one transaction (``StoreTransaction/eraseStudent(_:lessonId:seq:generation:state:stateHash:at:)``),
    /// then truncates the write-ahead log so the erased bytes are in no file.
    package func eraseStudent(
        _ student: StudentID, keeping checkpoint: LessonCheckpoint, ofLesson id: String, at time: Timestamp
    ) async throws {
        try await run { store in
            try store.inTransaction { tx in
                try tx.eraseStudent(
                    student, lessonId: id, seq: checkpoint.sequence, generation: checkpoint.generation,
                    state: checkpoint.state, stateHash: checkpoint.stateHash, at: time.storedSeconds)
            }
            if try !store.truncateWriteAheadLog() {
                storageLogger.warning(
                    "The write-ahead log could not be truncated after an erasure (a reader was busy); the next erasure truncates it",
                    metadata: ["lesson": "\(id)"])
            }
        }
    }

    package func recovery(ofLesson id: String) async throws -> LessonRecoveryPoint {
        let recovery = try await run { store in try store.recovery(lessonId: id) }
        let entries = try recovery.entries.map { try LogEncoding.decode($0.payload) }
        let checkpoint = recovery.checkpoint.map {
            LessonCheckpoint(sequence: $0.seq, generation: $0.generation, stateHash: $0.stateHash, state: $0.state)
        }
        return LessonRecoveryPoint(checkpoint: checkpoint, entries: entries)
    }

    package func isWritable() async -> Bool {
        (try? await run { store in store.isWritable() }) ?? false
    }

    // MARK: - Helpers

    /// Writes the scoring facts of stored batches, in a transaction of their own (logged, not thrown:
    /// a restart rewrites scores from the log).
    static func recordScoring(of batches: [EncodedBatch], in store: PetriStore) {
        guard batches.contains(where: { !$0.scoring.isEmpty }) else { return }
        do {
            try store.inTransaction { tx in
                for batch in batches {
                    for fact in batch.scoring { try recordScoring(fact, lesson: batch.lesson, in: tx) }
                }
            }
        } catch {
            storageLogger.error(
                "Could not store scores; they are rewritten from the log on the next start",
                metadata: ["lessons": "\(batches.map(\.lesson))", "error": "\(error)"])
        }
    }

    /// Writes one fact of a stored entry (appended in the same transaction), in the entry's time.
    ///
    /// - Parameter encoded: The entry as the log holds it: an answer's row takes its prediction
    ///   from there, so each prediction is encoded once.
    static func record(
        _ fact: LessonFact, of stored: LogEntryToStore, encoded: LogEncoding.Encoded, lesson id: String,
        in tx: StoreTransaction
    ) throws {
        let at = stored.entry.time.storedSeconds
        switch fact {
        case .joined(let student, let name, let token):
            try tx.addStudent(
                lessonId: id, studentId: student, displayName: name,
                resumeTokenHash: stored.storeHash(of: token), joinedAt: at)
        case .kicked(let student):
            try tx.setKicked(lessonId: id, studentId: student, kicked: true)
        case .answered(let question, let student, let prediction, let usedHint, let allowsChange, let reason):
            // The store refuses a second answer unless the question allows changes, and any
            // change to a scored answer: the lesson has refused those already, so a refusal
            // here means the two disagree, and the write fails rather than store either.
            let text: String
            if case .answer(question, _, _) = stored.entry.command, let logged = encoded.prediction {
                text = logged
            } else {
                text = try LogEncoding.json(prediction)
            }
            try tx.recordFirstAnswer(
                lessonId: id, questionId: question, studentId: student,
                prediction: text, answeredAt: at, usedHint: usedHint, allowChange: allowsChange, reason: reason)
        case .tookHint(let question, let student):
            try tx.recordHintTaken(
                lessonId: id, questionId: question, studentId: student)
        case .resolved:
            try recordScoring(fact, lesson: id, in: tx)
        }
    }

    /// Writes a scoring fact (``LessonFact/resolved(_:points:scores:)``); other facts are not scoring.
    private static func recordScoring(_ fact: LessonFact, lesson id: String, in tx: StoreTransaction) throws {
        guard case .resolved(let question, let awarded, let standings) = fact else { return }
        let (points, scores) = rows(awarded, standings)
        try tx.recordResolution(lessonId: id, questionId: question, points: points, scores: scores)
    }

    /// A resolution's points and scores keyed as the store's rows are.
    private static func rows(
        _ points: [StudentID: Int], _ scores: [StudentID: StudentStanding]
    ) -> (points: [StudentID: Int], scores: [StudentID: StudentScore]) {
        (points, scores.mapValues { StudentScore(score: $0.score, streak: $0.streak) })
    }

    func run<T: Sendable>(_ body: @escaping @Sendable (PetriStore) throws -> T) async throws -> T {
        let store = self.store
        return try await withCheckedThrowingContinuation { continuation in
            queue.async { continuation.resume(with: Result { try body(store) }) }
        }
    }

    /// Runs `body` and answers with its result; if it succeeded, runs `after` on the queue next,
    /// before anything queued later.
    private func run<T: Sendable>(
        _ body: @escaping @Sendable (PetriStore) throws -> T, then after: @escaping @Sendable (PetriStore) -> Void
    ) async throws -> T {
        let store = self.store
        return try await withCheckedThrowingContinuation { continuation in
            queue.async {
                let result = Result { try body(store) }
                continuation.resume(with: result)
                if case .success = result { after(store) }
            }
        }
    }
}
