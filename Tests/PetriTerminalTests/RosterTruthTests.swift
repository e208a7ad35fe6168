import PetriProtocol
import PetriSimulation
import Testing

@testable import PetriTerminal

/// What the terminal says about who is here: scores as roster lines arrive, nobody online once the
/// lesson has ended, and a student who joined under another name than the one they typed.
@Suite struct RosterTruthTests {
    let now = Fixtures.now
    static let moths = Fixtures.make { try CamouflageModel(parameters: CamouflageParameters(), seed: 1) }

    @Test func aRosterLineAfterAResolutionMovesTheStudentsScoreAndRank() {
        var (state, _) = Fixtures.lesson(Self.moths, steps: 1, role: .teacher)
        // When Cy's line arrives with the points of a resolved question
        state.apply(
            .student(
                RosterEntry(student: StudentID(2), name: "Cy", online: false, kicked: false, score: 3000, streak: 1)),
            at: now)
        // Then the roster ranks Cy first with the new score
        let first = RosterView.ranked(state).first
        #expect(first?.entry.name == "Cy")
        #expect(first?.entry.score == 3000)
        #expect(first?.entry.streak == 1)
    }

    @Test func afterTheEndTheTeachersRosterShowsNobodyOnline() {
        // Given a teacher's roster with three students online
        var (state, _) = Fixtures.lesson(Self.moths, steps: 1, role: .teacher)
        #expect(state.roster.values.contains { $0.online })
        // When the lesson ends (the server closes every connection with 4002)
        state.apply(.lessonEnded(LessonSummary(leaderboard: Fixtures.leaderboard(you: nil), questions: 0)), at: now)
        // Then nobody is shown online
        #expect(state.roster.values.allSatisfy { !$0.online })
    }

    @Test func aStudentWhoseNameWasTakenIsToldBothNames() {
        var state = LessonState()
        let (lesson, _) = Fixtures.lesson(Self.moths, steps: 0)
        // Given the welcome of a join in which "ada" was taken
        var welcome = Self.welcome(of: lesson)
        welcome.you = StudentProfile(
            student: StudentID(5), name: "ada 2", token: Fixtures.token, score: 0, streak: 0, requestedName: "ada")
        // When it arrives
        state.apply(.welcome(welcome), at: now)
        // Then a notice says which name they asked for and which they have
        let notice = state.notices.last?.text ?? ""
        #expect(notice.contains("\"ada\"") && notice.contains("\"ada 2\""))
    }

    /// A student welcome like the fixture's.
    static func welcome(of lesson: LessonState) -> Welcome {
        Welcome(
            role: .student, you: nil, model: .camouflage, metrics: CamouflageModel.metrics, parameters: .null,
            position: TimelinePosition(timeline: 0, generation: 0), running: nil, runOver: nil, ended: false,
            options: LessonOptions(), questions: [], answers: [], leaderboard: lesson.leaderboard, historyFrom: 0,
            missed: false, roster: nil, checkpoint: nil)
    }
}
