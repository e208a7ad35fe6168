import PetriProtocol
import PetriSimulation
import Testing

@testable import PetriTerminal

@Suite("Range questions in the terminal: typed bounds, the teacher's ask, the stacked spread")
struct RangeInputTests {
    private func lesson(confidence: Int = 80) -> LessonState {
        var (state, _) = Fixtures.lesson(
            Fixtures.make { try CamouflageModel(parameters: CamouflageParameters(), seed: 1) }, steps: 3)
        state.apply(
            .question(
                Fixtures.question(
                    7, metric: "population", description: "", unit: "creatures",
                    kind: .range(confidence: confidence, tolerance: 4), askedAt: 3, horizon: 5, askedValue: 20,
                    prompt: nil, hasHint: false)), at: Fixtures.now)
        return state
    }

    private func press(_ text: String, then keys: [Key] = [.enter], _ ui: inout StudentUI) -> [StudentIntent] {
        (text.map { Key.character($0) } + keys).flatMap { ui.handle($0, lesson: lesson(), now: Fixtures.now) }
    }

    @Test func typingTwoBoundsWithACommaSendsTheRange() {
        var ui = StudentUI()
        #expect(
            press("18,2x5", &ui) == [.send(.answer(question: QuestionID(7), prediction: .range(lower: 18, upper: 25)))])
    }

    @Test func theFieldTakesTwoBoundsAsLongAsANumbersEach() {
        // Each bound may be as long as a number question's answer (12 characters), so the field takes 25
        var ui = StudentUI()
        #expect(
            press("-12345.5,-12000.25", &ui)
                == [.send(.answer(question: QuestionID(7), prediction: .range(lower: -12345.5, upper: -12000.25)))])
        var long = StudentUI()
        #expect(
            press("123456789012,123456789013", &long)
                == [
                    .send(
                        .answer(
                            question: QuestionID(7),
                            prediction: .range(lower: 123_456_789_012, upper: 123_456_789_013)))
                ])
    }

    @Test func oneBoundOrBoundsTheWrongWayRoundSayWhatToType() {
        var ui = StudentUI()
        #expect(press("18", &ui).isEmpty)
        #expect(
            ui.message?.text
                == "Type two numbers, lower then upper, with a comma between, e.g. 40,60, then press Enter.")
        var other = StudentUI()
        #expect(press("30,20", &other).isEmpty)
    }

    @Test func aTypedLineTakesCommaOrDotsAndTheRestIsTheReason() {
        #expect(
            StudentLine.parse("18..25 it grew by about 1 a step", lesson: lesson())
                == .success(
                    .send(
                        .answer(
                            question: QuestionID(7), prediction: .range(lower: 18, upper: 25),
                            reason: "it grew by about 1 a step"))))
        #expect(
            StudentLine.parse("answer 18,25", lesson: lesson())
                == .success(.send(.answer(question: QuestionID(7), prediction: .range(lower: 18, upper: 25)))))
        guard case .failure(let problem) = StudentLine.parse("18", lesson: lesson()) else {
            Issue.record("a single number was taken as a range")
            return
        }
        #expect(problem.message == "Question 7 wants a range, lower then upper: 40,60 or 40..60.")
    }

    @Test func theQuestionSaysHowSureTheRangeShouldBe() {
        let q = QuestionInfo.range(confidence: 90)
        #expect(
            q.kind.input.prompt(q, theme: Theme(mode: .none))
                == "Between which values will population be at generation 8? Be 90% sure.")
    }

    @Test func theTeacherAsksForARangeAndHowSure() {
        let context = CommandContext(
            presentation: nil, metrics: CamouflageModel.metrics.map(\.name), parameterNames: [], roster: [],
            openQuestion: nil, pendingHint: nil, generation: 0)
        #expect(
            TeacherCommandParser.parse("ask range population in 10 sure 90 tolerance 5", context: context)
                == .success(
                    .send(
                        .ask(
                            QuestionSpec(
                                metric: "population", kind: .range(confidence: 90, tolerance: 5), horizon: 10)))))
        #expect(
            TeacherCommandParser.parse("ask range population in 10", context: context)
                == .success(
                    .send(
                        .ask(
                            QuestionSpec(
                                metric: "population", kind: .range(confidence: nil, tolerance: nil), horizon: 10)))))
        guard
            case .failure(let error) = TeacherCommandParser.parse(
                "ask range population in 10 sure 100", context: context)
        else {
            Issue.record("sure 100 was taken")
            return
        }
        #expect(error.text.hasPrefix("sure needs a whole percent from 50 to 99"))
    }

    @Test func theSpreadStacksTheRangesOnOneAxisWithTheOutcomeMarkedOnEach() {
        let q = QuestionInfo.range(confidence: 80)
        let resolution = Resolution(
            question: q.id, generation: 8, actual: 25, correctOption: nil, eventHappened: nil,
            spread: Spread(
                answers: 2, intervals: [SpreadInterval(lower: 10, upper: 20), SpreadInterval(lower: 20, upper: 30)],
                held: 1),
            leaderboard: Leaderboard(top: [], you: nil, students: 2))
        var canvas = Canvas(width: 30, height: 3)
        q.kind.input.drawSpread(
            resolution, question: q, into: &canvas, rect: Rect(x: 0, y: 0, width: 30, height: 3),
            theme: Theme(mode: .none))
        let lines = canvas.lines()
        // 10 … 30 over 29 columns: 10 at 0, 20 at 15 (14.5 rounded away), 25 at 22, 30 at 29
        #expect(lines[0].hasPrefix("───────────────") && lines[0].contains("│"))
        #expect(lines[1].contains("━━━━━━━│━━━━━━"))
        #expect(lines[2].hasPrefix("10 … 30  1 of 2 ranges held it"))
    }
}

extension QuestionInfo {
    fileprivate static func range(confidence: Int) -> QuestionInfo {
        Fixtures.question(
            7, metric: "population", description: "", unit: "creatures",
            kind: .range(confidence: confidence, tolerance: 4), askedAt: 3, horizon: 5, askedValue: 20, prompt: nil,
            hasHint: false)
    }
}

@Suite("Expected points in the terminal: the student's line and the class's")
struct ExpectedLineTests {
    @Test func aStudentSeesTheirExpectedPointsBesideWhatTheyScored() {
        let standing = LeaderboardEntry(rank: 1, student: StudentID(4), name: "Ada", score: 310)
        let resolution = Resolution(
            question: QuestionID(5), generation: 8, actual: 25, correctOption: nil, eventHappened: nil,
            spread: Spread(answers: 2), leaderboard: Leaderboard(top: [], you: nil, students: 2),
            expected: Expected(replicates: 100, classMean: 640))
        let result = PersonalResult(
            question: QuestionID(5), prediction: .number(20),
            points: ScoreBreakdown(base: 310, hintTaken: false, speed: 0, streak: 0, total: 310), score: 310,
            streak: 0, standing: standing, expected: Expected(replicates: 100, points: 820, classMean: 640))
        #expect(
            QuestionPanel.expectedLine(result: result, resolution: resolution, theme: Theme(mode: .none))
                == "Your prediction would have scored 820 on average over 100 runs that could have happened; "
                + "this time it scored 310.")
        #expect(
            QuestionPanel.expectedLine(result: nil, resolution: resolution, theme: Theme(mode: .none))
                == "The class's predictions would have scored 640 on average over 100 runs that could have happened.")
        var none = resolution
        none.expected = nil
        #expect(QuestionPanel.expectedLine(result: nil, resolution: none, theme: Theme(mode: .none)) == nil)
    }
}
