import GRDB

extension StoreTransaction {
    /// Appends one entry to a lesson's log and returns its sequence number (1 for the first).
    ///
    /// - Parameters:
    ///   - lessonId: The lesson.
    ///   - generation: The generation at which it was applied.
    ///   - kind: The name of its command.
    ///   - payload: JSON: the entry.
    ///   - time: Seconds since 1970 when it was accepted.
    ///   - expectedSeq: The number the caller's own log gives it, if it keeps one: a different
    ///     number means the two have diverged, and nothing is written.
    /// - Throws: ``StoreError/Code/unknownLesson``, ``StoreError/Code/sequenceMismatch`` or
    ///   ``StoreError/Code/invalidValue`` (a payload that is not JSON).
    @discardableResult
    func appendLogEntry(
        lessonId: String, generation: Int, kind: String, payload: String, at time: Double, expectedSeq: Int? = nil
    ) throws(StoreError) -> Int {
        let entry = NewLogEntry(generation: generation, kind: kind, payload: payload, at: time)
        let seqs = try appendLogEntries(lessonId: lessonId, [entry], expectedFirstSeq: expectedSeq)
        return seqs.lowerBound
    }

    /// Appends entries to a lesson's log, in order, all or none.
    ///
    /// - Parameters:
    ///   - lessonId: The lesson.
    ///   - entries: The entries, in the order they were applied.
    ///   - expectedFirstSeq: The number the caller expects the first to get, if it keeps its own log.
    /// - Returns: Their sequence numbers (empty for no entries).
    /// - Throws: ``StoreError/Code/unknownLesson``, ``StoreError/Code/sequenceMismatch`` or
    ///   ``StoreError/Code/invalidValue``.
    @discardableResult
    func appendLogEntries(
        lessonId: String, _ entries: [NewLogEntry], expectedFirstSeq: Int? = nil
    ) throws(StoreError) -> Range<Int> {
        try atomically {
            let first = try lastSeq(lessonId: lessonId) + 1
            if let expectedFirstSeq, expectedFirstSeq != first {
                throw StoreError(
                    .sequenceMismatch,
                    "Lesson \"\(lessonId)\" expected to store action \(expectedFirstSeq) but its log ends at "
                        + "\(first - 1); rebuild the lesson from the store.")
            }
            guard !entries.isEmpty else { return first..<first }
            if first == 1, try !StoredLesson.exists(db, key: lessonId) { throw StoreError.unknownLesson(lessonId) }
            let insert = try db.cachedStatement(
                sql: "INSERT INTO action (lessonId, seq, generation, kind, payload, at) VALUES (?, ?, ?, ?, ?, ?)")
            for (offset, entry) in entries.enumerated() {
                try insert.execute(arguments: [
                    lessonId, first + offset, entry.generation, entry.kind, entry.payload, entry.at,
                ])
            }
            return first..<(first + entries.count)
        }
    }

    /// The sequence number of the lesson's last log entry, 0 if it has none (or does not exist).
    ///
    /// - Throws: A database error.
    func lastLogSeq(lessonId: String) throws(StoreError) -> Int {
        try run { try lastSeq(lessonId: lessonId) }
    }

    func lastSeq(lessonId: String) throws -> Int {
        let statement = try db.cachedStatement(sql: "SELECT MAX(seq) FROM action WHERE lessonId = ?")
        return try Int.fetchOne(statement, arguments: [lessonId]) ?? 0
    }
}
