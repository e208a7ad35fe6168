import Testing

@testable import PetriStore

@Suite struct CheckpointTests {
    /// A lesson with ten actions and checkpoints after actions 0, 4 and 8.
    private func lessonWithCheckpoints() throws -> PetriStore {
        let store = try PetriStore.openInMemory()
        try Fixture.lesson(store)
        try Fixture.logEntries(store, 10)
        for seq in [0, 4, 8] {
            try store.saveCheckpoint(
                lessonId: Fixture.lessonId, seq: seq, generation: seq * 2, state: [UInt8(seq), 0xFF],
                stateHash: UInt64.max - UInt64(seq), at: Double(seq))
        }
        return store
    }

    @Test func theLatestCheckpointAtOrBeforeASeqIsChosen() throws {
        // Given checkpoints at 0, 4 and 8
        let store = try lessonWithCheckpoints()

        // Then the newest is 8, the newest at or before 7 is 4, at or before 4 is 4, and before 0 there is none
        #expect(try store.latestCheckpoint(lessonId: Fixture.lessonId)?.seq == 8)
        #expect(try store.latestCheckpoint(lessonId: Fixture.lessonId, atOrBefore: 7)?.seq == 4)
        #expect(try store.latestCheckpoint(lessonId: Fixture.lessonId, atOrBefore: 4)?.seq == 4)
        #expect(try store.latestCheckpoint(lessonId: Fixture.lessonId, atOrBefore: -1) == nil)
        #expect(try store.latestCheckpoint(lessonId: Fixture.otherLessonId) == nil)
    }

    @Test func aCheckpointKeepsItsBytesAndAHashAbove2To63() throws {
        // Given checkpoints whose hashes use the top bit
        let store = try lessonWithCheckpoints()

        // Then state and hash read back exactly
        let checkpoint = try store.latestCheckpoint(lessonId: Fixture.lessonId, atOrBefore: 4)
        #expect(
            checkpoint
                == StoredCheckpoint(
                    lessonId: Fixture.lessonId, seq: 4, generation: 8, state: [4, 0xFF], stateHash: UInt64.max - 4,
                    at: 4))
    }

    @Test func recoveryReturnsTheNewestCheckpointAndExactlyTheActionsAfterIt() throws {
        // Given checkpoints at 0, 4 and 8 of ten actions
        let store = try lessonWithCheckpoints()

        // When the lesson is recovered
        let recovery = try store.recovery(lessonId: Fixture.lessonId)

        // Then it starts from checkpoint 8 and replays 9 and 10
        #expect(recovery.lesson.id == Fixture.lessonId)
        #expect(recovery.checkpoint?.seq == 8)
        #expect(recovery.entries.map(\.seq) == [9, 10])
        #expect(try store.logEntries(lessonId: Fixture.lessonId, after: 4).map(\.seq) == [5, 6, 7, 8, 9, 10])
    }

    @Test func aLessonWithoutCheckpointsReplaysItsWholeLog() throws {
        let store = try PetriStore.openInMemory()
        try Fixture.lesson(store)
        try Fixture.logEntries(store, 3)

        let recovery = try store.recovery(lessonId: Fixture.lessonId)

        #expect(recovery.checkpoint == nil)
        #expect(recovery.entries.map(\.seq) == [1, 2, 3])
    }

    @Test func aCheckpointPastTheLogIsRefusedAndOneAtTheSameSeqReplacesIt() throws {
        // Given checkpoints at 0, 4 and 8 of ten actions
        let store = try lessonWithCheckpoints()

        // When a checkpoint claims action 11, then it is refused
        let error = #expect(throws: StoreError.self) {
            try store.saveCheckpoint(lessonId: Fixture.lessonId, seq: 11, generation: 0, state: [], stateHash: 0, at: 0)
        }
        #expect(error?.code == .checkpointBeyondLog)

        // And saving at 8 again (a rebuilt lesson checkpointing at the same point) replaces the old one
        try store.saveCheckpoint(lessonId: Fixture.lessonId, seq: 8, generation: 16, state: [9], stateHash: 1, at: 99)
        #expect(try store.latestCheckpoint(lessonId: Fixture.lessonId)?.state == [9])
    }

    @Test func pruningKeepsTheNewestCheckpointsOfOneLessonOnly() throws {
        // Given checkpoints at 0, 4 and 8 of one lesson, and one of another lesson
        let store = try lessonWithCheckpoints()
        try Fixture.lesson(store, id: Fixture.otherLessonId, joinCode: "OTHR")
        try store.saveCheckpoint(
            lessonId: Fixture.otherLessonId, seq: 0, generation: 0, state: [1], stateHash: 1, at: 0)

        // When the first lesson keeps its newest two
        try store.pruneCheckpoints(lessonId: Fixture.lessonId, keepingNewest: 2)

        // Then 4 and 8 remain, the other lesson's is untouched, and recovery still starts from 8
        #expect(try store.checkpointSequences(lessonId: Fixture.lessonId) == [4, 8])
        #expect(try store.checkpointSequences(lessonId: Fixture.otherLessonId) == [0])
        #expect(try store.recovery(lessonId: Fixture.lessonId).checkpoint?.seq == 8)

        // And keeping none still keeps the newest one
        try store.pruneCheckpoints(lessonId: Fixture.lessonId, keepingNewest: 0)
        #expect(try store.checkpointSequences(lessonId: Fixture.lessonId) == [8])
    }

    @Test func aCheckpointAndThePruningOfOlderOnesCommitTogether() throws {
        // Given checkpoints at 0, 4 and 8 of ten actions
        let store = try lessonWithCheckpoints()

        // When one transaction saves a checkpoint at 10, prunes to one, then fails
        struct Abort: Error {}
        #expect(throws: Abort.self) {
            try store.inTransaction { tx in
                try tx.saveCheckpoint(
                    lessonId: Fixture.lessonId, seq: 10, generation: 20, state: [], stateHash: 0, at: 1)
                try tx.pruneCheckpoints(lessonId: Fixture.lessonId, keepingNewest: 1)
                throw Abort()
            }
        }

        // Then nothing changed
        #expect(try store.checkpointSequences(lessonId: Fixture.lessonId) == [0, 4, 8])
    }
}
