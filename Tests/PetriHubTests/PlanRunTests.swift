import PetriHubTesting
import PetriLesson
import PetriProtocol
import PetriSimulation
import PetriWords
import Testing

/// Running a lesson plan: teacher-paced and automatic runs agree, a rebuilt lesson continues the plan exactly, and
/// the teacher can step off the plan and back.
@Suite struct PlanRunTests {
    static let moths = ShippedPlans.files.first { $0.name == "peppered-moths" }?.text ?? ""

    @Test func teacherPacedAndAutomaticRunsAskTheSameQuestionsAtTheSameGenerations() throws {
        // Given the peppered-moths plan with one seed, run once at the teacher's pace and once by itself
        var paced = try PlanDriver<CamouflageModel>(text: Self.moths, seed: 1848, pace: .teacher, source: ())
        var auto = try PlanDriver<CamouflageModel>(text: Self.moths, seed: 1848, pace: .auto, source: ())
        try paced.join(3)
        try auto.join(3)
        // When each runs to the end with three students answering
        let pacedFinished = paced.runToEnd()
        #expect(pacedFinished)
        let autoFinished = auto.runToEnd()
        #expect(autoFinished)
        // Then both asked the plan's six questions at the same generations, with the same outcomes
        #expect(paced.asked.count == 6)
        #expect(paced.asked == auto.asked)
        #expect(paced.asked.map(\.askedAt) == [4, 10, 20, 30, 35, 45])
        #expect(paced.resolved.map(\.0) == auto.resolved.map(\.0))
        #expect(paced.resolved.map(\.1) == auto.resolved.map(\.1))
        #expect(paced.resolved.count == 6)
        #expect(paced.lesson.stateHash == auto.lesson.stateHash)
        #expect(paced.lesson.generation == 55)
        #expect(paced.lesson.planState?.skipped == [])
        #expect(paced.explanations == auto.explanations)
        #expect(paced.explanations.count == 4)
    }

    /// Runs the shipped plan `name` of a model to its end with three students, for several seeds.
    static func runShipped<M: SteppingModel>(_ name: String, _ model: M.Type, source: M.Source) throws {
        let text = try #require(ShippedPlans.files.first { $0.name == name }).text
        let plan = try PlanReader.read(text).get()
        let questions = plan.moments.filter { if case .ask = $0.action { true } else { false } }.count
        for seed in UInt64(1)...5 {
            var driver = try PlanDriver<M>(text: text, seed: seed, pace: .teacher, source: source)
            try driver.join(3)
            let finished = driver.runToEnd()
            #expect(finished, "\(name), seed \(seed)")
            #expect(driver.lesson.planState?.skipped == [], "\(name), seed \(seed): \(driver.teacherErrors)")
            #expect(driver.asked.count == questions, "\(name), seed \(seed)")
            #expect(driver.resolved.count == questions, "\(name), seed \(seed)")
        }
    }

    @Test func everyShippedPlanRunsToItsEndWithNoMomentSkipped() throws {
        try Self.runShipped("demo", CamouflageModel.self, source: ())
        try Self.runShipped("peppered-moths", CamouflageModel.self, source: ())
        try Self.runShipped("antibiotic-course", ResistanceModel.self, source: ())
        try Self.runShipped("finch-beaks", BeaksModel.self, source: ())
        try Self.runShipped("desert-mice", MiceModel.self, source: ())
    }

    @Test func anAutomaticPlanWaitsForTheTimeLimitWhenNotEveryoneAnswered() throws {
        // Given the demo plan running itself, with a class that never answers
        var driver = try PlanDriver<CamouflageModel>(
            text: ShippedPlans.files[0].text, seed: 1848, pace: nil, source: ())
        try driver.join(2)
        driver.teacher(.plan(.next))
        while driver.lesson.autoRunRate != nil { driver.tick() }
        // Then the plan asked its first question at generation 6 and waits for it
        #expect(driver.asked.map(\.askedAt) == [6])
        #expect(driver.lesson.planState?.waiting == "question")
        // When its time limit runs out
        let closes = try #require(driver.openQuestion?.closesAt)
        driver.now = closes
        driver.send(.deadline(driver.asked[0].id), as: .server)
        // Then the plan runs on to its next question by itself
        #expect(driver.lesson.autoRunRate != nil)
        while driver.lesson.autoRunRate != nil { driver.tick() }
        #expect(driver.asked.map(\.askedAt) == [6, 12])
    }

