import PetriProtocol
import PetriSimulation
import Testing

@testable import PetriLesson

@Suite("Leaderboard and spread")
struct LeaderboardTests {
    /// Zoe and Ann score 1000, Bob 500, Cat and Dan 0 on one number question (no bonuses).
    static func rankedClass(leaderboardSize: Int = 2) throws -> (
        Classroom, LessonOutcome<WalkModel>, [String: StudentID]
    ) {
        var room = try Classroom(
            .init(drift: 2),
            options: LessonOptions(speedBonus: false, streakBonus: false, leaderboardSize: leaderboardSize))
        var ids: [String: StudentID] = [:]
        for name in ["Zoe", "Ann", "Bob", "Cat", "Dan"] { ids[name] = try room.join(name).0 }
        let question = try room.ask(.population(in: 1, tolerance: 10))
        let predictions: [String: Double] = ["Zoe": 102, "Ann": 102, "Bob": 97, "Cat": 130]
        for (name, prediction) in predictions {
            if let id = ids[name] { room.student(id, .answer(question, .number(prediction))) }
        }
        let outcome = room.teacher(.step(count: 1))
        return (room, outcome, ids)
    }

    @Test func equalScoresShareARankAndTheNextRankSkips() throws {
        // Given the ranked class
        let (room, _, _) = try Self.rankedClass(leaderboardSize: 10)

        // Then ranks go 1, 1, 3, 4, 4, with names alphabetical within a rank
        let board = room.lesson.leaderboard()
        #expect(board.top.map(\.name) == ["Ann", "Zoe", "Bob", "Cat", "Dan"])
        #expect(board.top.map(\.rank) == [1, 1, 3, 4, 4])
        #expect(board.top.map(\.score) == [1000, 1000, 500, 0, 0])
    }

    @Test func studentsSeeTheTopNPlusTheirOwnLineAndTheTeacherSeesEveryone() throws {
        // Given the ranked class with a top 2
        let (room, outcome, ids) = try Self.rankedClass()
        let dan = try #require(ids["Dan"])

        // Then the shared resolution shows the top 2, and Dan's own result carries his line
        let resolution = try #require(
            outcome.broadcasts.compactMap { if case .resolved(let r) = $0 { r } else { nil } }.first)
        #expect(resolution.leaderboard.top.map(\.name) == ["Ann", "Zoe"])
        #expect(resolution.leaderboard.you == nil && resolution.leaderboard.students == 5)
        let result = outcome.sent(to: .student(dan)).compactMap { if case .result(let r) = $0 { r } else { nil } }.first
        #expect(result?.standing == LeaderboardEntry(rank: 4, student: dan, name: "Dan", score: 0))
        #expect(room.lesson.leaderboard(for: dan).you?.rank == 4)
        // And the teacher gets all five lines
        let teacherBoard = outcome.sent(to: .teacher).compactMap { if case .leaderboard(let b) = $0 { b } else { nil } }
            .first
        #expect(teacherBoard?.top.count == 5)
    }

    @Test func theSpreadOfNumbersIsAHistogramAgainstTheActualValue() throws {
        // Given the ranked class's predictions 102, 102, 97, 130 of a population that became 102
        let (_, outcome, _) = try Self.rankedClass()

        // Then the spread has 4 answers in ten bars from 97 to 130 (3.3 wide) and their mean
        let resolution = try #require(
            outcome.broadcasts.compactMap { if case .resolved(let r) = $0 { r } else { nil } }.first)
        #expect(resolution.actual == 102)
        #expect(resolution.spread.answers == 4)
        #expect(resolution.spread.bins?.map(\.count) == [1, 2, 0, 0, 0, 0, 0, 0, 0, 1])
        #expect(resolution.spread.bins?.first?.lower == 97 && resolution.spread.bins?.last?.upper == 130)
        #expect(resolution.spread.mean == 107.75)
    }

    @Test func theSpreadOfChoicesCountsEachOptionAndOfProbabilitiesAveragesThem() throws {
        // Given four students answering a choice question and then a probability question
        var room = try Classroom(.init(drift: 1))
        var ids: [StudentID] = []
        for name in ["A", "B", "C", "D"] { ids.append(try room.join(name).0) }
        let choice = try room.ask(.growShrink(in: 1))
        for (id, option) in zip(ids, [1, 1, 2, 3]) { room.student(id, .answer(choice, .choice(option))) }
        let choiceOutcome = room.teacher(.step(count: 1))
        let probability = try room.ask(.extinction(in: 1))
        for (id, p) in zip(ids, [0.1, 0.75, 0.75, 1.0]) { room.student(id, .answer(probability, .probability(p))) }
        let probabilityOutcome = room.teacher(.step(count: 1))

        // Then the choice spread counts per option, with "grow" right
        let choiceResolution = choiceOutcome.broadcasts.compactMap { if case .resolved(let r) = $0 { r } else { nil } }
            .first
        #expect(choiceResolution?.spread.counts == [0, 2, 1, 1])
        #expect(choiceResolution?.correctOption == 1)
        // And the probability spread has tenths and the class's mean, against "did not happen"
        let probabilityResolution = probabilityOutcome.broadcasts.compactMap {
            if case .resolved(let r) = $0 { r } else { nil }
        }.first
        #expect(probabilityResolution?.spread.bins?.map(\.count) == [0, 1, 0, 0, 0, 0, 0, 2, 0, 1])
        #expect(probabilityResolution?.spread.mean == 0.65)
        #expect(probabilityResolution?.eventHappened == false)
    }
}
