import GRDB
import PetriProtocol

// Erasure: the one time a lesson's append-only log loses entries while the lesson exists.
//
// Schema v1's trigger `action_noDelete` refuses to delete an action of an existing lesson. Erasing a
// student drops it, deletes, and creates it again with the same text, all inside the caller's
// transaction: no other writer can see the log unguarded (SQLite has one writer at a time), and a
// failure rolls the trigger back with everything else. The schema's history is unchanged.

extension StoreTransaction {
    /// Schema v1's guard on the action log, exactly as v1 created it.
    static let actionNoDeleteTrigger = """
        CREATE TRIGGER action_noDelete BEFORE DELETE ON action
        WHEN EXISTS (SELECT 1 FROM lesson WHERE id = OLD.lessonId)
        BEGIN
            SELECT RAISE(ABORT, 'the action log is append-only');
        END
        """

    /// Rewrites a lesson's stored history after a student was erased from it.
    ///
    /// Stores `checkpoint` (the lesson as of its log's last entry, already erased), deletes every other
    /// checkpoint and every log entry before the checkpoint's, and anonymises the student's rows: their
    /// display name becomes empty and their answers lose their reasons (the predictions, points and
    /// scores stay, nameless, as the lesson keeps them).
    ///
    /// - Throws: ``StoreError/Code/unknownLesson``, or ``StoreError/Code/checkpointBeyondLog`` when the
    ///   checkpoint is not at the log's last entry (the entries after it would name nobody, but the
    ///   lesson must be stored up to it first).
    func eraseStudent(
        _ student: StudentID, lessonId: String, seq: Int, generation: Int, state: [UInt8], stateHash: UInt64,
        at time: Double
    ) throws(StoreError) {
        try atomically {
            guard try StoredLesson.exists(db, key: lessonId) else { throw StoreError.unknownLesson(lessonId) }
            let last = try lastSeq(lessonId: lessonId)
            guard seq == last else {
                throw StoreError(
                    .checkpointBeyondLog,
                    "Erasing from lesson \"\(lessonId)\" needs a checkpoint at its last action, \(last), not at "
                        + "\(seq); store the actions first.")
            }
            let checkpoint = StoredCheckpoint(
                lessonId: lessonId, seq: seq, generation: generation, state: state, stateHash: stateHash, at: time)
            try checkpoint.upsert(db)
            try db.execute(
                sql: "DELETE FROM checkpoint WHERE lessonId = ? AND seq <> ?", arguments: [lessonId, seq])
            try db.execute(sql: "DROP TRIGGER action_noDelete")
            try db.execute(sql: "DELETE FROM action WHERE lessonId = ? AND seq < ?", arguments: [lessonId, seq])
            try db.execute(sql: Self.actionNoDeleteTrigger)
            try db.execute(
                sql: "UPDATE student SET displayName = '' WHERE lessonId = ? AND studentId = ?",
                arguments: [lessonId, student])
            try db.execute(
                sql: "UPDATE answer SET reason = NULL WHERE lessonId = ? AND studentId = ?",
                arguments: [lessonId, student])
        }
    }
}

extension StoreTransaction {
    /// Deletes every lesson that ended before `time` (seconds since 1970) with all its rows (the schema's
    /// `ON DELETE CASCADE`s; the log's trigger lets a deleted lesson's entries go) and returns their ids.
    func eraseLessons(endedBefore time: Double) throws(StoreError) -> [String] {
        try atomically {
            try String.fetchAll(
                db, sql: "DELETE FROM lesson WHERE endedAt IS NOT NULL AND endedAt < ? RETURNING id", arguments: [time])
        }
    }
}

extension StoreTransaction {
    /// Deletes one lesson, running or ended, with all its rows (the administrator's `eraseLesson` on a running
    /// server); false when there is no such lesson.
    func eraseLesson(id: String) throws(StoreError) -> Bool {
        try atomically {
            try String.fetchOne(db, sql: "DELETE FROM lesson WHERE id = ? RETURNING id", arguments: [id]) != nil
        }
    }
}

extension PetriStore {
    /// Erases now every stored lesson with this join code (running or ended; a code is unique only among
    /// running lessons), with all its rows, then truncates the write-ahead log: the administrator's
    /// `petri store erase-lesson`, with the server stopped (the data directory's lock makes sure of it).
    ///
    /// - Returns: The ids erased (none for a code no lesson has).
    /// - Throws: A database error.
    package func eraseLessons(joinCode: String) throws(StoreError) -> [String] {
        let erased = try write { db in
            try String.fetchAll(db, sql: "DELETE FROM lesson WHERE joinCode = ? RETURNING id", arguments: [joinCode])
        }
        if !erased.isEmpty { try truncateWriteAheadLog() }
        return erased
    }

    /// Copies the write-ahead log into the database and truncates it to nothing, so that the bytes of
    /// rows deleted or overwritten since (with `secure_delete` on, zeroed in the database) are in no file.
    ///
    /// - Returns: Whether the checkpoint was complete (false when a reader still used an older snapshot;
    ///   the next one truncates).
    /// - Throws: A database error.
    @discardableResult
    package func truncateWriteAheadLog() throws(StoreError) -> Bool {
        try ensureOpen()
        do {
            return try writer.writeWithoutTransaction { db in
                let row = try Row.fetchOne(db, sql: "PRAGMA wal_checkpoint(TRUNCATE)")
                return (row?[0] as Int?) == 0
            }
        } catch {
            throw StoreError.wrapping(error, location: location)
        }
    }
}
