import PetriLesson
import PetriProtocol

/// Durable storage for lessons, as the hub needs it.
///
/// Every write returns only once it is durable: the hub acknowledges nothing before that.
/// Implementations: ``InMemoryLessonStorage`` for tests and a server without a data directory,
/// `SQLiteLessonStorage` (PetriStore) for one server, `PostgresLessonStorage` (PetriStorePostgres) for a cluster.
package protocol LessonStorage: Sendable {
    /// Stores a new lesson.
    func createLesson(_ record: LessonRecord) async throws
    /// Appends accepted commands (and their facts) to a lesson's log, all or none, in one durable write.
    ///
    /// Scoring facts (``LessonFact/resolved(_:points:scores:)``) follow the log: they are
    /// consequences of logged steps, so an implementation may write them just after it returns
    /// (before any later write), and ``recordScores(_:ofLesson:)`` repairs them after a crash.
    func append(_ entries: [LogEntryToStore], toLesson id: String) async throws
    /// Writes scoring facts as they stand (idempotent): a rebuilt lesson's scores, after a restart.
    /// The durable stores read what they hold first and rewrite only the rows that differ.
    func recordScores(_ facts: [LessonFact], ofLesson id: String) async throws
    /// Marks a lesson ended; the next start rebuilds it (read-only) only while within the retention period.
    func endLesson(id: String, at time: Timestamp) async throws
    /// Lessons that have not ended, oldest first.
    func unfinishedLessons() async throws -> [LessonRecord]
    /// Lessons that ended at or after `time`: kept readable (look, export) until their retention ends.
    func lessons(endedSince time: Timestamp) async throws -> [EndedLesson]
    /// A lesson's whole log, in order.
    func log(ofLesson id: String) async throws -> [LessonLogEntry]
    /// Stores a durable checkpoint of a lesson, then deletes all but its newest `keep` checkpoints.
    ///
    /// Call it only once the log entries up to `checkpoint.sequence` are stored: a checkpoint
    /// is never ahead of the log (implementations refuse one that would be).
    func saveCheckpoint(_ checkpoint: LessonCheckpoint, ofLesson id: String, at time: Timestamp, keeping keep: Int)
        async throws
    /// Rewrites a lesson's stored history after `student` was erased from it (``LessonEffect/eraseStored(_:)``).
    ///
    /// `checkpoint` is the lesson, already erased, as of its log's last stored entry: it becomes the
    /// lesson's only checkpoint, every log entry before it is deleted, and the store's own rows of the
    /// student lose their name and reasons. A restore or another node's takeover then starts from it,
    /// and nothing stored names the student. All or nothing.
    func eraseStudent(
        _ student: StudentID, keeping checkpoint: LessonCheckpoint, ofLesson id: String, at time: Timestamp)
        async throws
    /// Erases every lesson that ended before `time`, each with every row of it (its log, checkpoints, students,
    /// answers, owners, LMS link), as `data.keepEndedLessonsDays` runs out. Returns the ids this call erased: of
    /// nodes sweeping at once, each lesson is erased by exactly one.
    func eraseLessons(endedBefore time: Timestamp) async throws -> [String]
    /// Erases one lesson now, running or ended, with every row of it as ``eraseLessons(endedBefore:)`` does (the
    /// administrator's `eraseLesson`). Returns whether this call erased it (false: no such lesson, or already gone).
    func eraseLesson(id: String) async throws -> Bool
    /// A lesson's newest checkpoint and the log entries after it (its whole log without one), read together.
    func recovery(ofLesson id: String) async throws -> LessonRecoveryPoint
    /// Records durably, before a lesson's log is replayed, that its replay is under way (`attempt`
    /// counts the tries: 1 for the whole log; more for the more cautious tries after one died).
    ///
    /// A replay that traps takes the process with it and cannot be caught: the record still
    /// being there at the next start (``interruptedReplays()``) is how the server knows.
    func beginReplay(ofLesson id: String, attempt: Int) async throws
    /// Clears the record of ``beginReplay(ofLesson:attempt:)`` once the replay has finished (well or not).
    func endReplay(ofLesson id: String) async throws
    /// Lessons whose replay was under way when the process last stopped, with the attempt that died.
    func interruptedReplays() async throws -> [String: Int]
    /// Whether a write would succeed now (for `/readyz`).
    func isWritable() async -> Bool
}

/// An ended lesson's record and when it ended.
package struct EndedLesson: Sendable {
    package var record: LessonRecord
    package var endedAt: Timestamp

    package init(record: LessonRecord, endedAt: Timestamp) {
        self.record = record
        self.endedAt = endedAt
    }
}
