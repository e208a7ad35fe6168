import PetriProtocol
import PetriSimulation
import Testing

@testable import PetriLesson

/// Questions whose horizon counts the class's hunt rounds: asked before the class hunts, resolved when that many
/// rounds have ended, scored like any question.
@Suite("Questions about the class's hunting")
struct HuntHorizonTests {
    /// The mean colour after `rounds` rounds of the class's hunting.
    private func afterHunts(_ rounds: Int) -> QuestionSpec {
        QuestionSpec(
            metric: "meanTrait", kind: .number(tolerance: 5), horizon: rounds, horizonIn: .hunts)
    }

    /// Plays one round: each student catches one creature, then the round's timer ends it.
    private func hunt(_ room: inout HuntClass) throws {
        let info = try room.startRound(catches: 1)
        for (i, student) in room.students.enumerated() {
            let creature = info.creatures[(i * 11 + info.round) % info.creatures.count].id
            room.send(.catchCreature(creature), as: .student(student))
        }
        room.clock.advance(seconds: 10)
        room.send(.huntEnd(round: info.round), as: .server)
    }

    private func resolution(_ outcome: LessonOutcome<CamouflageModel>) -> Resolution? {
        outcome.effects.lazy.compactMap { effect -> Resolution? in
            if case .broadcast(.resolved(let r)) = effect { return r }
            return nil
        }.first
    }

    @Test func aQuestionAboutTwoHuntsResolvesWhenTheSecondRoundEndsWhateverTheStepsBetween() throws {
        // Given a class asked about the mean colour after two rounds of its hunting, and Ada's answer
        var room = try HuntClass()
        let ask = room.send(.ask(afterHunts(2)), as: .teacher)
        #expect(ask.rejection == nil)
        let info = try #require(room.lesson.questions.first?.info)
        #expect(info.hunts == 2 && info.askedAt == 0 && info.target == 2)
        let mean = try #require(room.lesson.model.huntableTraits).map(Double.init).reduce(0, +) / 60
        let ada = room.students[0]
        #expect(room.send(.answer(info.id, .number(mean)), as: .student(ada)).rejection == nil)

        // When the class hunts once, and the teacher steps a generation without a hunt
        try hunt(&room)
        #expect(room.lesson.questions[0].state == .locked)
        room.send(.step(count: 1), as: .teacher)

        // Then it waits, though generation 2 has come
        #expect(room.lesson.generation == 2)
        #expect(room.lesson.questions[0].state == .locked)

        // When the second round ends, Then it resolves at generation 3 with the mean colour then, and Ada is scored
        let info2 = try room.startRound(catches: 1)
        room.send(.catchCreature(info2.creatures[0].id), as: .student(ada))
        room.clock.advance(seconds: 10)
        let end = room.send(.huntEnd(round: info2.round), as: .server)
        let resolved = try #require(resolution(end))
        #expect(resolved.generation == 3)
        #expect(resolved.actual == room.lesson.history[3].values["meanTrait"])
        #expect(room.lesson.questions[0].state == .resolved)
        #expect(room.lesson.questions[0].info.target == 3)
        #expect(room.lesson.questions[0].answers[ada]?.points != nil)
    }

    @Test func aQuestionAskedMidRoundCountsTheRoundUnderWay() throws {
        var room = try HuntClass()
        let info = try room.startRound(catches: 1)
        #expect(room.send(.ask(afterHunts(1)), as: .teacher).rejection == nil)
        room.clock.advance(seconds: 10)
        let end = room.send(.huntEnd(round: info.round), as: .server)
        #expect(resolution(end)?.generation == 1)
    }

    @Test func aLessonWhoseClassDoesNotHuntRefusesTheHorizonWithASentenceAndChangesNothing() throws {
        // Given a camouflage lesson whose selection is the formula
        var room = try HuntClass(selection: .formula)
        let before = room.lesson

        // When the teacher asks about hunt rounds, Then it is refused, saying what to do, and nothing changes
        let refused = room.send(.ask(afterHunts(3)), as: .teacher)
        #expect(refused.rejection?.code == .invalidAction)
        #expect(refused.rejection?.message.contains("ask about generations, or choose class or both") == true)
        #expect(room.lesson == before)

        // And the same question in generations is asked as ever
        var inGenerations = afterHunts(3)
        inGenerations.horizonIn = .generations
        #expect(room.send(.ask(inGenerations), as: .teacher).rejection == nil)
        #expect(room.lesson.questions[0].info.hunts == nil)
    }

