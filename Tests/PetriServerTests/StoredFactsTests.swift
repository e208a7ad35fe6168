import Foundation
import PetriHub
import PetriLesson
import PetriProtocol
import PetriSimulation
import PetriStorage
import PetriStore
import Testing

@testable import PetriServer

/// What the SQLite storage writes beside the log, from the facts in the lesson's persist
/// effects: answers with their hint and their question's change rule, and a named kind per entry.
@Suite struct StoredFactsTests {
    /// A digesting lesson on SQLite, driven as the hub drives one, storing each command's entry as it goes.
    struct DrivenLesson {
        let directory: String
        let storage: SQLiteLessonStorage
        let record: LessonRecord
        var lesson: Lesson<CamouflageModel>
        var now = Timestamp(millisecondsSince1970: 1_741_080_000_000)

        init() async throws {
            directory = try temporaryDirectory()
            storage = try SQLiteLessonStorage(directory: directory + "/data")
            let definition = LessonDefinition(
                model: .camouflage, seed: 42, parameters: .object(["population": .number(80)]))
            record = LessonRecord(
                id: "lesson-1", code: try JoinCode("K7QX2M"), teacherToken: try Self.held("teacher-token-0123456789"),
                tokens: .digest, definition: definition, configuration: LessonConfiguration(nameSeed: 5),
                createdAt: now)
            lesson = try Lesson(
                definition: definition, teacherToken: record.teacherToken, configuration: record.configuration,
                source: ())
            try await storage.createLesson(record)
        }

        /// The token as a digesting lesson holds it: its SHA-256 in hex.
        static func held(_ token: String) throws -> AccessToken { try AccessToken(TokenHash(of: token).hex) }

        /// Handles the command and stores its entry with the facts of its persist effect.
        @discardableResult
        mutating func send(
            _ command: LessonCommand, as actor: Participant
        ) async throws -> LessonOutcome<CamouflageModel> {
            now = now.adding(milliseconds: 250)
            let outcome = lesson.handle(command, from: actor, at: now)
            #expect(outcome.rejection == nil, "\(command) was refused")
            for case .persist(let entry, let facts) in outcome.effects {
                let stored = LogEntryToStore(
                    entry: entry, generation: lesson.generation, facts: facts, tokens: record.tokens)
                try await storage.append([stored], toLesson: record.id)
            }
            return outcome
        }

        /// Joins a student by name and returns their id.
        @discardableResult
        mutating func join(_ name: String) async throws -> StudentID {
            let token = try Self.held("token-of-\(name)-0123456789")
            let outcome = try await send(.join(name: name, token: token), as: .guest)
            return try #require(
                outcome.effects.lazy.compactMap { effect -> StudentID? in
                    if case .attach(.student(let id), _) = effect { return id }
                    return nil
                }.first)
        }

        /// The answers to question 1 as the store has them, by display name.
        func answers() throws -> [String: StoredAnswer] {
            let names = Dictionary(
                uniqueKeysWithValues: try storage.store.students(lessonId: record.id).map {
                    ($0.studentId, $0.displayName)
                })
            return Dictionary(
                uniqueKeysWithValues: try storage.store.answers(lessonId: record.id, questionId: QuestionID(1)).map {
                    (names[$0.studentId] ?? "\($0.studentId.rawValue)", $0)
                })
        }

