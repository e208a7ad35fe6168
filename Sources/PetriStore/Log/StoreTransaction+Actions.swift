import GRDB

extension StoreTransaction {
    /// Appends one action to a lesson's log and returns its sequence number (1 for the first).
    ///
    /// - Parameters:
    ///   - lessonId: The lesson.
    ///   - generation: The generation at which it was applied.
    ///   - kind: What kind of action it is.
    ///   - payload: JSON: the action.
    ///   - time: Seconds since 1970 when it was accepted.
    ///   - expectedSeq: The number the caller's own log gives it, if it keeps one: a different
    ///     number means the two have diverged, and nothing is written.
    /// - Throws: ``StoreError/Code/unknownLesson``, ``StoreError/Code/sequenceMismatch`` or
    ///   ``StoreError/Code/invalidValue`` (a payload that is not JSON).
    @discardableResult
    public func appendAction(
        lessonId: String, generation: Int, kind: String, payload: String, at time: Double, expectedSeq: Int? = nil
    ) throws(StoreError) -> Int {
        let action = NewAction(generation: generation, kind: kind, payload: payload, at: time)
        let seqs = try appendActions(lessonId: lessonId, [action], expectedFirstSeq: expectedSeq)
        return seqs.lowerBound
    }

    /// Appends actions to a lesson's log, in order, all or none.
    ///
    /// - Parameters:
    ///   - lessonId: The lesson.
    ///   - actions: The actions, in the order they were applied.
    ///   - expectedFirstSeq: The number the caller expects the first to get, if it keeps its own log.
    /// - Returns: Their sequence numbers (empty for no actions).
    /// - Throws: ``StoreError/Code/unknownLesson``, ``StoreError/Code/sequenceMismatch`` or
    ///   ``StoreError/Code/invalidValue``.
    @discardableResult
    public func appendActions(
        lessonId: String, _ actions: [NewAction], expectedFirstSeq: Int? = nil
    ) throws(StoreError) -> Range<Int> {
        try atomically {
            let first = try lastSeq(lessonId: lessonId) + 1
            if let expectedFirstSeq, expectedFirstSeq != first {
                throw StoreError(
                    .sequenceMismatch,
                    "Lesson \"\(lessonId)\" expected to store action \(expectedFirstSeq) but its log ends at "
                        + "\(first - 1); rebuild the lesson from the store.")
            }
            guard !actions.isEmpty else { return first..<first }
            if first == 1, try !StoredLesson.exists(db, key: lessonId) { throw StoreError.unknownLesson(lessonId) }
            let insert = try db.cachedStatement(
                sql: "INSERT INTO action (lessonId, seq, generation, kind, payload, at) VALUES (?, ?, ?, ?, ?, ?)")
            for (offset, action) in actions.enumerated() {
                try insert.execute(arguments: [
                    lessonId, first + offset, action.generation, action.kind, action.payload, action.at,
                ])
            }
            return first..<(first + actions.count)
        }
    }

    /// The sequence number of the lesson's last action, 0 if it has none (or does not exist).
    ///
    /// - Throws: A database error.
    public func lastActionSeq(lessonId: String) throws(StoreError) -> Int {
        try run { try lastSeq(lessonId: lessonId) }
    }

    func lastSeq(lessonId: String) throws -> Int {
        let statement = try db.cachedStatement(sql: "SELECT MAX(seq) FROM action WHERE lessonId = ?")
        return try Int.fetchOne(statement, arguments: [lessonId]) ?? 0
    }
}
