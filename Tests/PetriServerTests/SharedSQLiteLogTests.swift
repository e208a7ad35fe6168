import Dispatch
import PetriLesson
import PetriProtocol
import PetriSimulation
import PetriStorage
import Testing

@testable import PetriStore

/// Several lessons' batches in one SQLite transaction: each in a savepoint of its own, so a batch
/// the store refuses is rolled back alone while the others are stored.
@Suite struct SharedSQLiteLogTests {
    private static let start = Timestamp(millisecondsSince1970: 1_741_080_000_000)

    /// Creates lesson `id` in `storage` and returns what the hub would hand storage for `commands`, in order.
    private func entries(
        of id: String, on storage: SQLiteLessonStorage, _ commands: [(LessonCommand, Participant)]
    ) async throws -> (entries: [LogEntryToStore], lesson: Lesson<CamouflageModel>) {
        let definition = LessonDefinition(
            model: .camouflage, seed: 42, parameters: .object(["population": .number(40)]))
        let teacher = try AccessToken(TokenHash(of: "teacher-token-0123456789").hex)
        let record = LessonRecord(
            id: id, code: try JoinCode(id == "lesson-1" ? "K7QX2M" : "K7QX2N"), teacherToken: teacher,
            tokens: .digest, definition: definition, configuration: LessonConfiguration(nameSeed: 5),
            createdAt: Self.start)
        try await storage.createLesson(record)
        var lesson = try Lesson<CamouflageModel>(
            definition: definition, teacherToken: teacher, configuration: record.configuration, source: ())
        var entries: [LogEntryToStore] = []
        for (index, (command, actor)) in commands.enumerated() {
            let outcome = lesson.handle(command, from: actor, at: Self.start.adding(seconds: index + 1))
            #expect(outcome.rejection == nil, "\(command) was refused")
            for case .persist(let entry, let facts) in outcome.effects {
                entries.append(
                    LogEntryToStore(entry: entry, generation: lesson.generation, facts: facts, tokens: record.tokens))
            }
        }
        return (entries, lesson)
    }

    @Test func aBatchTheStoreRefusesIsRolledBackAloneAndTheOthersAreStored() async throws {
        let directory = try temporaryDirectory()
        let storage = try SQLiteLessonStorage(directory: directory + "/data")
        let steps = try await entries(
            of: "lesson-1", on: storage, [(.step(count: 1), .teacher), (.step(count: 1), .teacher)])
        // Lesson 2: a student joins, a question, her answer (student 1 is the first to join).
        let token = try AccessToken(TokenHash(of: "token-of-ada-0123456789").hex)
        let spec = QuestionSpec(metric: "meanTrait", kind: .number(tolerance: 20), horizon: 2)
        let answering = try await entries(
            of: "lesson-2", on: storage,
            [
                (.join(name: "Ada", token: token), .guest), (.ask(spec), .teacher),
                (.answer(QuestionID(1), .number(70)), .student(StudentID(1))),
            ]
        ).entries
        try #require(answering.count == 3)
        // Her join without its fact (no student row), so the store refuses her answer's row after the
        // batch's log rows are in.
        var refused = answering
        refused[0] = LogEntryToStore(entry: answering[0].entry, generation: 0, facts: [], tokens: .digest)
        let writer = SharedSQLiteLog(store: storage.store, queue: DispatchQueue(label: "test.store"))

        // When one shared write carries lesson 1's steps and lesson 2's batch the store refuses,
        let refusals = try await writer.writeTogether([
            LessonBatch(lesson: "lesson-1", entries: steps.entries),
            LessonBatch(lesson: "lesson-2", entries: refused),
        ])

        // then lesson 1's steps are stored, and lesson 2's batch is refused and left out entirely.
        #expect(refusals.count == 2)
        #expect(refusals[0] == nil)
        #expect(refusals[1] != nil)
        #expect(try await storage.log(ofLesson: "lesson-1").count == 2)
        #expect(try await storage.log(ofLesson: "lesson-2").isEmpty)
        // The whole batch, facts and all, is stored by the next shared write.
        let next = try await writer.writeTogether([LessonBatch(lesson: "lesson-2", entries: answering)])
        #expect(next.count == 1 && next[0] == nil)
        #expect(try await storage.log(ofLesson: "lesson-2").count == 3)
    }
}