    @Test func choosingFormulaIsRefusedWhileAQuestionWaitsForHuntRoundsAndAllowedOnceTheyEnd() throws {
        // Given a question about two rounds of the class's hunting, answered, with one round played
        var room = try HuntClass()
        room.send(.ask(afterHunts(2)), as: .teacher)
        room.send(.answer(QuestionID(1), .number(50)), as: .student(room.students[0]))
        try hunt(&room)
        let before = room.lesson

        // When the teacher chooses formula, Then it is refused, naming the question and what to do, and nothing
        // changes (under formula no round would come, and the question would never resolve)
        let refused = room.send(.setSelection(.formula), as: .teacher)
        #expect(refused.rejection?.code == .invalidAction)
        let message = refused.rejection?.message ?? ""
        #expect(message.contains("Question 1") && message.contains("hunt those rounds first"))
        #expect(room.lesson == before)
        #expect(room.lesson.currentSelection == .class)

        // And a choice that keeps the class hunting is made as ever
        #expect(room.send(.setSelection(.both), as: .teacher).rejection == nil)

        // When the second round ends and resolves the question, Then formula may be chosen
        try hunt(&room)
        #expect(room.lesson.questions[0].state == .resolved)
        let chosen = room.send(.setSelection(.formula), as: .teacher)
        #expect(chosen.rejection == nil)
        #expect(room.lesson.currentSelection == .formula)
    }

    @Test func choosingFormulaIsAllowedOnceRewindingCancelsTheWaitingQuestion() throws {
        // Given a question about a round of hunting asked at generation 1
        var room = try HuntClass()
        room.send(.step(count: 1), as: .teacher)
        room.send(.ask(afterHunts(1)), as: .teacher)
        #expect(room.send(.setSelection(.formula), as: .teacher).rejection != nil)

        // When the teacher rewinds to before it was asked, Then it is cancelled and formula may be chosen
        #expect(room.send(.rewind(count: 1), as: .teacher).rejection == nil)
        #expect(room.lesson.questions[0].state == .cancelled)
        #expect(room.send(.setSelection(.formula), as: .teacher).rejection == nil)
    }

    @Test func aSavedStateAndAReplayKeepTheHorizonAndResolveTheSame() throws {
        // Given a question about two hunts, answered, with one round played
        var room = try HuntClass()
        room.send(.ask(afterHunts(2)), as: .teacher)
        room.send(.answer(QuestionID(1), .number(50)), as: .student(room.students[1]))
        try hunt(&room)

        // When the lesson is saved and restored, and rebuilt from its log
        var offline = room.lesson
        offline.markEveryoneOffline()
        var restored = try Lesson<CamouflageModel>(
            decodingState: offline.encodeState(), teacherToken: room.teacherToken, configuration: room.configuration,
            source: ())
        let saved = room.entries.count
        let rebuilt = try Lesson<CamouflageModel>.rebuild(
            definition: room.start, teacherToken: room.teacherToken, configuration: room.configuration,
            log: room.entries, source: ())

        // Then both still wait for the second round
        #expect(restored == offline)
        #expect(restored.questions[0].info.hunts == 2 && restored.questions[0].state == .locked)
        #expect(rebuilt.questions[0].info.hunts == 2 && rebuilt.questions[0].state == .locked)

        // And the second round resolves it identically in the lesson, the restored one and a replay of the whole log
        let round = try room.startRound(catches: 1)
        room.send(.catchCreature(round.creatures[4].id), as: .student(room.students[0]))
        room.clock.advance(seconds: 10)
        room.send(.huntEnd(round: round.round), as: .server)
        for entry in room.entries[saved...] { _ = restored.handle(entry.command, from: entry.actor, at: entry.time) }
        let replayed = try Lesson<CamouflageModel>.rebuild(
            definition: room.start, teacherToken: room.teacherToken, configuration: room.configuration,
            log: room.entries, source: ())
        let expected = room.lesson.questions[0]
        #expect(expected.state == .resolved)
        for lesson in [restored, replayed] {
            #expect(lesson.questions[0].state == .resolved)
            #expect(lesson.questions[0].actual == expected.actual)
            #expect(lesson.questions[0].answers == expected.answers)
            #expect(lesson.stateHash == room.lesson.stateHash)
        }
    }
}
