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

/// Durable checkpoints: storage keeps the newest ones beside the log, and a restart rebuilds a
/// lesson from its newest checkpoint plus the entries after it, or from its whole log when the
/// checkpoint does not restore.
@Suite struct CheckpointRecoveryTests {
    /// A camouflage lesson driven through joins, steps, a parameter change and an answered
    /// question, with its record and every persisted entry.
    struct Driven {
        var record: LessonRecord
        var lesson: Lesson<CamouflageModel>
        var entries: [LogEntryToStore] = []
        /// The lesson right after each entry; index = the entry's sequence.
        var states: [Lesson<CamouflageModel>] = []
        var now = Timestamp(millisecondsSince1970: 1_741_080_000_000)

        init() throws {
            let definition = LessonDefinition(
                model: .camouflage, seed: 42, parameters: .object(["population": .number(80)]))
            record = LessonRecord(
                id: "lesson-1", code: try JoinCode("K7QX2M"), teacherToken: try AccessToken("teacher-token-0123456789"),
                definition: definition, configuration: LessonConfiguration(nameSeed: 5), createdAt: now)
            lesson = try Lesson(
                definition: definition, teacherToken: record.teacherToken, configuration: record.configuration,
                source: ())
            states = [lesson]
            for name in ["Ada", "Ben"] {
                send(.join(name: name, token: try AccessToken("token-of-\(name)-0123456789abc")), as: .guest)
            }
            for generation in 1...8 {
                send(.step(count: 1), as: .teacher)
                if generation == 3 { send(.act(.set(name: "environmentColour", value: .number(20))), as: .teacher) }
            }
            send(.ask(QuestionSpec(metric: "population", kind: .number(tolerance: 10), horizon: 2)), as: .teacher)
            send(.answer(QuestionID(1), .number(70)), as: .student(StudentID(1)))
            send(.step(count: 3), as: .teacher)
        }

        mutating func send(_ command: LessonCommand, as actor: Participant) {
            now = now.adding(milliseconds: 250)
            let outcome = lesson.handle(command, from: actor, at: now)
            #expect(outcome.rejection == nil, "\(command) was refused")
            for case .persist(let entry, _) in outcome.effects {
                entries.append(LogEntryToStore(entry: entry, generation: lesson.generation, tokens: record.tokens))
                states.append(lesson)
            }
        }

        /// The lesson rebuilt from its definition and whole log: what every restart must give.
        func fullReplay() throws -> Lesson<CamouflageModel> {
            try Lesson.rebuild(
                definition: record.definition, teacherToken: record.teacherToken, configuration: record.configuration,
                log: entries.map(\.entry), source: ())
        }
    }

    static let storages = ["memory", "sqlite"]

    /// A fresh storage of the kind, with the directory to remove afterwards.
    private func storage(_ kind: String) throws -> (any LessonStorage, String?) {
        guard kind == "sqlite" else { return (InMemoryLessonStorage(), nil) }
        let directory = try temporaryDirectory()
        return (try SQLiteLessonStorage(directory: directory + "/data"), directory)
    }

    @Test(arguments: storages) func recoveryIsTheNewestCheckpointAndTheEntriesAfterIt(kind: String) async throws {
        let (storage, directory) = try storage(kind)
        defer { if let directory { try? FileManager.default.removeItem(atPath: directory) } }
        // Given a stored lesson with checkpoints after entries 5 and 12, keeping the newest two
        let driven = try Driven()
        try await storage.createLesson(driven.record)
        try await storage.append(Array(driven.entries.prefix(12)), toLesson: driven.record.id)
        for sequence in [5, 12] {
            try await storage.saveCheckpoint(
                driven.states[sequence].checkpoint(), ofLesson: driven.record.id, at: driven.now, keeping: 2)
        }
        try await storage.append(Array(driven.entries.dropFirst(12)), toLesson: driven.record.id)

        // When it is recovered
        let point = try await storage.recovery(ofLesson: driven.record.id)

        // Then it starts from the checkpoint after entry 12 and replays the rest, giving the
        // lesson that the whole log gives
        let checkpoint = try #require(point.checkpoint)
        #expect(checkpoint.sequence == 12)
        #expect(point.entries.map(\.sequence) == Array(13...driven.entries.count))
        let rebuilt = try Lesson<CamouflageModel>.rebuild(
            checkpoint: checkpoint, teacherToken: driven.record.teacherToken,
            configuration: driven.record.configuration, log: point.entries, source: ())
        #expect(rebuilt == (try driven.fullReplay()))
        #expect(rebuilt.stateHash == driven.lesson.stateHash)
    }

