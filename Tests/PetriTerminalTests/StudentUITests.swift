import PetriProtocol
import PetriSimulation
import Testing

@testable import PetriTerminal

@Suite struct StudentUITests {
    func lesson(with kind: QuestionKind, hint: Bool = true) -> LessonState {
        var (state, _) = Fixtures.lesson(
            Fixtures.make { try CamouflageModel(parameters: CamouflageParameters(), seed: 1) }, steps: 3)
        state.apply(
            .question(
                Fixtures.question(
                    7, metric: "population", description: "", unit: "creatures", kind: kind, askedAt: 3, horizon: 5,
                    askedValue: 20, prompt: nil, hasHint: hint)), at: Fixtures.now)
        return state
    }

    func press(_ keys: [Key], _ ui: inout StudentUI, _ lesson: LessonState) -> [StudentIntent] {
        keys.flatMap { ui.handle($0, lesson: lesson, now: Fixtures.now) }
    }

    @Test func typingANumberAndEnterSendsTheAnswer() {
        var ui = StudentUI()
        let state = lesson(with: .number(tolerance: nil))
        let intents = press(
            [.character("1"), .character("2"), .character("x"), .character("."), .character("5"), .enter], &ui, state)
        #expect(intents == [.send(.answer(question: QuestionID(7), prediction: .number(12.5)))])
    }

    @Test func enterWithNothingTypedSaysWhatToType() {
        var ui = StudentUI()
        #expect(press([.enter], &ui, lesson(with: .number(tolerance: nil))).isEmpty)
        #expect(ui.message?.text == "Type a number, e.g. 120, then press Enter.")
    }

    @Test func aDigitAloneAnswersAChoiceQuestionAndAnotherDigitChangesTheAnswer() {
        // Given a choice question whose answer may change until it locks
        var ui = StudentUI()
        let state = lesson(with: Fixtures.growShrink)
        // When the student presses 3 and then 2, and never Enter
        let intents = press([.character("3"), .character("2")], &ui, state)
        // Then each digit sent its option: the student has an answer, the last one pressed
        #expect(
            intents == [
                .send(.answer(question: QuestionID(7), prediction: .choice(2))),
                .send(.answer(question: QuestionID(7), prediction: .choice(1))),
            ])
        // And Enter sends the chosen option again (to confirm it)
        #expect(press([.enter], &ui, state) == [.send(.answer(question: QuestionID(7), prediction: .choice(1)))])
    }

    @Test func whenTheFirstAnswerIsFinalADigitPicksAndEnterSends() {
        // Given a choice question whose first answer is final
        var ui = StudentUI()
        var state = lesson(with: Fixtures.growShrink)
        if var q = state.openQuestion {
            q.allowChange = false
            state.apply(.question(q), at: Fixtures.now)
        }
        // When the student presses 3, then 2: nothing is sent, so a slip can still be corrected
        #expect(press([.character("3"), .character("2")], &ui, state).isEmpty)
        // Then Enter sends the option picked last
        #expect(press([.enter], &ui, state) == [.send(.answer(question: QuestionID(7), prediction: .choice(1)))])
    }

    @Test func theFooterSaysWhatADigitDoes() {
        let state = lesson(with: Fixtures.growShrink)
        let screen = ScreenState(
            lesson: state, connection: .online, ui: StudentUI(), now: Fixtures.now, colorMode: .none)
        let footer = Screen.student(screen, width: 120, height: 36).lines().last ?? ""
        #expect(footer.contains("1-4 send"))
        var final = state
        if var q = final.openQuestion {
            q.allowChange = false
            final.apply(.question(q), at: Fixtures.now)
        }
        let finalScreen = ScreenState(
            lesson: final, connection: .online, ui: StudentUI(), now: Fixtures.now, colorMode: .none)
        #expect(
            (Screen.student(finalScreen, width: 120, height: 36).lines().last ?? "").contains("1-4 pick  Enter send"))
    }

    @Test func afterTheLessonEndsTheFooterSaysHowToLeaveAndQStillLeaves() {
        var state = lesson(with: .number(tolerance: nil))
        state.apply(
            .lessonEnded(LessonSummary(leaderboard: Fixtures.leaderboard(you: "Ada"), questions: 1)), at: Fixtures.now)
        let screen = ScreenState(
            lesson: state, connection: .online, ui: StudentUI(), now: Fixtures.now, colorMode: .none)
        let footer = Screen.student(screen, width: 80, height: 24).lines().last ?? ""
        #expect(footer.contains("The lesson has ended; press q to leave"))
        var ui = StudentUI()
        #expect(press([.character("q")], &ui, state) == [.quit])
    }

    @Test func aProbabilityIsTypedInPerCentAndNudgedByFive() {
        var ui = StudentUI()
        let intents = press([.character("7"), .up, .up, .enter], &ui, lesson(with: .probability(event: nil)))
        #expect(intents == [.send(.answer(question: QuestionID(7), prediction: .probability(0.15)))])
    }

    @Test func theHintTakesASecondPressBecauseItCostsPoints() {
        var ui = StudentUI()
        let state = lesson(with: .number(tolerance: nil))
        #expect(press([.character("h")], &ui, state).isEmpty)
        #expect(ui.message?.text.hasPrefix("Press h again") == true)
        #expect(press([.character("h")], &ui, state) == [.send(.hint(question: QuestionID(7)))])
    }

    @Test func arrowsBrowseHistoryAndEndReturnsToLive() {
        var ui = StudentUI()
        let state = lesson(with: .number(tolerance: nil))
        _ = press([.left, .left], &ui, state)
        #expect(ui.historyCursor == 1)
        _ = press([.home], &ui, state)
        #expect(ui.historyCursor == 0)
        _ = press([.end], &ui, state)
        #expect(ui.historyCursor == nil)
    }

    @Test func helpAndAboutOpenAndAnyKeyClosesThem() {
        var ui = StudentUI()
        let state = lesson(with: .number(tolerance: nil))
        _ = press([.character("?")], &ui, state)
        #expect(ui.overlay == .help)
        _ = press([.character("x")], &ui, state)
        #expect(ui.overlay == StudentUI.Overlay.none)
        _ = press([.character("i")], &ui, state)
        #expect(ui.overlay == .about)
        #expect(press([.character("q")], &ui, state) == [.quit])
    }
}
