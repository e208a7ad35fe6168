import GRDB

extension PetriStore {
    /// The lesson, its newest checkpoint and the log entries after it, read together.
    ///
    /// One read transaction, so the checkpoint and the entries agree even while other writes go on.
    ///
    /// - Throws: ``StoreError/Code/unknownLesson``, or a database error.
    package func recovery(lessonId: String) throws(StoreError) -> LessonRecovery {
        try read { db in
            guard let lesson = try StoredLesson.fetchOne(db, key: lessonId) else {
                throw StoreError.unknownLesson(lessonId)
            }
            let checkpoint = try Self.latestCheckpoint(db, lessonId: lessonId, atOrBefore: nil)
            let entries = try StoredLogEntry.fetchAll(
                db, sql: "SELECT * FROM action WHERE lessonId = ? AND seq > ? ORDER BY seq",
                arguments: [lessonId, checkpoint?.seq ?? 0])
            return LessonRecovery(lesson: lesson, checkpoint: checkpoint, entries: entries)
        }
    }
}
