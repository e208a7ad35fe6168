import Foundation
import PetriHub
import PetriHubTesting
import PetriLesson
import PetriPeer
import PetriProtocol
import PetriSimulation
import PetriStorage
import PetriStore
import Testing

@testable import PetriServer

/// A lesson never becomes unrestorable: a log entry that no longer applies, or a replay that
/// crashed the last process, leaves the lesson at its last good point with a notice for the
/// teacher, and every other lesson is restored as usual.
@Suite struct ReplayRecoveryTests {
    typealias Driven = CheckpointRecoveryTests.Driven

    /// Two stored lessons: the driven one with its entries as given, and an untouched second one.
    static func stored(_ entries: [LogEntryToStore], in storage: InMemoryLessonStorage) async throws -> (Driven, Driven)
    {
        let driven = try Driven()
        var other = try Driven()
        other.record.id = "lesson-2"
        other.record.code = try JoinCode("M2P4QR")
        try await storage.createLesson(driven.record)
        try await storage.append(entries, toLesson: driven.record.id)
        try await storage.createLesson(other.record)
        try await storage.append(other.entries, toLesson: other.record.id)
        return (driven, other)
    }

    @Test(.timeLimit(.minutes(1)), arguments: HubSetup.both)
    func aLogEntryThatNoLongerAppliesRestoresToTheLastGoodEntryAndTellsTheTeacher(in setup: HubSetup)
        async throws
    {
        // Given a lesson whose stored answer (entry n) is one this build refuses, as an older build accepted it
        let driven = try Driven()
        var entries = driven.entries
        let bad = try #require(entries.firstIndex { if case .answer = $0.entry.command { true } else { false } })
        entries[bad].entry.command = .answer(QuestionID(1), .number(1.7e308))
        let storage = InMemoryLessonStorage()
        let (_, other) = try await Self.stored(entries, in: storage)

        // When a server starts on it
        let logs = LogRecorder()
        let server = try await setup.start(storage: storage, logger: logs.logger)

        // Then it says which lesson and entry, and the teacher finds the lesson as it was after the last good entry
        let stopped = try #require(
            logs.records("The lesson's log did not replay to its end; it is restored to its last good entry").first)
        #expect(stopped.metadata["lesson"] == "lesson-1")
        #expect(stopped.metadata["notice"]?.contains("entry \(bad + 1) could not be replayed") == true)
        let teacher = try await server.connect()
        let welcome = try await teacher.attach(
            .teach(code: driven.record.code, token: driven.record.teacherToken, lastSeen: nil))
        #expect(welcome.position.generation == driven.states[bad].generation)
        let notice = try await teacher.expectError()
        #expect(notice.code == .lessonRecovered)
        #expect(notice.message.hasPrefix("This lesson was restored only up to log entry \(bad) "))
        // And it goes on from there: a step is accepted and stored after every entry already in the log
        try teacher.send(.step(count: 1))
        try await teacher.waitForGeneration(driven.states[bad].generation + 1)

        // And the other lesson is restored whole
        let otherTeacher = try await server.connect()
        let otherWelcome = try await otherTeacher.attach(
            .teach(code: other.record.code, token: other.record.teacherToken, lastSeen: nil))
        #expect(otherWelcome.position.generation == other.lesson.generation)
        await server.stop()

        // And after another restart the bad entry is not replayed again, and the step is kept
        let again = try await setup.start(storage: storage, logger: logs.logger)
        let teacherAgain = try await again.connect()
        let welcomeAgain = try await teacherAgain.attach(
            .teach(code: driven.record.code, token: driven.record.teacherToken, lastSeen: nil))
        #expect(welcomeAgain.position.generation == driven.states[bad].generation + 1)
        #expect(await storage.log(ofLesson: driven.record.id).count == entries.count + 1)
        await again.stop()
    }

    @Test(.timeLimit(.minutes(1)), arguments: HubSetup.both) func aReplayThatDiedWithTheLastProcessIsNotRepeated(
        in setup: HubSetup
    ) async throws {
        // Given a stored lesson with a checkpoint after entry 10 and a replay recorded as under way
        // (the last process died replaying it: a trap cannot be caught)
        let storage = InMemoryLessonStorage()
        let (driven, other) = try await Self.stored(try Driven().entries, in: storage)
        try await storage.saveCheckpoint(
            driven.states[10].checkpoint(), ofLesson: driven.record.id, at: driven.now, keeping: 1)
        try await storage.beginReplay(ofLesson: driven.record.id, attempt: 1)

        // When a server starts on it
        let logs = LogRecorder()
        let server = try await setup.start(storage: storage, logger: logs.logger)

        // Then it is restored from its checkpoint without replaying the entries after it, the
        // record of the replay is cleared, and the teacher is told
        #expect(
            logs.records("The server stopped while replaying this lesson last time; restoring it without that replay")
                .count == 1)
        #expect(await storage.interruptedReplays().isEmpty)
        let teacher = try await server.connect()
        let welcome = try await teacher.attach(
            .teach(code: driven.record.code, token: driven.record.teacherToken, lastSeen: nil))
        #expect(welcome.position.generation == driven.states[10].generation)
        let notice = try await teacher.expectError()
        #expect(notice.code == .lessonRecovered)
        #expect(notice.message.contains("restored from its last saved point (entry 10"))
        // And the other lesson is restored whole
        let otherTeacher = try await server.connect()
        let otherWelcome = try await otherTeacher.attach(
            .teach(code: other.record.code, token: other.record.teacherToken, lastSeen: nil))
        #expect(otherWelcome.position.generation == other.lesson.generation)
        await server.stop()
    }

    @Test func theSQLiteStorageKeepsTheRecordOfAReplayUnderWayAcrossAReopen() async throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        // Given a replay recorded as under way for two lessons, one of them then finished
        do {
            let storage = try SQLiteLessonStorage(directory: directory + "/data")
            try await storage.beginReplay(ofLesson: "lesson-1", attempt: 1)
            try await storage.beginReplay(ofLesson: "lesson-2", attempt: 2)
            try await storage.endReplay(ofLesson: "lesson-1")
            try storage.store.close()
        }
        // When the data directory is opened again, as by the next process
        let reopened = try SQLiteLessonStorage(directory: directory + "/data")
        // Then only the unfinished replay is there, with its attempt
        #expect(try await reopened.interruptedReplays() == ["lesson-2": 2])
        try await reopened.endReplay(ofLesson: "lesson-2")
        #expect(try await reopened.interruptedReplays().isEmpty)
    }
}
