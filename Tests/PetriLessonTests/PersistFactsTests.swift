import PetriProtocol
import PetriSimulation
import Testing

@testable import PetriLesson

/// The persist effect holds what each command established for the store's tables, stated by the
/// lesson itself: nobody reads them off the other effects.
@Suite struct PersistFactsTests {
    @Test func aJoinStatesTheStudentTheirNameAndTheTokenTheLessonHolds() throws {
        // Given a lesson
        var room = try Classroom()

        // When a student joins
        let token = try room.mintToken()
        let outcome = room.send(.join(name: "Ada", token: token), as: .guest)

        // Then the facts name the new student, their name and the token as the server handed it in
        let id = try #require(outcome.attachedStudent)
        #expect(outcome.facts == [.joined(id, name: "Ada", token: token)])
    }

    @Test func anAnswerStatesItsPredictionWhetherTheHintWasTakenAndWhetherItMayChange() throws {
        // Given two students and an open question with a hint that allows no changes
        var room = try Classroom()
        let (ada, _) = try room.join("Ada")
        let (ben, _) = try room.join("Ben")
        let question = try room.ask(.population(hint: "It grows", allowChange: false))

        // When Ada answers without the hint, and Ben takes the hint and then answers
        let adaAnswers = room.student(ada, .answer(question, .number(40)))
        let benTakesHint = room.student(ben, .takeHint(question))
        let benAnswers = room.student(ben, .answer(question, .number(55)))

        // Then each answer says so, and the hint is a fact of its own
        #expect(
            adaAnswers.facts == [
                .answered(question, by: ada, prediction: .number(40), usedHint: false, allowsChange: false)
            ])
        #expect(benTakesHint.facts == [.tookHint(question, by: ben)])
        #expect(
            benAnswers.facts == [
                .answered(question, by: ben, prediction: .number(55), usedHint: true, allowsChange: false)
            ])
    }

    @Test func aChangedAnswerToAChangeableQuestionSaysItMayChange() throws {
        // Given a student who answered a question that allows changes
        var room = try Classroom()
        let (ada, _) = try room.join("Ada")
        let question = try room.ask(.population(allowChange: true))
        room.student(ada, .answer(question, .number(40)))

        // When she changes her answer
        let changed = room.student(ada, .answer(question, .number(45)))

        // Then the fact is the new prediction, allowed to replace the first
        #expect(
            changed.facts == [
                .answered(question, by: ada, prediction: .number(45), usedHint: false, allowsChange: true)
            ])
    }

    @Test func aKickStatesWhoWasRemoved() throws {
        var room = try Classroom()
        let (ada, _) = try room.join("Ada")

        let kicked = room.teacher(.kick(ada))

        #expect(kicked.facts == [.kicked(ada)])
    }

    @Test func aStepThatResolvesAQuestionStatesThePointsAndEveryStudentsScore() throws {
        // Given Ada answered a question due in one generation, and Ben joined but did not answer
        var room = try Classroom()
        let (ada, _) = try room.join("Ada")
        let (ben, _) = try room.join("Ben")
        let question = try room.ask(.population(in: 1))
        room.student(ada, .answer(question, .number(50)))

        // When the teacher steps to the target generation
        let stepped = room.teacher(.step(count: 1))

        // Then the step's facts are the resolution: Ada's points, and both students' standing
        let resolved = try #require(stepped.facts.first)
        guard case .resolved(let id, let points, let scores) = resolved else {
            Issue.record("expected a resolution, got \(resolved)")
            return
        }
        #expect(stepped.facts.count == 1)
        #expect(id == question)
        #expect(points.keys.sorted() == [ada])
        let sheet = room.lesson.scoreSheet
        #expect(points == sheet.questions.first?.points)
        #expect(scores == sheet.standings)
        #expect(scores[ada]?.score == points[ada])
        #expect(scores[ben] == StudentStanding(score: 0, streak: 0))
    }

    @Test func commandsThatEstablishNothingForTheTablesPersistNoFacts() throws {
        // Given a lesson with a student
        var room = try Classroom()
        try room.join("Ada")

        // When the teacher asks a question and steps before anything is due
        let asked = room.teacher(.ask(.population(in: 5)))
        let stepped = room.teacher(.step(count: 1))
        let paused = room.teacher(.pause)

        // Then their entries are logged with no facts
        #expect(asked.isPersisted && asked.facts.isEmpty)
        #expect(stepped.isPersisted && stepped.facts.isEmpty)
        #expect(paused.isPersisted && paused.facts.isEmpty)
    }

    @Test func aRefusedCommandLeavesNoFactsForTheNextOne() throws {
        // Given a question that allows no changes, answered once
        var room = try Classroom()
        let (ada, _) = try room.join("Ada")
        let question = try room.ask(.population(allowChange: false))
        room.student(ada, .answer(question, .number(40)))

        // When a second answer is refused, and the teacher then pauses
        let refused = room.student(ada, .answer(question, .number(41)))
        let paused = room.teacher(.pause)

        // Then the pause carries nothing of the refused answer
        #expect(refused.errorCode == .alreadyAnswered)
        #expect(paused.facts.isEmpty)
    }

    @Test func everyCommandHasTheStableKindNameTheLogStores() throws {
        // The names are stored data: this list is what every log written so far holds.
        let token = try AccessToken("abcdefghijklmnopqrstuvwxyz")
        let commands: [(LessonCommand, String)] = [
            (.join(name: "Ada", token: token), "join"), (.resume(token: token, lastSeen: nil), "resume"),
            (.attachTeacher(token: token, lastSeen: nil), "attachTeacher"),
            (.attachObserver(token: token, lastSeen: nil), "attachObserver"), (.left(session: 1), "left"),
            (.tick, "tick"), (.deadline(QuestionID(1)), "deadline"), (.step(count: 1), "step"), (.run(rate: 2), "run"),
            (.pause, "pause"), (.act(.toggle(x: 1, y: 2)), "act"), (.rewind(count: 1), "rewind"),
            (.checkpoint, "checkpoint"), (.restore, "restore"), (.clone(changes: []), "clone"),
            (.exportDefinition, "exportDefinition"), (.kick(StudentID(1)), "kick"),
            (.eraseStudent(StudentID(1)), "eraseStudent"), (.end, "end"),
            (.extraTime(StudentID(1), percent: 50), "extraTime"),
            (.ask(.population()), "ask"), (.closeQuestion(QuestionID(1)), "closeQuestion"),
            (.exportResults, "exportResults"), (.showAnswers(QuestionID(1)), "showAnswers"),
            (.answer(QuestionID(1), .number(1)), "answer"), (.takeHint(QuestionID(1)), "takeHint"),
            (.history(from: nil, to: nil), "history"), (.questions(before: nil, limit: nil), "questions"),
            (.replicates(count: 1, horizon: 1, metric: "population"), "replicates"),
            (
                .replicatesFinished(
                    ReplicateOutcome(
                        request: 1, position: TimelinePosition(timeline: 0, generation: 0),
                        metric: MetricID("population"), horizon: 1, traces: [])), "replicatesFinished"
            ),
            (.reasons(QuestionID(1)), "reasons"),
            (.showReasons(QuestionID(1), students: [StudentID(1)], names: false), "showReasons"), (.guide, "guide"),
            (.report, "report"), (.plan(.next), "plan"), (.huntEnd(round: 1), "huntEnd"),
            (.startHunt(catches: nil, seconds: nil), "startHunt"), (.setSelection(.class), "setSelection"),
            (.catchCreature(1), "catchCreature"), (.spot(true), "spot"),
        ]
        for (command, name) in commands { #expect(command.kind.rawValue == name) }
        #expect(Set(commands.map(\.1)) == Set(LessonCommandKind.allCases.map(\.rawValue)))
        #expect(LessonCommandKind.allCases.count == commands.count)
    }
}

extension LessonOutcome {
    /// The facts of the persist effect that leads the effects (none when nothing is persisted).
    var facts: [LessonFact] {
        if case .persist(_, let facts) = effects.first { return facts }
        return []
    }
}
