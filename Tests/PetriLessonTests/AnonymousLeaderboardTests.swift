import PetriProtocol
import PetriSimulation
import Testing

@testable import PetriLesson

@Suite("Anonymised leaderboards: names hidden from students and the projector")
struct AnonymousLeaderboardTests {
    /// Ada and Ben answered one resolved question; returns the room, their ids and the resolution's effects.
    static func scored(_ mode: LessonOptions.LeaderboardNames) throws
        -> (Classroom, StudentID, StudentID, LessonOutcome<WalkModel>)
    {
        var room = try Classroom(
            .init(drift: 2), options: LessonOptions(speedBonus: false, streakBonus: false, leaderboard: mode))
        let ada = try room.join("Ada Lovelace").0
        let ben = try room.join("Ben").0
        let question = try room.ask(.population(in: 1, tolerance: 10))
        room.student(ada, .answer(question, .number(102)))
        room.student(ben, .answer(question, .number(110)))
        let resolution = room.teacher(.step(count: 1))
        return (room, ada, ben, resolution)
    }

    static func names(_ board: Leaderboard?) -> [String] { board?.top.map(\.name) ?? [] }

    static func resolvedBoard(_ outcome: LessonOutcome<WalkModel>) -> Leaderboard? {
        outcome.broadcasts.compactMap { if case .resolved(let r) = $0 { r.leaderboard } else { nil } }.first
    }

    @Test func anonymousBoardsShowRanksAndScoresOnlyWhileTheTeachersKeepsNames() throws {
        let (_, ada, _, resolution) = try Self.scored(.anonymous)

        // Then the board everyone gets has ranks and scores and no names
        let board = try #require(Self.resolvedBoard(resolution))
        #expect(Self.names(board) == ["", ""])
        #expect(board.top.map(\.rank) == [1, 2])
        #expect(board.top.map(\.score) == [1000, 200])
        // And the teacher's own board names everyone
        let teachers = resolution.sent(to: .teacher).compactMap { if case .leaderboard(let b) = $0 { b } else { nil } }
        #expect(Self.names(teachers.last) == ["Ada Lovelace", "Ben"])
        // And a student's own result keeps their own name
        let result = resolution.sent(to: .student(ada)).compactMap { if case .result(let r) = $0 { r } else { nil } }
        #expect(result.first?.standing.name == "Ada Lovelace")
    }

    @Test func initialsAreTheFirstCharacterOfEachWord() throws {
        let (_, _, _, resolution) = try Self.scored(.initials)
        #expect(Self.names(Self.resolvedBoard(resolution)) == ["AL", "B"])
    }

    @Test func namesModeIsTodaysBehaviour() throws {
        let (_, _, _, resolution) = try Self.scored(.names)
        #expect(Self.names(Self.resolvedBoard(resolution)) == ["Ada Lovelace", "Ben"])
    }

    @Test func welcomesRemovalsAndTheEndHideNamesToo() throws {
        var (room, ada, ben, _) = try Self.scored(.anonymous)

        // A student's and the projector's welcome: others anonymous, the student's own line theirs
        let back = try #require(
            room.send(.resume(token: try Classroom.token("student1"), lastSeen: nil), as: .guest).welcome)
        let observer = room.send(.attachObserver(token: room.teacherToken, lastSeen: nil), as: .guest).welcome
        let teacher = room.send(.attachTeacher(token: room.teacherToken, lastSeen: nil), as: .guest).welcome
        #expect(Self.names(observer?.leaderboard) == ["", ""])
        #expect(Self.names(teacher?.leaderboard) == ["Ada Lovelace", "Ben"])
        #expect(Self.names(back.leaderboard) == ["", ""])
        #expect(back.leaderboard.you?.student == ada)
        #expect(back.leaderboard.you?.name == "Ada Lovelace")

        // A removal: everyone gets an anonymous board, the teacher a named one
        let kick = room.teacher(.kick(ben))
        let everyone = kick.broadcasts.compactMap { if case .leaderboard(let b) = $0 { b } else { nil } }
        let own = kick.sent(to: .teacher).compactMap { if case .leaderboard(let b) = $0 { b } else { nil } }
        #expect(Self.names(everyone.first) == [""])
        #expect(Self.names(own.last) == ["Ada Lovelace"])

        // The end: the final board everyone gets is anonymous
        let end = room.teacher(.end)
        let summary = end.broadcasts.compactMap { if case .lessonEnded(let s) = $0 { s } else { nil } }.first
        #expect(Self.names(summary?.leaderboard) == [""])
    }
}
