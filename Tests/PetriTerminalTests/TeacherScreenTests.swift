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
            lesson.apply(.student(RosterEntry(student: StudentID(id), name: name, online: true, kicked: false, score: 0, streak: 0)), at: Fixtures.now)
        }
        let q = Fixtures.question(
            1, metric: "liveCells", description: "How many cells are alive.", unit: "cells", kind: .number(tolerance: 2),
            askedAt: 1, horizon: 4, askedValue: 5, prompt: "How many?")
        lesson.apply(.question(q), at: Fixtures.now)
        lesson.apply(.answerCount(question: q.id, answered: 0, students: 2), at: Fixtures.now)

        // When Ben answers
        lesson.apply(.answerCount(question: q.id, answered: 1, students: 2, answeredBy: [StudentID(2)]), at: Fixtures.now)

        // Then the header counts 1/2 and only Ben's row is ticked
        var canvas = Canvas(width: 60, height: 12)
        RosterView.draw(into: &canvas, rect: Rect(x: 0, y: 0, width: 60, height: 12), lesson: lesson, theme: Theme(mode: .none))
        let lines = canvas.lines()
        #expect(lines[0].contains("1/2 answered"))
        #expect(lines.first { $0.contains("#2 Ben") }?.contains("✓") == true, "\(lines)")
        #expect(lines.first { $0.contains("#1 Ada") }?.contains("✓") == false, "\(lines)")
    }
}
