import PetriProtocol
import PetriSimulation
import Testing

@testable import PetriTerminal

@Suite struct TeacherScreenTests {
    static func state(mode: ColorMode) -> TeacherScreenState {
        let parameters = LifeModel.Parameters(width: 40, height: 30, pattern: "glider")
        var (lesson, _) = Fixtures.lesson(
            Fixtures.make { try LifeModel(parameters: parameters, seed: 1) }, steps: 6, role: .teacher)
        let q = Fixtures.question(
            2, metric: "liveCells", description: "How many cells are alive.", unit: "cells",
            kind: .number(tolerance: 2),
            askedAt: 6, horizon: 4, askedValue: 5, prompt: "How many cells will be alive?")
        lesson.apply(.question(q), at: Fixtures.now.adding(seconds: -18))
        lesson.apply(.answerCount(question: q.id, answered: 3, students: 4), at: Fixtures.now)
        var console = TeacherConsole()
        _ = console.execute("step 2", lesson: lesson, now: Fixtures.now.adding(seconds: -40))
        _ = console.execute("stpe", lesson: lesson, now: Fixtures.now.adding(seconds: -30))
        _ = console.execute(
            "ask number liveCells in 4 tolerance 2 time 60 prompt \"How many cells will be alive?\"", lesson: lesson,
            now: Fixtures.now.adding(seconds: -20))
        for c in "ask probability sti" { _ = console.handle(.character(c), lesson: lesson, now: Fixtures.now) }
        return TeacherScreenState(
            lesson: lesson, connection: .online, console: console, now: Fixtures.now, colorMode: mode,
            server: "ws://10.0.0.5:8080/")
    }

    @Test(arguments: [(80, 24, ColorMode.none), (80, 24, .truecolor), (140, 44, .none)])
    func teacherScreenMatchesGolden(width: Int, height: Int, mode: ColorMode) throws {
        let canvas = Screen.teacher(Self.state(mode: mode), width: width, height: height)
        let name = "teacher-life-\(width)x\(height)-\(mode.rawValue)"
        Preview.write(name, canvas, mode: mode)
        let text =
            mode == .none
            ? canvas.lines().joined(separator: "\n")
            : ANSIRenderer(mode: mode).visibleLines(canvas).joined(separator: "\n")
        try Golden.check(text, name: name)
    }

    @Test func theJoinCodeIsLargeEnoughForAProjector() throws {
        var state = Self.state(mode: .none)
        state.console.overlay = .code
        let canvas = Screen.teacher(state, width: 80, height: 24)
        Preview.write("teacher-code-80x24", canvas, mode: .none)
        try Golden.check(canvas.lines().joined(separator: "\n"), name: "teacher-code-80x24-none")
        #expect(
            canvas.lines().contains { $0.contains("petri join K7QX2M --name YOUR-NAME --server ws://10.0.0.5:8080/") })
    }

    @Test func aTooSmallWindowAsksToBeEnlarged() {
        let canvas = Screen.teacher(Self.state(mode: .none), width: 40, height: 10)
        #expect(canvas.lines().first == " Please make this window at least 60×18")
    }
}

