import GRDB

extension PetriStore {
    /// Saves a lesson's state after its actions 1...`seq`, in its own transaction.
    ///
    /// See ``StoreTransaction/saveCheckpoint(lessonId:seq:generation:state:stateHash:at:)``.
    ///
    /// - Throws: ``StoreError/Code/unknownLesson`` or ``StoreError/Code/checkpointBeyondLog``.
    func saveCheckpoint(
        lessonId: String, seq: Int, generation: Int, state: [UInt8], stateHash: UInt64, at time: Double
    ) throws(StoreError) {
        try transaction { tx throws(StoreError) in
            try tx.saveCheckpoint(
                lessonId: lessonId, seq: seq, generation: generation, state: state, stateHash: stateHash, at: time)
        }
    }

    /// The lesson's newest checkpoint, or its newest at or before `seq`; nil if there is none.
    ///
    /// - Parameters:
    ///   - lessonId: The lesson.
    ///   - seq: The latest action the checkpoint may reflect; nil for no limit.
    /// - Throws: A database error.
    func latestCheckpoint(lessonId: String, atOrBefore seq: Int? = nil) throws(StoreError) -> StoredCheckpoint? {
        try read { db in try Self.latestCheckpoint(db, lessonId: lessonId, atOrBefore: seq) }
    }

    static func latestCheckpoint(_ db: Database, lessonId: String, atOrBefore seq: Int?) throws -> StoredCheckpoint? {
        try StoredCheckpoint.fetchOne(
            db,
            sql: "SELECT * FROM checkpoint WHERE lessonId = ? AND seq <= ? ORDER BY seq DESC LIMIT 1",
            arguments: [lessonId, seq ?? Int.max])
    }
}

extension PetriStore {
    /// Deletes a lesson's checkpoints except the newest `count`, in its own transaction.
    ///
    /// See ``StoreTransaction/pruneCheckpoints(lessonId:keepingNewest:)``.
    ///
    /// - Throws: A database error.
    func pruneCheckpoints(lessonId: String, keepingNewest count: Int) throws(StoreError) {
        try transaction { tx throws(StoreError) in try tx.pruneCheckpoints(lessonId: lessonId, keepingNewest: count) }
    }

    /// The sequence numbers of a lesson's checkpoints, oldest first.
    ///
    /// - Throws: A database error.
    package func checkpointSequences(lessonId: String) throws(StoreError) -> [Int] {
        try read { db in
            try Int.fetchAll(
                db, sql: "SELECT seq FROM checkpoint WHERE lessonId = ? ORDER BY seq", arguments: [lessonId])
        }
    }
}
