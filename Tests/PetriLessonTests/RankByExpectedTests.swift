import Foundation
import PetriProtocol
import PetriSimulation
import Testing

@testable import PetriLesson

@Suite("Leaderboard by expected points (the lesson option rankBy: expected)")
struct RankByExpectedTests {
    /// Ada says 104 and Ben 93 about a population that really ends at 104, while the teacher's four replicates of
    /// the moment it was asked end at 90, 92, 94 and 104: Ada was lucky (1000 scored, 250 expected), Ben unlucky
    /// (0 scored; 700, 900, 900 and 0 over the replicates: 625 expected).
    private func resolvedLesson(rankBy: LessonOptions.RankBy?) throws -> (
        Classroom, LessonOutcome<WalkModel>, StudentID, StudentID
    ) {
        var options = LessonOptions(speedBonus: false, streakBonus: false)
        if let rankBy { options.rankBy = rankBy }
        var room = try Classroom(.init(start: 100, drift: 2), options: options)
        let (ada, _) = try room.join("Ada")
        let (ben, _) = try room.join("Ben")
        let q = try room.ask(.population(in: 2, tolerance: 10))
        room.student(ada, .answer(q, .number(104)))
        room.student(ben, .answer(q, .number(93)))
        let request = room.teacher(.replicates(count: 4, horizon: 2, metric: "population"))
        let job = try #require(
            request.effects.compactMap { if case .runReplicates(let j) = $0 { j } else { nil } }.first)
        let traces = [90.0, 92, 94, 104].map { ReplicateTrace(values: [100, 100, $0], endedAt: nil) }
        room.server(.replicatesFinished(job.outcome(traces)))
        let outcome = room.teacher(.step(count: 2))
        return (room, outcome, ada, ben)
    }

    private func board(_ outcome: LessonOutcome<WalkModel>) throws -> [LeaderboardEntry] {
        try #require(outcome.broadcasts.compactMap { if case .resolved(let r) = $0 { r } else { nil } }.first)
            .leaderboard.top
    }

    @Test func byDefaultTheLeaderboardRanksByThePointsScored() throws {
        let (_, outcome, ada, ben) = try resolvedLesson(rankBy: nil)
        #expect(try board(outcome).map(\.student) == [ada, ben])
        #expect(try board(outcome).map(\.score) == [1000, 0])
    }

    @Test func rankedByExpectedPointsTheLeaderboardRanksJudgementNotLuck() throws {
        // Given the same lesson with the option rankBy: expected
        let (room, outcome, ada, ben) = try resolvedLesson(rankBy: .expected)

        // Then the class's board, each student's standing and the teacher's board rank Ben (625) above Ada (250)
        #expect(try board(outcome).map(\.student) == [ben, ada])
        #expect(try board(outcome).map(\.score) == [625, 250])
        let standing = { (id: StudentID) in
            outcome.sent(to: .student(id)).compactMap { if case .result(let r) = $0 { r.standing } else { nil } }.first
        }
        #expect(standing(ben)?.rank == 1)
        #expect(standing(ada)?.rank == 2)
        // And each result still carries the points scored
        let results = outcome.sent(to: .student(ada)).compactMap { if case .result(let r) = $0 { r } else { nil } }
        #expect(results.first?.points.total == 1000)
        #expect(room.lesson.leaderboard().top.map(\.student) == [ben, ada])

        // And a saved state restores the same ranking (the expected scores are summed again)
        let restored = try Lesson<WalkModel>(
            decodingState: room.lesson.encodeState(), teacherToken: room.teacherToken,
            configuration: room.lesson.configuration, source: ())
        #expect(restored == room.lesson)
        #expect(restored.leaderboard().top.map(\.score) == [625, 250])
    }

    @Test func theOptionIsWrittenOnlyWhenItIsNotTheDefault() throws {
        var options = LessonOptions()
        let plain = String(decoding: try JSONEncoder().encode(options), as: UTF8.self)
        #expect(!plain.contains("rankBy"))
        options.rankBy = .expected
        let data = try JSONEncoder().encode(options)
        #expect(String(decoding: data, as: UTF8.self).contains("\"rankBy\":\"expected\""))
        #expect(try JSONDecoder().decode(LessonOptions.self, from: data).rankBy == .expected)
    }
}