    @Test func aRebuiltLessonContinuesThePlanWhereItWas() throws {
        // Given a plan run part of the way (automatic, so the plan itself moves on ticks and answers)
        var driver = try PlanDriver<CamouflageModel>(text: Self.moths, seed: 7, pace: .auto, source: ())
        try driver.join(3)
        let partway = driver.runToEnd(limit: 40)
        #expect(!partway)
        let state = try #require(driver.lesson.planState)
        #expect(state.next > 0)
        // When the lesson is rebuilt from its log, and from its saved state, as after a restart
        let fromLog = try Lesson<CamouflageModel>.rebuild(
            definition: driver.definition, teacherToken: driver.teacherToken, configuration: driver.configuration,
            log: driver.log, source: ())
        let fromState = try Lesson<CamouflageModel>(
            restoring: driver.lesson.checkpoint(), teacherToken: driver.teacherToken,
            configuration: driver.configuration, source: ())
        // Then both stand at the same moment of the plan, in the same state
        #expect(fromLog.planState == state)
        #expect(fromState.planState == state)
        #expect(fromLog.stateHash == driver.lesson.stateHash)
        // And the restored lesson runs the rest of the plan exactly as the original does
        var restored = driver
        restored.lesson = fromState
        let driverFinished = driver.runToEnd()
        #expect(driverFinished)
        let restoredFinished = restored.runToEnd()
        #expect(restoredFinished)
        #expect(restored.asked == driver.asked)
        #expect(restored.resolved.map(\.1) == driver.resolved.map(\.1))
        #expect(restored.lesson.stateHash == driver.lesson.stateHash)
    }

