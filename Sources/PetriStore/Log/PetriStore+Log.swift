import GRDB

extension PetriStore {
    /// Appends one entry to a lesson's log, in its own transaction; acknowledge it only after this returns.
    ///
    /// See ``StoreTransaction/appendLogEntry(lessonId:generation:kind:payload:at:expectedSeq:)``.
    ///
    /// - Returns: Its sequence number: 1, 2, 3, ... within the lesson.
    /// - Throws: ``StoreError/Code/unknownLesson``, ``StoreError/Code/sequenceMismatch`` or
    ///   ``StoreError/Code/invalidValue``.
    @discardableResult
    package func appendLogEntry(
        lessonId: String, generation: Int, kind: String, payload: String, at time: Double, expectedSeq: Int? = nil
    ) throws(StoreError) -> Int {
        try transaction { tx throws(StoreError) in
            try tx.appendLogEntry(
                lessonId: lessonId, generation: generation, kind: kind, payload: payload, at: time,
                expectedSeq: expectedSeq)
        }
    }

    /// Appends entries to a lesson's log in one transaction (one fsync): for a burst such as an auto-run.
    ///
    /// See ``StoreTransaction/appendLogEntries(lessonId:_:expectedFirstSeq:)``.
    ///
    /// - Returns: Their sequence numbers.
    /// - Throws: ``StoreError/Code/unknownLesson``, ``StoreError/Code/sequenceMismatch`` or
    ///   ``StoreError/Code/invalidValue``.
    @discardableResult
    func appendLogEntries(
        lessonId: String, _ entries: [NewLogEntry], expectedFirstSeq: Int? = nil
    ) throws(StoreError) -> Range<Int> {
        try transaction { tx throws(StoreError) in
            try tx.appendLogEntries(lessonId: lessonId, entries, expectedFirstSeq: expectedFirstSeq)
        }
    }

    /// The lesson's log entries after `seq`, in order: what to replay on top of a checkpoint taken at `seq`.
    ///
    /// - Parameters:
    ///   - lessonId: The lesson.
    ///   - seq: The last entry already applied; 0 (the default) for the whole log.
    /// - Throws: A database error.
    package func logEntries(lessonId: String, after seq: Int = 0) throws(StoreError) -> [StoredLogEntry] {
        try read { db in
            try StoredLogEntry.fetchAll(
                db.cachedStatement(sql: "SELECT * FROM action WHERE lessonId = ? AND seq > ? ORDER BY seq"),
                arguments: [lessonId, seq])
        }
    }

    /// The sequence number of the lesson's last log entry, 0 if it has none.
    ///
    /// - Throws: A database error.
    package func lastLogSeq(lessonId: String) throws(StoreError) -> Int {
        try read { db in try StoreTransaction(db: db, location: location).lastSeq(lessonId: lessonId) }
    }
}