@Suite struct RosterAnsweredTests {
    @Test func theRosterTicksEachStudentSeenAnsweringTheOpenQuestion() throws {
        // Given a teacher's lesson with two students and an open question
        let parameters = LifeModel.Parameters(width: 20, height: 10, pattern: "glider")
        var (lesson, _) = Fixtures.lesson(
            Fixtures.make { try LifeModel(parameters: parameters, seed: 1) }, steps: 1, role: .teacher)
        for (id, name) in [(1, "Ada"), (2, "Ben")] {
            lesson.apply(
                .student(
                    RosterEntry(student: StudentID(id), name: name, online: true, kicked: false, score: 0, streak: 0)),
                at: Fixtures.now)
        }
        let q = Fixtures.question(
            1, metric: "liveCells", description: "How many cells are alive.", unit: "cells",
            kind: .number(tolerance: 2),
            askedAt: 1, horizon: 4, askedValue: 5, prompt: "How many?")
        lesson.apply(.question(q), at: Fixtures.now)
        lesson.apply(.answerCount(question: q.id, answered: 0, students: 2), at: Fixtures.now)

        // When Ben answers
        lesson.apply(
            .answerCount(question: q.id, answered: 1, students: 2, answeredBy: [StudentID(2)]), at: Fixtures.now)

        // Then the header counts 1/2 and only Ben's row is ticked
        var canvas = Canvas(width: 60, height: 12)
        RosterView.draw(
            into: &canvas, rect: Rect(x: 0, y: 0, width: 60, height: 12), lesson: lesson, theme: Theme(mode: .none))
        let lines = canvas.lines()
        #expect(lines[0].contains("1/2 answered"))
        #expect(lines.first { $0.contains("Ben") }?.contains("✓") == true, "\(lines)")
        #expect(lines.first { $0.contains("Ada") }?.contains("✓") == false, "\(lines)")
    }

    /// A teacher's lesson with a question open and `roster` joined, attached through a welcome that says
    /// who has answered (as the server sends to a teacher who attaches mid-question).
    static func attachedMidQuestion(answered: Int?, answeredBy: [StudentID]?) -> LessonState {
        let parameters = LifeModel.Parameters(width: 20, height: 10, pattern: "glider")
        let model = Fixtures.make { try LifeModel(parameters: parameters, seed: 1) }
        let q = Fixtures.question(
            1, metric: "liveCells", description: "How many cells are alive.", unit: "cells",
            kind: .number(tolerance: 2),
            askedAt: 0, horizon: 4, askedValue: 5, prompt: "How many?")
        let welcome = Welcome(
            role: .teacher, you: nil, model: .life, metrics: LifeModel.metrics,
            parameters: (try? JSONValue(encoding: model.parameters)) ?? .null,
            position: TimelinePosition(timeline: 0, generation: 0), running: nil, runOver: nil, ended: false,
            options: LessonOptions(), questions: [q], answers: [], leaderboard: Fixtures.leaderboard(you: nil),
            historyFrom: 0, missed: false, roster: Fixtures.roster, checkpoint: nil, answered: answered,
            answeredBy: answeredBy, presentation: Presentations.life)
        var lesson = LessonState()
        lesson.code = Fixtures.code
        lesson.apply(.welcome(welcome), at: Fixtures.now)
        return lesson
    }

    static func roster(_ lesson: LessonState) -> [String] {
        var canvas = Canvas(width: 40, height: 8)
        RosterView.draw(
            into: &canvas, rect: Rect(x: 0, y: 0, width: 40, height: 8), lesson: lesson, theme: Theme(mode: .none))
        return canvas.lines()
    }

    @Test func aTeacherWhoAttachesMidQuestionSeesWhoHasAlreadyAnswered() {
        // Given a welcome saying that two of the four students (Ada and Cy) have answered the open question
        let lesson = Self.attachedMidQuestion(answered: 2, answeredBy: [StudentID(4), StudentID(2)])
        // Then the count is there before any further answer arrives
        #expect(lesson.answerCount?.answered == 2)
        #expect(lesson.answerCount?.question == QuestionID(1))
        let lines = Self.roster(lesson)
        #expect(lines[0].contains("2/4 answered"), "\(lines)")
        // And exactly Ada's and Cy's rows are ticked
        #expect(lines.filter { $0.contains("✓") }.count == 2, "\(lines)")
        #expect(lines.first { $0.contains("Ada") }?.contains("✓") == true, "\(lines)")
        #expect(lines.first { $0.contains("Cy") }?.contains("✓") == true, "\(lines)")
        #expect(lines.first { $0.contains("Ben") }?.contains("✓") == false, "\(lines)")
        // And the question panel counts them too, instead of "none yet"
        let screen = Screen.teacher(
            TeacherScreenState(
                lesson: lesson, connection: .online, console: TeacherConsole(), now: Fixtures.now, colorMode: .none,
                server: "ws://10.0.0.5:8080/"), width: 80, height: 24
        ).lines()
        #expect(!screen.contains { $0.contains("none yet") }, "\(screen.joined(separator: "\n"))")
        #expect(screen.contains { $0.contains("2 of 4") }, "\(screen.joined(separator: "\n"))")
    }

