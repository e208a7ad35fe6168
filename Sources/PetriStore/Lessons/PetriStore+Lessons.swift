import GRDB
import PetriProtocol

extension PetriStore {
    /// Stores a new, unfinished lesson, in its own transaction.
    ///
    /// See ``StoreTransaction/createLesson(id:joinCode:teacherTokenHash:model:definition:settings:createdAt:)``.
    ///
    /// - Throws: ``StoreError/Code/lessonExists``, ``StoreError/Code/joinCodeInUse`` or
    ///   ``StoreError/Code/invalidValue``.
    @discardableResult
    package func createLesson(
        id: String, joinCode: String, teacherTokenHash: TokenHash, model: String, definition: String,
        settings: String, createdAt: Double
    ) throws(StoreError) -> StoredLesson {
        try transaction { tx throws(StoreError) in
            try tx.createLesson(
                id: id, joinCode: joinCode, teacherTokenHash: teacherTokenHash, model: model, definition: definition,
                settings: settings, createdAt: createdAt)
        }
    }

    /// Marks a lesson ended at `time`, freeing its join code, in its own transaction.
    ///
    /// - Throws: ``StoreError/Code/unknownLesson``.
    func endLesson(id: String, at time: Double) throws(StoreError) {
        try transaction { tx throws(StoreError) in try tx.endLesson(id: id, at: time) }
    }

    /// The lesson with this id, ended or not.
    ///
    /// - Throws: A database error.
    package func lesson(id: String) throws(StoreError) -> StoredLesson? {
        try read { db in try StoredLesson.fetchOne(db, key: id) }
    }

    /// The unfinished lesson with this join code; ended lessons never match (their codes may be reused).
    ///
    /// - Throws: A database error.
    func lesson(joinCode: String) throws(StoreError) -> StoredLesson? {
        try read { db in
            try StoredLesson.fetchOne(
                db, sql: "SELECT * FROM lesson WHERE joinCode = ? AND endedAt IS NULL", arguments: [joinCode])
        }
    }

    /// Every lesson that ended at or after `time` (seconds since 1970), oldest end first: the
    /// ended lessons still kept readable, rebuilt on start.
    ///
    /// - Throws: A database error.
    package func lessons(endedSince time: Double) throws(StoreError) -> [StoredLesson] {
        try read { db in
            try StoredLesson.fetchAll(
                db, sql: "SELECT * FROM lesson WHERE endedAt IS NOT NULL AND endedAt >= ? ORDER BY endedAt, id",
                arguments: [time])
        }
    }

    /// Every lesson that has not ended, oldest first: what to rebuild on start.
    ///
    /// - Throws: A database error.
    package func unfinishedLessons() throws(StoreError) -> [StoredLesson] {
        try read { db in
            try StoredLesson.fetchAll(db, sql: "SELECT * FROM lesson WHERE endedAt IS NULL ORDER BY createdAt, id")
        }
    }
}