        func remove() { try? FileManager.default.removeItem(atPath: directory) }
    }

    static func ask(allowChange: Bool) -> LessonCommand {
        .ask(
            QuestionSpec(
                metric: "population", kind: .number(tolerance: 10), horizon: 2, hint: "Count the survivors",
                allowChange: allowChange))
    }

    @Test func theLogNamesEachEntrysCommand() async throws {
        var stored = try await DrivenLesson()
        defer { stored.remove() }

        // Given a lesson where a student joins, answers after the hint and is removed, and the teacher steps
        let ada = try await stored.join("Ada")
        try await stored.send(Self.ask(allowChange: true), as: .teacher)
        try await stored.send(.takeHint(QuestionID(1)), as: .student(ada))
        try await stored.send(.answer(QuestionID(1), .number(70)), as: .student(ada))
        try await stored.send(.step(count: 1), as: .teacher)
        try await stored.send(.act(.set(name: "environmentColour", value: .number(20))), as: .teacher)
        try await stored.send(.kick(ada), as: .teacher)
        try await stored.send(.pause, as: .teacher)

        // Then each entry's kind is its command's stable name
        let kinds = try stored.storage.store.logEntries(lessonId: stored.record.id).map(\.kind)
        #expect(kinds == ["join", "ask", "takeHint", "answer", "step", "act", "kick", "pause"])
    }

    @Test func hintEntriesNameTheirQuestionAndStudent() async throws {
        var stored = try await DrivenLesson()
        defer { stored.remove() }

        // Given a student who takes a question's hint
        try await stored.join("Ada")
        let ben = try await stored.join("Ben")
        try await stored.send(Self.ask(allowChange: true), as: .teacher)
        try await stored.send(.takeHint(QuestionID(1)), as: .student(ben))

        // Then the log's entry has the question at command.takeHint.question and the student at actor.student.id
        // (logs written before explicit keys held them at `_0`, where the v2 upgrade reads them)
        let action = try #require(try stored.storage.store.logEntries(lessonId: stored.record.id).last)
        #expect(action.kind == "takeHint")
        let json = try #require(try JSONSerialization.jsonObject(with: Data(action.payload.utf8)) as? [String: Any])
        let command = (json["command"] as? [String: Any])?["takeHint"] as? [String: Any]
        let actor = (json["actor"] as? [String: Any])?["student"] as? [String: Any]
        #expect(command?["question"] as? Int == 1)
        #expect(actor?["id"] as? Int == ben.rawValue)
    }

    @Test func answersKeepTheirPredictionAndWhetherTheHintWasTaken() async throws {
        var stored = try await DrivenLesson()
        defer { stored.remove() }

        // Given a question with a hint that allows no changes: Ada takes the hint and answers,
        // Ben answers and then takes the hint, Cy answers without it
        let ada = try await stored.join("Ada")
        let ben = try await stored.join("Ben")
        let cy = try await stored.join("Cy")
        try await stored.send(Self.ask(allowChange: false), as: .teacher)
        try await stored.send(.takeHint(QuestionID(1)), as: .student(ada))
        try await stored.send(.answer(QuestionID(1), .number(70)), as: .student(ada))
        try await stored.send(.answer(QuestionID(1), .number(75.5)), as: .student(ben))
        try await stored.send(.takeHint(QuestionID(1)), as: .student(ben))
        try await stored.send(.answer(QuestionID(1), .number(90)), as: .student(cy))

        // Then the store has each prediction, and the hint for Ada and Ben only
        let answers = try stored.answers()
        #expect(
            answers.mapValues(\.prediction) == [
                "Ada": #"{"number":70}"#, "Ben": #"{"number":75.5}"#, "Cy": #"{"number":90}"#,
            ])
        #expect(answers.mapValues(\.usedHint) == ["Ada": true, "Ben": true, "Cy": false])
    }

    @Test func aChangedAnswerToAChangeableQuestionReplacesTheStoredOne() async throws {
        var stored = try await DrivenLesson()
        defer { stored.remove() }

        // Given Ada answered a question that allows changes
        let ada = try await stored.join("Ada")
        try await stored.send(Self.ask(allowChange: true), as: .teacher)
        try await stored.send(.answer(QuestionID(1), .number(70)), as: .student(ada))

        // When she changes her answer
        try await stored.send(.answer(QuestionID(1), .number(40)), as: .student(ada))

        // Then the store keeps the one answer, changed
        #expect(try stored.answers().mapValues(\.prediction) == ["Ada": #"{"number":40}"#])
    }

    @Test func theStoreRefusesASecondAnswerToAQuestionThatAllowsNoChange() async throws {
        var stored = try await DrivenLesson()
        defer { stored.remove() }

        // Given Ada answered a question that allows no changes
        let ada = try await stored.join("Ada")
        try await stored.send(Self.ask(allowChange: false), as: .teacher)
        try await stored.send(.answer(QuestionID(1), .number(70)), as: .student(ada))
        let logged = stored.lesson.lastLogSequence

        // When storage is handed a second answer of hers anyway (the lesson refuses one; this is
        // the store's own guard, should the two ever disagree)
        let entry = LessonLogEntry(
            sequence: logged + 1, time: stored.now.adding(milliseconds: 250), actor: .student(ada),
            command: .answer(QuestionID(1), .number(40)))
        let second = LogEntryToStore(
            entry: entry, generation: stored.lesson.generation,
            facts: [.answered(QuestionID(1), by: ada, prediction: .number(40), usedHint: false, allowsChange: false)],
            tokens: .digest)
        let error = await #expect(throws: StoreError.self) {
            try await stored.storage.append([second], toLesson: stored.record.id)
        }

        // Then the write is refused whole: the first answer stands and the log did not grow
        #expect(error?.code == .duplicateAnswer)
        #expect(try stored.answers().mapValues(\.prediction) == ["Ada": #"{"number":70}"#])
        #expect(try stored.storage.store.lastLogSeq(lessonId: stored.record.id) == logged)
    }

    @Test func aPredictionStoredFromItsAnswerIsTheTextSQLiteCopiesOutOfTheLog() async throws {
        var stored = try await DrivenLesson()
        defer { stored.remove() }

        // Given students answering numbers of every shape the writer has within the question's
        // range: whole, fractional, tiny, subnormal, signed zero, with exponents
        let numbers: [Double] = [
            0, -0.0, 1, 0.1, 0.7, 1.0 / 3, 0.1 + 0.2, 12.5, 100, 2.5e-7, 1e-5, .leastNonzeroMagnitude,
            Double(bitPattern: 10_000),
            1e-300, 123_456_789.012345, 75.5, 999_999_999.999, 1e9, 100_000_000.1,
        ]
        var students: [StudentID] = []
        for i in numbers.indices { students.append(try await stored.join("Student \(i)")) }
        try await stored.send(Self.ask(allowChange: false), as: .teacher)
        for (student, x) in zip(students, numbers) {
            try await stored.send(.answer(QuestionID(1), .number(x)), as: .student(student))
        }

        // When the same answers are recorded again (as question 99) the way the store did before,
        // copying each prediction out of its log entry with SQLite's JSON functions
        let answerEntries = try stored.storage.store.logEntries(lessonId: stored.record.id).filter {
            $0.kind == "answer"
        }
        let lesson = stored.record.id
        try stored.storage.store.inTransaction { tx in
            for (student, entry) in zip(students, answerEntries) {
                try tx.recordFirstAnswer(
                    lessonId: lesson, questionId: QuestionID(99), studentId: student,
                    predictionInEntry: entry.seq, at: "$.command.answer.prediction", answeredAt: entry.at)
            }
        }

        // Then every prediction is the same text both ways
        let direct = Dictionary(
            uniqueKeysWithValues: try stored.storage.store.answers(lessonId: lesson, questionId: QuestionID(1)).map {
                ($0.studentId, $0.prediction)
            })
        let copied = Dictionary(
            uniqueKeysWithValues: try stored.storage.store.answers(lessonId: lesson, questionId: QuestionID(99)).map {
                ($0.studentId, $0.prediction)
            })
        #expect(direct.count == numbers.count)
        #expect(direct == copied)
    }
}
