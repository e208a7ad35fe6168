import GRDB

extension PetriStore {
    /// Appends one action to a lesson's log, in its own transaction; acknowledge it only after this returns.
    ///
    /// See ``StoreTransaction/appendAction(lessonId:generation:kind:payload:at:expectedSeq:)``.
    ///
    /// - Returns: Its sequence number: 1, 2, 3, ... within the lesson.
    /// - Throws: ``StoreError/Code/unknownLesson``, ``StoreError/Code/sequenceMismatch`` or
    ///   ``StoreError/Code/invalidValue``.
    @discardableResult
    public func appendAction(
        lessonId: String, generation: Int, kind: String, payload: String, at time: Double, expectedSeq: Int? = nil
    ) throws(StoreError) -> Int {
        try transaction { tx throws(StoreError) in
            try tx.appendAction(
                lessonId: lessonId, generation: generation, kind: kind, payload: payload, at: time,
                expectedSeq: expectedSeq)
        }
    }

    /// Appends actions to a lesson's log in one transaction (one fsync): for a burst such as an auto-run.
    ///
    /// See ``StoreTransaction/appendActions(lessonId:_:expectedFirstSeq:)``.
    ///
    /// - Returns: Their sequence numbers.
    /// - Throws: ``StoreError/Code/unknownLesson``, ``StoreError/Code/sequenceMismatch`` or
    ///   ``StoreError/Code/invalidValue``.
    @discardableResult
    public func appendActions(
        lessonId: String, _ actions: [NewAction], expectedFirstSeq: Int? = nil
    ) throws(StoreError) -> Range<Int> {
        try transaction { tx throws(StoreError) in
            try tx.appendActions(lessonId: lessonId, actions, expectedFirstSeq: expectedFirstSeq)
        }
    }

    /// The lesson's actions after `seq`, in order: what to replay on top of a checkpoint taken at `seq`.
    ///
    /// - Parameters:
    ///   - lessonId: The lesson.
    ///   - seq: The last action already applied; 0 (the default) for the whole log.
    /// - Throws: A database error.
    public func actions(lessonId: String, after seq: Int = 0) throws(StoreError) -> [StoredAction] {
        try read { db in
            try StoredAction.fetchAll(
                db.cachedStatement(sql: "SELECT * FROM action WHERE lessonId = ? AND seq > ? ORDER BY seq"),
                arguments: [lessonId, seq])
        }
    }

    /// The sequence number of the lesson's last action, 0 if it has none.
    ///
    /// - Throws: A database error.
    public func lastActionSeq(lessonId: String) throws(StoreError) -> Int {
        try read { db in try StoreTransaction(db: db, location: location).lastSeq(lessonId: lessonId) }
    }
}