    @Test(arguments: storages) func aCheckpointAheadOfTheLogIsRefusedAndOldOnesArePruned(kind: String) async throws {
        let (storage, directory) = try storage(kind)
        defer { if let directory { try? FileManager.default.removeItem(atPath: directory) } }
        // Given a stored lesson with its first 6 entries
        let driven = try Driven()
        try await storage.createLesson(driven.record)
        try await storage.append(Array(driven.entries.prefix(6)), toLesson: driven.record.id)

        // When a checkpoint after entry 7 is saved, Then it is refused: it would be ahead of the log
        await #expect(throws: (any Error).self) {
            try await storage.saveCheckpoint(
                driven.states[7].checkpoint(), ofLesson: driven.record.id, at: driven.now, keeping: 1)
        }

        // And of checkpoints after entries 2, 4 and 6 kept one at a time, only the last remains
        for sequence in [2, 4, 6] {
            try await storage.saveCheckpoint(
                driven.states[sequence].checkpoint(), ofLesson: driven.record.id, at: driven.now, keeping: 1)
        }
        if let memory = storage as? InMemoryLessonStorage {
            #expect(await memory.checkpointSequences(ofLesson: driven.record.id) == [6])
        }
        if let sqlite = storage as? SQLiteLessonStorage {
            #expect(try sqlite.store.checkpointSequences(lessonId: driven.record.id) == [6])
        }
        #expect(try await storage.recovery(ofLesson: driven.record.id).checkpoint?.sequence == 6)
    }

    @Test(.timeLimit(.minutes(1)), arguments: HubSetup.both)
    func aLessonWhoseCheckpointDoesNotRestoreIsRebuiltFromItsWholeLog(in setup: HubSetup) async throws {
        // Given a stored lesson whose newest checkpoint records another state hash than its state has
        let driven = try Driven()
        let storage = InMemoryLessonStorage()
        try await storage.createLesson(driven.record)
        try await storage.append(driven.entries, toLesson: driven.record.id)
        var damaged = driven.states[10].checkpoint()
        damaged.stateHash ^= 1
        try await storage.saveCheckpoint(damaged, ofLesson: driven.record.id, at: driven.now, keeping: 1)

        // When a server starts on it
        let logs = LogRecorder()
        let server = try await setup.start(storage: storage, logger: logs.logger)

        // Then it warns, replays the whole log instead, and the lesson is where it was
        #expect(logs.records("The lesson's checkpoint does not restore; replaying its whole log instead").count == 1)
        let restored = try #require(logs.records("Lesson restored").first)
        #expect(restored.metadata["checkpoint"] == "none")
        #expect(restored.metadata["replayed"] == "\(driven.entries.count)")
        let teacher = try await server.connect()
        let welcome = try await teacher.attach(
            .teach(code: driven.record.code, token: driven.record.teacherToken, lastSeen: nil))
        #expect(welcome.position.generation == driven.lesson.generation)
        try teacher.send(.export)
        let file = try await teacher.expect { if case .definition(let d) = $0 { d } else { nil } }
        #expect(file.stateHash == driven.lesson.stateHash)
        await server.stop()
    }

    @Test(.timeLimit(.minutes(2)), arguments: HubSetup.both) func aRestartReplaysOnlyTheEntriesAfterTheNewestCheckpoint(
        in setup: HubSetup
    ) async throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let data = directory + "/data"
        let checkpointEveryTenEntries: (inout HubConfiguration) -> Void = {
            // Every 10 entries whatever the checkpoint's size (the size rule would wait longer).
            $0.checkpoints = CheckpointPolicy(everyEntries: 10, bytesPerEntry: .max)
        }

        // Given a lesson with 28 log entries (a join, 25 steps, a question and its answer) on a
        // server that checkpoints every 10 entries
        let first = try await setup.start(
            storage: try SQLiteLessonStorage(directory: data), configure: checkpointEveryTenEntries)
        let teacher = try await first.connect()
        let (code, token) = try await teacher.createLesson(.life, .object(["width": .number(200)]), seed: 9)
        _ = try await teacher.attach(.teach(code: code, token: token, lastSeen: nil))
        let ada = try await first.connect()
        _ = try await ada.attach(.join(code: code, name: "Ada"))
        for generation in 1...25 {
            try teacher.send(.step(count: 1))
            try await teacher.waitForGeneration(generation)
        }
        try teacher.send(.ask(QuestionSpec(metric: "liveCells", kind: .number(tolerance: 20), horizon: 3)))
        let question = try await ada.expect { if case .question(let q) = $0 { q } else { nil } }
        try ada.send(.answer(question: question.id, prediction: .number(150)))
        _ = try await ada.expect { if case .answerAccepted = $0 { true } else { nil } }
        try teacher.send(.export)
        let before = try await teacher.expect { if case .definition(let d) = $0 { d } else { nil } }

        // When the server stops and a new one starts on the same data directory
        await first.stop()
        try (first.storage as? SQLiteLessonStorage)?.store.close()
        let logs = LogRecorder()
        let second = try await setup.start(
            storage: try SQLiteLessonStorage(directory: data), logger: logs.logger, configure: checkpointEveryTenEntries
        )

        // Then the lesson was restored from a checkpoint, replaying only the entries after it
        let restored = try #require(logs.records("Lesson restored").first)
        #expect(restored.metadata["entries"] == "28")
        let checkpoint = try #require(restored.metadata["checkpoint"].flatMap { Int($0) })
        let replayed = try #require(restored.metadata["replayed"].flatMap { Int($0) })
        #expect(checkpoint >= 20)
        #expect(checkpoint + replayed == 28)

        // And it is at the same generation with the same state hash, actions and open question
        let again = try await second.connect()
        let welcome = try await again.attach(.teach(code: code, token: token, lastSeen: nil))
        #expect(welcome.position.generation == 25)
        #expect(welcome.questions.map(\.id) == [question.id])
        try again.send(.export)
        let after = try await again.expect { if case .definition(let d) = $0 { d } else { nil } }
        #expect(after == before)
        #expect(after.stateHash != nil)
        await second.stop()
    }

    @Test(.timeLimit(.minutes(1)), arguments: HubSetup.both) func manyGenerationsInFewEntriesAlsoSaveACheckpoint(
        in setup: HubSetup
    ) async throws {
        // Given a server that checkpoints every 1000 entries or 150 generations
        let storage = InMemoryLessonStorage()
        let policy: (inout HubConfiguration) -> Void = {
            $0.checkpoints = CheckpointPolicy(everyEntries: 1000, everyGenerations: 150)
        }
        let first = try await setup.start(storage: storage, configure: policy)
        let teacher = try await first.connect()
        let (code, token) = try await teacher.createLesson(.islands, .object([:]), seed: 4)
        _ = try await teacher.attach(.teach(code: code, token: token, lastSeen: nil))

        // When the teacher steps 100 generations twice (two entries) and the server restarts
        for generation in [100, 200] {
            try teacher.send(.step(count: 100))
            try await teacher.waitForGeneration(generation)
        }
        await first.stop()
        let logs = LogRecorder()
        let second = try await setup.start(storage: storage, logger: logs.logger, configure: policy)

        // Then the lesson came back from the checkpoint after the second step, replaying nothing
        let restored = try #require(logs.records("Lesson restored").first)
        #expect(restored.metadata["checkpoint"] == "2")
        #expect(restored.metadata["replayed"] == "0")
        let again = try await second.connect()
        #expect(try await again.attach(.teach(code: code, token: token, lastSeen: nil)).position.generation == 200)
        await second.stop()
    }
}
