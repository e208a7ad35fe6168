import PetriProtocol
import PetriSimulation
import PetriWords
import Testing

@testable import PetriLesson

@Suite("Questions: asking, answering, locking")
struct QuestionTests {
    @Test func askingBroadcastsTheQuestionWithoutItsHintAndArmsTheTimeLimit() throws {
        // Given a class of two
        var room = try Classroom()
        try room.join("Ada")
        try room.join("Ben")

        // When the teacher asks about the population in 5 generations, with 60 s and a hint
        let outcome = room.teacher(.ask(.population(in: 5, tolerance: nil, timeLimit: 60, hint: "Look at the trend")))

        // Then everyone sees the question (not the hint text), with the default tolerance settled
        #expect(outcome.isPersisted)
        let info = try #require(
            outcome.broadcasts.compactMap { if case .question(let q) = $0 { q } else { nil } }.first)
        #expect(info.id == QuestionID(1) && info.askedAt == 0 && info.target == 5)
        #expect(info.kind == .number(tolerance: 20))  // a fifth of 100, the population when asked
        #expect(info.hasHint && info.state == .open)
        #expect(info.closesAt == room.clock.now.adding(seconds: 60))
        // And the server arms the deadline, and the teacher sees 0 of 2 answered
        #expect(outcome.effects.contains(.scheduleDeadline(QuestionID(1), at: room.clock.now.adding(seconds: 60))))
        #expect(outcome.sent(to: .teacher) == [.answerCount(question: QuestionID(1), answered: 0, students: 2)])
        #expect(room.lesson.pendingTimers == [.scheduleDeadline(QuestionID(1), at: room.clock.now.adding(seconds: 60))])
    }

    static let badQuestions: [(QuestionSpec, ProtocolError.Code)] = [
        (QuestionSpec(metric: "colour", kind: .number(tolerance: nil), horizon: 5), .unknownMetric),
        (QuestionSpec(metric: "population(3)", kind: .number(tolerance: nil), horizon: 5), .unknownMetric),
        (QuestionSpec(metric: "population", kind: .number(tolerance: nil), horizon: 0), .outOfRange),
        (QuestionSpec(metric: "population", kind: .number(tolerance: nil), horizon: 1001), .outOfRange),
        (QuestionSpec(metric: "population", kind: .number(tolerance: nil), horizon: 5, timeLimit: 0), .outOfRange),
        (QuestionSpec(metric: "population", kind: .number(tolerance: -1), horizon: 5), .invalidQuestion),
        (
            QuestionSpec(
                metric: "population", kind: .choice(options: [ChoiceOption("grow", when: .grows)]), horizon: 5),
            .invalidQuestion
        ),
        (
            QuestionSpec(
                metric: "population",
                kind: .choice(options: [
                    ChoiceOption("up", when: .grows), ChoiceOption("UP", when: .shrinks),
                ]), horizon: 5), .invalidQuestion
        ),
        (
            QuestionSpec(
                metric: "population",
                kind: .choice(options: [
                    ChoiceOption("any", when: .otherwise), ChoiceOption("up", when: .grows),
                ]), horizon: 5), .invalidQuestion
        ),
        (
            QuestionSpec(
                metric: "population",
                kind: .choice(options: [
                    ChoiceOption("x", when: Condition(.between, 5, upper: 1)), ChoiceOption("y", when: .grows),
                ]), horizon: 5),
            .invalidQuestion
        ),
        (QuestionSpec(metric: "population", kind: .probability(event: nil), horizon: 5), .invalidQuestion),
        (QuestionSpec(metric: "population", kind: .probability(event: Condition(.gt)), horizon: 5), .invalidQuestion),
    ]

    @Test(arguments: badQuestions)
    func malformedQuestionsAreRefusedAndNothingChanges(spec: QuestionSpec, code: ProtocolError.Code) throws {
        // Given a lesson
        var room = try Classroom()
        let before = room.lesson

        // When the teacher asks a malformed question, Then it is refused with the code, unchanged
        #expect(room.teacher(.ask(spec)).errorCode == code)
        #expect(room.lesson == before)
    }

    @Test func aBadConditionIsToldInTheReadersLanguageWithEnglishTheDefault() throws {
        // Given a lesson, When the teacher asks a choice whose "between" runs backwards and an event with no value
        var room = try Classroom()
        let choice = QuestionSpec(
            metric: "population",
            kind: .choice(options: [
                ChoiceOption("x", when: Condition(.between, 5, upper: 1)), ChoiceOption("y", when: .grows),
            ]), horizon: 5)
        let backwards = try #require(room.teacher(.ask(choice)).rejection)
        let event = QuestionSpec(metric: "population", kind: .probability(event: Condition(.gt)), horizon: 5)
        let empty = try #require(room.teacher(.ask(event)).rejection)
        // Then English reads as it did, and a Welsh reader reads the whole sentence in Welsh
        let welsh = try #require(Language("cy"))
        #expect(backwards.message == #"The condition of option "x" is not usable: "between" needs value <= upper."#)
        #expect(
            backwards.message(in: welsh)
                == #"Nid oes modd defnyddio amod opsiwn "x": mae angen value <= upper ar "between"."#)
        #expect(empty.message == #"The event is not usable: "gt" needs a "value" or "ref":"asked"."#)
        #expect(
            empty.message(in: welsh)
                == #"Nid oes modd defnyddio'r digwyddiad: mae angen "value" neu "ref":"asked" ar "gt"."#
        )
    }

    @Test func onlyOneQuestionIsOpenAtATimeAndTheRoundLimitHolds() throws {
        // Given a two-round lesson with a question open
        var room = try Classroom(options: LessonOptions(questionLimit: 2))
        try room.ask(.population())

        // When the teacher asks another, Then it is refused until the first closes
        #expect(room.teacher(.ask(.population())).errorCode == .questionOpen)
        room.step()
        try room.ask(.population())
        room.step()

        // And a third round is refused
        #expect(room.teacher(.ask(.population())).errorCode == .tooManyQuestions)
    }

    @Test func aQuestionCannotLookPastTheLessonsGenerationLimit() throws {
        // Given a lesson limited to 20 generations, at 15
        var room = try Classroom(configuration: LessonConfiguration(maxGenerations: 20))
        room.step(15)

        // Then a question about generation 21 is refused, one about 20 is fine
        #expect(room.teacher(.ask(.population(in: 6))).errorCode == .outOfRange)
        #expect(room.teacher(.ask(.population(in: 5))).rejection == nil)
    }

    @Test func anAnswerIsTimedByTheServerAndCountedForTheTeacher() throws {
        // Given an open question
        var room = try Classroom()
        let (ada, _) = try room.join("Ada")
        let question = try room.ask(.population())
        room.clock.advance(seconds: 3)

        // When Ada answers
        let outcome = room.student(ada, .answer(question, .number(120)))

        // Then she is told it was recorded at the server's time, and the teacher sees 1 of 1
        #expect(outcome.isPersisted)
        #expect(
            outcome.replies == [
                .answerAccepted(question: question, prediction: .number(120), answeredAt: room.clock.now)
            ])
        #expect(
            outcome.sent(to: .teacher) == [
                .answerCount(question: question, answered: 1, students: 1, answeredBy: [ada])
            ])
    }

    @Test func answersMayChangeUntilTheLockOnlyWhenTheQuestionAllowsIt() throws {
        // Given two questions, one allowing changes and one not
        var room = try Classroom()
        let (ada, _) = try room.join("Ada")
        let changeable = try room.ask(.population(allowChange: true))
        room.student(ada, .answer(changeable, .number(90)))

        // When she changes her answer, Then the new one replaces the old
        #expect(room.student(ada, .answer(changeable, .number(95))).rejection == nil)
        room.step()
        let fixed = try room.ask(.population(allowChange: false))
        room.student(ada, .answer(fixed, .number(90)))

        // When she tries to change the fixed one, Then it is refused
        let before = room.lesson
        #expect(room.student(ada, .answer(fixed, .number(95))).errorCode == .alreadyAnswered)
        #expect(room.lesson == before)
    }

    @Test func anAnswerChangesTwentyTimesAtMostAndItsLogStillRebuildsTheSameLesson() throws {
        // Given a question that allows changes, and the lesson's definition before anything happened
        var room = try Classroom()
        let definition = try room.lesson.definition()
        let (ada, _) = try room.join("Ada")
        let (ben, _) = try room.join("Ben")
        let question = try room.ask(.population(allowChange: true))

        // When Ada answers and then changes her answer 20 times, Then every change is accepted
        #expect(room.student(ada, .answer(question, .number(50))).rejection == nil)
        for change in 1...20 {
            room.clock.advance(seconds: 1)
            #expect(room.student(ada, .answer(question, .number(50 + Double(change)))).rejection == nil)
        }

        // And the 21st change is refused with a sentence, and nothing changes (nothing is logged)
        let before = room.lesson
        let refused = room.student(ada, .answer(question, .number(99)))
        #expect(
            refused.rejection
                == ProtocolError(.tooManyChanges, "You have changed this answer 20 times; it stays as it is now."))
        #expect(!refused.isPersisted)
        #expect(room.lesson == before)
        // And the bound is per student: Ben still answers and changes his
        #expect(room.student(ben, .answer(question, .number(10))).rejection == nil)
        #expect(room.student(ben, .answer(question, .number(11))).rejection == nil)

        // And the lesson rebuilt from its log (everyone offline, as after a restart) is the same
        // simulation and goes on the same: Ada's 21st change refused, Ben's second change accepted
        let entries = room.log.compactMap { effect -> LessonLogEntry? in
            if case .persist(let entry, _) = effect { entry } else { nil }
        }
        let rebuilt = try Lesson<WalkModel>.rebuild(
            definition: definition, teacherToken: room.teacherToken, configuration: room.lesson.configuration,
            log: entries, source: ())
        #expect(rebuilt.stateHash == room.lesson.stateHash)
        let later = room.clock.now.adding(seconds: 1)
        for lesson in [room.lesson, rebuilt] {
            var lesson = lesson
            #expect(
                lesson.handle(.answer(question, .number(99)), from: .student(ada), at: later).errorCode
                    == .tooManyChanges)
            #expect(lesson.handle(.answer(question, .number(12)), from: .student(ben), at: later).isPersisted)
        }

        // And so is the lesson restored from its saved state
        var restored = try Lesson<WalkModel>(
            decodingState: room.lesson.encodeState(), teacherToken: room.teacherToken,
            configuration: room.lesson.configuration, source: ())
        #expect(restored == room.lesson)
        #expect(
            restored.handle(.answer(question, .number(99)), from: .student(ada), at: room.clock.now).errorCode
                == .tooManyChanges)
    }

    @Test func steppingLocksTheQuestionAndALateAnswerGetsAClearError() throws {
        // Given an open question asked at generation 0
        var room = try Classroom()
        let (ada, _) = try room.join("Ada")
        let question = try room.ask(.population(in: 5))

        // When the simulation steps
        let step = room.teacher(.step(count: 1))

        // Then the question locks before the new generation's stats go out
        #expect(
            step.broadcasts.first == .questionLocked(question: question, reason: .advanced, lockedAt: room.clock.now))

        // And an answer now is refused, saying why
        let late = room.student(ada, .answer(question, .number(100)))
        #expect(
            late.rejection
                == ProtocolError(
                    .lateAnswer,
                    "Question 1 closed when the simulation moved past generation 0; answers are no longer accepted."))
    }

    @Test func theTimeLimitLocksEvenBeforeItsTimerFires() throws {
        // Given a question with a 30 s limit
        var room = try Classroom()
        let (ada, _) = try room.join("Ada")
        let question = try room.ask(.population(timeLimit: 30))

        // When Ada answers at 30 s, before the server's timer has fired
        room.clock.advance(seconds: 30)
        let late = room.student(ada, .answer(question, .number(100)))

        // Then it is refused as late, and nothing changed
        #expect(
            late.rejection
                == ProtocolError(
                    .lateAnswer, "Time ran out for question 1; answers are no longer accepted."))

        // When the timer fires 5 s late, Then the question locks for everyone, at the deadline
        let deadline = room.clock.now
        room.clock.advance(seconds: 5)
        let fired = room.server(.deadline(question))
        #expect(fired.isPersisted)
        #expect(fired.broadcasts == [.questionLocked(question: question, reason: .timeLimit, lockedAt: deadline)])
        #expect(room.lesson.questionInfos[0].state == .locked)
    }

    @Test func anEarlyOrStaleDeadlineTimerChangesNothing() throws {
        // Given a question with a 30 s limit
        var room = try Classroom()
        let question = try room.ask(.population(timeLimit: 30))
        let before = room.lesson

        // When its timer fires after only 10 s, or for a question that does not exist
        room.clock.advance(seconds: 10)
        let early = room.server(.deadline(question))
        let stale = room.server(.deadline(QuestionID(9)))

        // Then nothing happens
        #expect(early.effects.isEmpty && stale.effects.isEmpty)
        #expect(room.lesson == before)
    }

    @Test func theTeacherClosesTheOpenQuestion() throws {
        // Given a question with a time limit
        var room = try Classroom()
        let (ada, _) = try room.join("Ada")
        let question = try room.ask(.population(timeLimit: 60))

        // When the teacher closes it
        let outcome = room.teacher(.closeQuestion(question))

        // Then its timer is cancelled and everyone sees it locked
        #expect(outcome.effects.contains(.cancelDeadline(question)))
        #expect(
            outcome.broadcasts == [
                .questionLocked(question: question, reason: .closedByTeacher, lockedAt: room.clock.now)
            ])
        // And late answers and a second close are refused
        #expect(
            room.student(ada, .answer(question, .number(1))).rejection?.message
                == "Question 1 closed when the teacher closed it; answers are no longer accepted.")
        #expect(room.teacher(.closeQuestion(question)).errorCode == .questionClosed)
    }

    @Test func answersMustMatchTheQuestionsKindAndRange() throws {
        // Given a choice question with four options
        var room = try Classroom()
        let (ada, _) = try room.join("Ada")
        let question = try room.ask(.growShrink())

        // Then a number, an option past the end, or an unknown question are refused
        #expect(room.student(ada, .answer(question, .number(3))).errorCode == .wrongKind)
        #expect(room.student(ada, .answer(question, .choice(4))).errorCode == .outOfRange)
        #expect(room.student(ada, .answer(QuestionID(7), .choice(1))).errorCode == .unknownQuestion)
        room.step()
        let probability = try room.ask(.extinction())
        #expect(room.student(ada, .answer(probability, .probability(1.5))).errorCode == .outOfRange)
    }

    @Test func theHintIsRevealedOnlyToTheStudentWhoTakesItWhileOpen() throws {
        // Given a question with a hint and one without
        var room = try Classroom()
        let (ada, _) = try room.join("Ada")
        let question = try room.ask(.population(hint: "It  grows by\u{1B}[31m 2 each time"))

        // When Ada takes the hint, Then only she gets its (cleaned) text
        let outcome = room.student(ada, .takeHint(question))
        #expect(outcome.isPersisted)
        #expect(outcome.replies == [.hint(question: question, text: "It grows by 2 each time")])
        #expect(outcome.broadcasts.isEmpty)

        // And after the lock there are no more hints; a question without one says so
        room.step()
        #expect(room.student(ada, .takeHint(question)).errorCode == .questionClosed)
        let noHint = try room.ask(.population())
        #expect(room.student(ada, .takeHint(noHint)).errorCode == .noHint)
    }

    @Test func aQuestionResolvesExactlyWhenTheTargetGenerationArrives() throws {
        // Given a question about generation 3, population growing by 2
        var room = try Classroom(.init(drift: 2))
        let question = try room.ask(.population(in: 3))

        // When the simulation steps to 2, Then it is still waiting
        room.step(2)
        #expect(room.lesson.questionInfos[0].state == .locked)

        // When it steps to 5, Then it resolved at 3 with the value there
        let outcome = room.teacher(.step(count: 3))
        let resolution = try #require(
            outcome.broadcasts.compactMap { if case .resolved(let r) = $0 { r } else { nil } }.first)
        #expect(resolution.question == question && resolution.generation == 3 && resolution.actual == 106)
        #expect(room.lesson.questionInfos[0].state == .resolved && room.lesson.questionInfos[0].actual == 106)
    }

    @Test func anExtinctPopulationResolvesItsQuestionsAtExtinction() throws {
        // Given "extinct within 20?" and "population in 20?" while falling by 3 from 6
        var room = try Classroom(.init(start: 6, drift: -3))
        let (ada, _) = try room.join("Ada")
        let extinct = try room.ask(.extinction(in: 20))
        room.student(ada, .answer(extinct, .probability(0.8)))
        room.step()
        let population = try room.ask(.population(in: 20))
        room.student(ada, .answer(population, .number(0)))

        // When it dies out at generation 2
        let outcome = room.teacher(.step(count: 1))

        // Then both resolve now: extinct happened (0.8 → 960 points), population 0
        let resolutions = outcome.broadcasts.compactMap { if case .resolved(let r) = $0 { r } else { nil } }
        #expect(resolutions.map(\.question) == [extinct, population])
        #expect(resolutions.map(\.generation) == [2, 2])
        #expect(resolutions[0].eventHappened == true && resolutions[1].actual == 0)
        let results = outcome.sent(to: .student(ada)).compactMap { if case .result(let r) = $0 { r } else { nil } }
        #expect(results.map(\.points.base) == [960, 1000])
    }

    static let choiceCases: [(drift: Int, start: Int, expected: Int?)] = [
        (2, 100, 1),  // grew
        (-2, 100, 2),  // shrank
        (0, 100, 3),  // stayed: "otherwise"
        (-50, 100, 0),  // died out: "extinct" is listed first, so it wins over "shrink"
    ]

    @Test(arguments: choiceCases)
    func theFirstOptionWhoseConditionHoldsIsTheOutcome(drift: Int, start: Int, expected: Int?) throws {
        // Given grow / shrink / extinct / same asked at generation 0
        var room = try Classroom(.init(start: start, drift: drift))
        try room.ask(.growShrink(in: 2))

        // When the target arrives
        let outcome = room.teacher(.step(count: 2))

        // Then the first matching option is the right one
        let resolution = outcome.broadcasts.compactMap { if case .resolved(let r) = $0 { r } else { nil } }.first
        #expect(resolution?.correctOption == expected)
    }

    @Test func aProbabilityEventCanBeAThresholdRelativeToTheValueWhenAsked() throws {
        // Given "will the population be more than 5 above its current 100 in 3 generations?"
        var room = try Classroom(.init(drift: 2))
        try room.ask(
            QuestionSpec(
                metric: "population", kind: .probability(event: Condition(.gt, 5, ref: .asked)), horizon: 3))

        // When it reaches 106, Then the event happened
        let outcome = room.teacher(.step(count: 3))
        let resolution = outcome.broadcasts.compactMap { if case .resolved(let r) = $0 { r } else { nil } }.first
        #expect(resolution?.eventHappened == true)
    }
}