    @Test func aWelcomeWithoutTheCountsLeavesTheTallyUnknown() {
        // Given an older server's welcome with no answered count
        let lesson = Self.attachedMidQuestion(answered: nil, answeredBy: nil)
        // Then no count is invented
        #expect(lesson.answerCount == nil)
    }

    @Test func theRosterShowsRankAndScoreInRankOrderNotTheStudentsId() {
        // Given four students: Ada 2070, Ben 1500, Cy 1200, Dee 900 (ids 4, 1, 2, 3)
        let lines = Self.roster(Self.attachedMidQuestion(answered: nil, answeredBy: nil))
        // Then they are listed best first, each with an ordinal rank and the score, and no bare #id
        #expect(lines[1].hasPrefix("● Ada") && lines[1].hasSuffix("1st · 2,070 pts"), "\(lines)")
        #expect(lines[2].hasPrefix("● Ben") && lines[2].hasSuffix("2nd · 1,500 pts"), "\(lines)")
        #expect(lines[3].hasPrefix("○ Cy") && lines[3].hasSuffix("3rd · 1,200 pts"), "\(lines)")
        #expect(lines[4].hasPrefix("● Dee") && lines[4].hasSuffix("4th · 900 pts"), "\(lines)")
        #expect(!lines.contains { $0.contains("#") }, "\(lines)")
    }

    @Test func equalScoresShareARankAndASharedNameShowsTheIdKickNeeds() throws {
        // Given two students called Ben with the same score
        var lesson = Self.attachedMidQuestion(answered: nil, answeredBy: nil)
        lesson.apply(
            .student(
                RosterEntry(student: StudentID(9), name: "Ben", online: true, kicked: false, score: 1500, streak: 0)),
            at: Fixtures.now)
        let lines = Self.roster(lesson)
        // Then both are 2nd, Cy is 4th, and each Ben shows the id that tells them apart
        #expect(lines.contains { $0.hasPrefix("● Ben #1") && $0.hasSuffix("2nd · 1,500 pts") }, "\(lines)")
        #expect(lines.contains { $0.hasPrefix("● Ben #9") && $0.hasSuffix("2nd · 1,500 pts") }, "\(lines)")
        #expect(lines.contains { $0.hasPrefix("○ Cy") && $0.hasSuffix("4th · 1,200 pts") }, "\(lines)")
        // And kick takes that id, while a unique name still works
        let context = CommandContext(lesson: lesson, pendingHint: nil)
        guard case .failure(let ambiguous) = TeacherCommandParser.parse("kick Ben", context: context) else {
            Issue.record("kick Ben should be ambiguous")
            return
        }
        #expect(ambiguous.message.contains("Ben (#1), Ben (#9)"))
        #expect(
            TeacherCommandParser.parse("kick #9", context: context) == .success(.send(.kick(student: StudentID(9)))))
        #expect(
            TeacherCommandParser.parse("kick Dee", context: context) == .success(.send(.kick(student: StudentID(3)))))
    }

    @Test func ranksReadAsOrdinalsAndScoresWithThousandsSeparated() {
        #expect(
            [1, 2, 3, 4, 11, 12, 13, 21, 22, 101, 111].map(Format.ordinal) == [
                "1st", "2nd", "3rd", "4th", "11th", "12th", "13th", "21st", "22nd", "101st", "111th",
            ])
        #expect(
            [0, 999, 1840, 1_234_567, -1200].map(Format.points) == [
                "0 pts", "999 pts", "1,840 pts", "1,234,567 pts", "-1,200 pts",
            ])
    }
}
