import GRDB
import PetriProtocol

extension StoreTransaction {
    /// Stores a new, unfinished lesson.
    ///
    /// - Parameters:
    ///   - id: The lesson's id (e.g. a UUID string).
    ///   - joinCode: Its join code; no other unfinished lesson may have it.
    ///   - teacherTokenHash: The digest of its teacher token.
    ///   - model: The model's name.
    ///   - definition: JSON: model, parameters and seed.
    ///   - settings: JSON: the lesson's settings.
    ///   - createdAt: Seconds since 1970.
    /// - Returns: The stored lesson.
    /// - Throws: ``StoreError/Code/lessonExists``, ``StoreError/Code/joinCodeInUse`` (pick another
    ///   code and retry), or ``StoreError/Code/invalidValue`` for JSON that does not parse.
    @discardableResult
    func createLesson(
        id: String, joinCode: String, teacherTokenHash: TokenHash, model: String, definition: String,
        settings: String, createdAt: Double
    ) throws(StoreError) -> StoredLesson {
        let lesson = StoredLesson(
            id: id, joinCode: joinCode, teacherTokenHash: teacherTokenHash, model: model, definition: definition,
            settings: settings, createdAt: createdAt)
        try atomically {
            if try StoredLesson.exists(db, key: id) {
                throw StoreError(
                    .lessonExists, "A lesson with id \"\(id)\" already exists; give the new one another id.")
            }
            if try unfinishedLesson(joinCode: joinCode) != nil {
                throw StoreError(
                    .joinCodeInUse, "The join code \(joinCode) belongs to a running lesson; choose another code.")
            }
            try lesson.insert(db)
        }
        return lesson
    }

    /// Marks a lesson ended at `time`, freeing its join code; ending it again keeps the first time.
    ///
    /// - Throws: ``StoreError/Code/unknownLesson``.
    func endLesson(id: String, at time: Double) throws(StoreError) {
        try run {
            try db.execute(
                sql: "UPDATE lesson SET endedAt = ? WHERE id = ? AND endedAt IS NULL", arguments: [time, id])
            if db.changesCount == 0 {
                guard try StoredLesson.exists(db, key: id) else { throw StoreError.unknownLesson(id) }
            }
        }
    }

    func unfinishedLesson(joinCode: String) throws -> StoredLesson? {
        try StoredLesson.fetchOne(
            db, sql: "SELECT * FROM lesson WHERE joinCode = ? AND endedAt IS NULL", arguments: [joinCode])
    }
}
