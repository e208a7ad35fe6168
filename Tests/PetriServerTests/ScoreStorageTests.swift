import Foundation
import PetriHub
import PetriHubTesting
import PetriLesson
import PetriPeer
import PetriProtocol
import PetriStore
import Testing

@testable import PetriServer

/// The store's score tables follow the log: written right behind each resolution, for every
/// student (connected or not), and rewritten from the rebuilt lesson on start.
@Suite struct ScoreStorageTests {
    static let moths: JSONValue = .object(["population": .number(60), "reproductiveChance": .number(0.6)])

    /// Students' scores and streaks, and q1's points, as the store has them.
    struct StoredScores: Equatable {
        var scores: [String: Int]
        var streaks: [String: Int]
        var points: [String: Int?]

        init(_ store: PetriStore) throws {
            let lesson = try #require(try store.unfinishedLessons().first)
            let students = try store.students(lessonId: lesson.id)
            scores = Dictionary(uniqueKeysWithValues: students.map { ($0.displayName, $0.score) })
            streaks = Dictionary(uniqueKeysWithValues: students.map { ($0.displayName, $0.streak) })
            let rows = try store.resultsRows(lessonId: lesson.id).filter { $0.questionId == QuestionID(1) }
            points = Dictionary(uniqueKeysWithValues: rows.map { ($0.displayName, $0.points) })
        }
    }

    @Test(.timeLimit(.minutes(1)), arguments: HubSetup.both)
    func aResolutionStoresEveryStudentsPointsAndScoreAndARestartRepairsThem(in setup: HubSetup)
        async throws
    {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let data = directory + "/data"

        // Given a lesson on SQLite where Ada and Ben answer a question and Ben then leaves
        let first = try await setup.start(storage: try SQLiteLessonStorage(directory: data))
        let teacher = try await first.connect()
        let (code, token) = try await teacher.createLesson(.camouflage, Self.moths)
        _ = try await teacher.attach(.teach(code: code, token: token, lastSeen: nil))
        let ada = try await first.connect()
        _ = try await ada.attach(.join(code: code, name: "Ada"))
        let ben = try await first.connect()
        _ = try await ben.attach(.join(code: code, name: "Ben"))
        try teacher.send(.ask(QuestionSpec(metric: "meanTrait", kind: .number(tolerance: 40), horizon: 1)))
        for (student, guess) in [(ada, 50.0), (ben, 20.0)] {
            let question = try await student.expect { if case .question(let q) = $0 { q } else { nil } }
            try student.send(.answer(question: question.id, prediction: .number(guess)))
            _ = try await student.expect { if case .answerAccepted = $0 { true } else { nil } }
        }
        ben.close()
        _ = try await teacher.expect { if case .student(let s) = $0, s.name == "Ben", !s.online { true } else { nil } }

        // When the question resolves, and the teacher's next step is stored after it
        try teacher.send(.step(count: 1))
        let board = try await teacher.expect { if case .leaderboard(let b) = $0 { b } else { nil } }
        try teacher.send(.step(count: 1))
        try await teacher.waitForGeneration(2)

        // Then the store has both students' scores, Ben's too though he got no result message
        let storage = try #require(first.storage as? SQLiteLessonStorage)
        let stored = try StoredScores(storage.store)
        let expected = Dictionary(uniqueKeysWithValues: board.top.map { ($0.name, $0.score) })
        #expect(stored.scores == expected)
        #expect(stored.points.count == 2)
        #expect(stored.points.values.allSatisfy { $0 != nil })
        #expect(expected.values.contains { $0 > 0 })

        // And when the scores are lost (as a crash between the log and the scores would lose
        // them) and the server restarts on the same data, they are written again
        let lessonId = try #require(try storage.store.unfinishedLessons().first?.id)
        try storage.store.recordResolution(
            lessonId: lessonId, questionId: QuestionID(1), points: [StudentID(1): 0, StudentID(2): 0],
            scores: [StudentID(1): StudentScore(score: 0, streak: 0), StudentID(2): StudentScore(score: 0, streak: 0)])
        #expect(try StoredScores(storage.store) != stored)
        await first.stop()
        try storage.store.close()
        let second = try await setup.start(storage: try SQLiteLessonStorage(directory: data))
        let reopened = try #require(second.storage as? SQLiteLessonStorage)
        #expect(try StoredScores(reopened.store) == stored)

        await second.stop()
    }
}
