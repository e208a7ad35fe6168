import GRDB

extension StoreTransaction {
    /// Saves a lesson's state after its actions 1...`seq`; saving again at the same `seq` replaces it.
    ///
    /// Replacing makes a restart harmless: a rebuilt lesson that checkpoints at the same point
    /// writes the same state again.
    ///
    /// - Parameters:
    ///   - lessonId: The lesson.
    ///   - seq: The last action the state reflects (0: before any); at most the log's last.
    ///   - generation: The simulation's generation in this state.
    ///   - state: The state's bytes.
    ///   - stateHash: The state's hash.
    ///   - time: Seconds since 1970.
    /// - Throws: ``StoreError/Code/unknownLesson`` or ``StoreError/Code/checkpointBeyondLog``.
    func saveCheckpoint(
        lessonId: String, seq: Int, generation: Int, state: [UInt8], stateHash: UInt64, at time: Double
    ) throws(StoreError) {
        try atomically {
            guard try StoredLesson.exists(db, key: lessonId) else { throw StoreError.unknownLesson(lessonId) }
            let last = try lastSeq(lessonId: lessonId)
            guard (0...last).contains(seq) else {
                throw StoreError(
                    .checkpointBeyondLog,
                    "A checkpoint of lesson \"\(lessonId)\" at action \(seq) is past its log, which ends at \(last); "
                        + "store the actions first.")
            }
            let checkpoint = StoredCheckpoint(
                lessonId: lessonId, seq: seq, generation: generation, state: state, stateHash: stateHash, at: time)
            try checkpoint.upsert(db)
        }
    }
}

extension StoreTransaction {
    /// Deletes a lesson's checkpoints except the newest `count` (at least one is always kept).
    ///
    /// Recovery starts from the newest, and the log is never pruned, so older checkpoints only
    /// take space: a lesson whose newest checkpoint does not restore is rebuilt from its log.
    ///
    /// - Throws: A database error.
    func pruneCheckpoints(lessonId: String, keepingNewest count: Int) throws(StoreError) {
        try run {
            try db.execute(
                sql: """
                    DELETE FROM checkpoint WHERE lessonId = ? AND seq NOT IN (
                        SELECT seq FROM checkpoint WHERE lessonId = ? ORDER BY seq DESC LIMIT ?)
                    """,
                arguments: [lessonId, lessonId, max(1, count)])
        }
    }
}
