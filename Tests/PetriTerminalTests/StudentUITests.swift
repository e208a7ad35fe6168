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

    @Test func choiceKeysPickAnOption() {
        var ui = StudentUI()
        let intents = press([.character("3"), .character("2"), .enter], &ui, lesson(with: Fixtures.growShrink))
        #expect(intents == [.send(.answer(question: QuestionID(7), prediction: .choice(1)))])
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