    @Test func steppingOffThePlanAndBackKeepsTheTimelineRight() throws {
        // Given the peppered-moths plan at the teacher's pace
        var driver = try PlanDriver<CamouflageModel>(text: Self.moths, seed: 11, pace: .teacher, source: ())
        try driver.join(3)
        // When the teacher shows the story and starts the run to generation 4, then pauses it at generation 2
        driver.teacher(.plan(.next))
        driver.teacher(.plan(.next))
        #expect(driver.lesson.planState?.waiting == "run")
        driver.tick()
        driver.tick()
        driver.teacher(.pause)
        #expect(driver.lesson.generation == 2)
        // And asks a question of their own, off the plan, and closes it
        driver.teacher(.ask(QuestionSpec(metric: "population", kind: .number(tolerance: nil), horizon: 1)))
        let extra = try #require(driver.openQuestion)
        driver.teacher(.closeQuestion(extra.id))
        // Then Next rejoins the plan: the run goes on to generation 4 and stops there
        #expect(driver.teacher(.plan(.next)).rejection == nil)
        while driver.lesson.autoRunRate != nil { driver.tick() }
        #expect(driver.lesson.generation == 4)
        #expect(driver.lesson.planState?.next == 2)
        #expect(driver.lesson.planState?.waiting == "none")
        // And the plan's own question comes next, at generation 4, as planned
        driver.teacher(.plan(.next))
        #expect(driver.asked.map(\.askedAt) == [2, 4])
        #expect(driver.asked.last?.metric == "meanTrait")
        // When the teacher skips the reveal, the skip is remembered and the plan goes on with the run to 10
        driver.teacher(.plan(.skip))
        #expect(driver.lesson.planState?.skipped == [3])
        #expect(driver.lesson.skippedPlanMoments == [3])
        driver.teacher(.plan(.next))
        while driver.lesson.autoRunRate != nil { driver.tick() }
        #expect(driver.lesson.generation == 10)
        #expect(driver.lesson.planState?.next == 5)
        // And the report says which plan ran and which moment was skipped
        #expect(
            driver.lesson.report().plan
                == "The lesson ran the plan \"Peppered moths and the Industrial Revolution, in 6 questions\": 5 of its "
                + "\(driver.lesson.planState?.moments.count ?? 0) moments were reached; skipped: moment 4 (line 35).")
    }

    @Test func aNextWhileThePlansRunIsUnderWayIsRefusedAndChangesNothing() throws {
        var driver = try PlanDriver<CamouflageModel>(text: Self.moths, seed: 3, pace: .teacher, source: ())
        driver.teacher(.plan(.next))
        driver.teacher(.plan(.next))
        let before = driver.lesson
        // When the teacher presses Next while the plan is running to generation 4
        let outcome = driver.teacher(.plan(.next))
        // Then it is refused with a sentence, and the lesson is as it was
        #expect(outcome.rejection?.code == .invalidAction)
        #expect(outcome.rejection?.message.contains("running to generation 4") == true)
        #expect(driver.lesson == before)
    }

    /// A plan whose class is the selection: a hunt, a question about what it did, a run (every generation of which
    /// is a hunt), and another hunt with the round's defaults.
    static let hunting = """
        title: The class hunts
        model: camouflage
        parameters: {population: 200}
        options: {selection: class}
        moments:
          - run: 2
          - hunt: {seconds: 20, catches: 2}
          - ask: {kind: number, metric: population, horizon: 2}
          - run: 5
          - hunt
        """

    @Test func aPlansHuntsHappenAtTheSameGenerationsTeacherPacedAndAutomatic() throws {
        // Given the hunting plan with one seed, run once at the teacher's pace and once by itself, three students
        var paced = try PlanDriver<CamouflageModel>(text: Self.hunting, seed: 7, pace: .teacher, source: ())
        var auto = try PlanDriver<CamouflageModel>(text: Self.hunting, seed: 7, pace: .auto, source: ())
        try paced.join(3)
        try auto.join(3)
        // When each runs to its end, the class catching its allowance in every round
        let pacedFinished = paced.runToEnd()
        let autoFinished = auto.runToEnd()
        #expect(pacedFinished)
        #expect(autoFinished)
        // Then both hunted in the same rounds at the same generations, with the plan's catches, and caught as much
        #expect(paced.hunts == auto.hunts)
        #expect(paced.hunts.map(\.generation) == [0, 1, 2, 3, 4, 5])
        #expect(paced.hunts[2] == PlanDriver<CamouflageModel>.HuntStarted(round: 3, generation: 2, catches: 2))
        #expect(paced.hunts.last?.catches == 3)
        #expect(paced.caught == auto.caught)
        #expect(paced.caught.allSatisfy { $0 > 0 })
        #expect(paced.asked.map(\.askedAt) == [3])
        #expect(paced.asked == auto.asked)
        #expect(paced.lesson.stateHash == auto.lesson.stateHash)
        #expect(paced.lesson.generation == 6)
        #expect(paced.lesson.planState?.skipped == [])
        #expect(paced.teacherErrors.isEmpty)
    }

    @Test func thePlanWaitsForItsHuntAndNextDuringTheRoundIsRefused() throws {
        // Given the hunting plan at the teacher's pace, run to its first hunt moment
        var driver = try PlanDriver<CamouflageModel>(text: Self.hunting, seed: 7, pace: .teacher, source: ())
        try driver.join(2)
        driver.teacher(.plan(.next))
        while driver.lesson.autoRunRate != nil || driver.lesson.huntInfo != nil {
            if driver.lesson.huntInfo != nil { driver.huntRound() } else { driver.tick() }
        }
        driver.teacher(.plan(.next))
        // Then the plan's round is under way, with its length and catches, and the plan waits for it
        let round = try #require(driver.lesson.huntInfo)
        #expect(round.catches == 2)
        #expect(round.seconds == 20)
        #expect(driver.lesson.planState?.waiting == "hunt")
        #expect(driver.lesson.planState?.next == 2)
        // When the teacher presses Next during the round
        let refused = driver.teacher(.plan(.next)).rejection
        // Then it is refused with a sentence, and the plan has not moved
        #expect(refused?.code == .invalidAction)
        #expect(driver.lesson.planState?.next == 2)
        // When the class has hunted, Then the plan waits for the teacher again, one generation on
        driver.huntRound()
        #expect(driver.lesson.huntInfo == nil)
        #expect(driver.lesson.planState?.waiting == "none")
        #expect(driver.lesson.generation == 3)
        // And a rebuilt lesson (a restart replaying the log) stands at the same moment with the same population
        let rebuilt = try Lesson<CamouflageModel>.rebuild(
            definition: driver.definition, teacherToken: driver.teacherToken, configuration: driver.configuration,
            log: driver.log, source: ())
        #expect(rebuilt.stateHash == driver.lesson.stateHash)
        #expect(rebuilt.planState == driver.lesson.planState)
    }

    @Test func aRunThatEndsOnTheWaySkipsItsMomentWithTheModelsSentenceInTheTeachersLanguage() throws {
        // Given a full course of antibiotic, which cures the infection long before generation 40 (seed 1)
        let plan = """
            title: A full course
            model: resistance
            scenario: full-course
            pace: teacher
            moments:
              - run: 40
              - explain:
                  title: Cured
                  text: What happened to the most resistant bacteria?
            """
        var driver = try PlanDriver<ResistanceModel>(text: plan, seed: 1, pace: .teacher, source: ())
        // When it runs to its end
        _ = driver.runToEnd()
        // Then the run is skipped, and the teacher is told why with the model's own sentence, in English by
        // default and in Welsh for a Welsh reader
        #expect(driver.lesson.planState?.skipped == [0])
        let skip = try #require(driver.teacherErrors.first { $0.code == .runOver })
        let welsh = try #require(Language("cy"))
        let cured = "resistance.words.extinct"
        #expect(skip.message.contains(ModelWords.book.text(cured, in: .english)))
        #expect(skip.rendered(in: welsh).message.contains(ModelWords.book.text(cured, in: welsh)))
        #expect(ModelWords.book.text(cured, in: welsh) != ModelWords.book.text(cured, in: .english))
    }

    @Test func aLessonWithoutAPlanRefusesPlanSteps() throws {
        var driver = try PlanDriver<CamouflageModel>(text: Self.moths, seed: 3, pace: .teacher, source: ())
        var configuration = driver.configuration
        configuration.plan = nil
        driver.lesson = try Lesson(
            definition: driver.definition, teacherToken: driver.teacherToken, configuration: configuration, source: ())
        #expect(driver.teacher(.plan(.next)).rejection?.code == .notAuthorised)
        #expect(driver.lesson.planState == nil)
    }
}
