import PetriProtocol
import PetriSimulation
import Testing

@testable import PetriLesson

@Suite("Scoring: the formulas with worked examples, hint, tie-break and streak")
struct ScoringTests {
    @Test func numberPointsFallLinearlyToZeroAtTheTolerance() {
        // round(1000 × max(0, 1 − |p − a| / tolerance))
        #expect(Scoring.number(prediction: 100, actual: 100, tolerance: 10) == 1000)
        #expect(Scoring.number(prediction: 95, actual: 100, tolerance: 10) == 500)
        #expect(Scoring.number(prediction: 103, actual: 100, tolerance: 8) == 625)
        #expect(Scoring.number(prediction: 100, actual: 96.7, tolerance: 9.9) == 667)  // 666.67 rounds up
        #expect(Scoring.number(prediction: 88, actual: 100, tolerance: 10) == 0)
    }

    @Test func choicePointsAreAllOrNothing() {
        // Given the right option 2, Then only choosing it scores, and with no right option nobody scores
        #expect(Scoring.choice(chosen: 2, correct: 2) == 1000)
        #expect(Scoring.choice(chosen: 1, correct: 2) == 0)
        #expect(Scoring.choice(chosen: 1, correct: nil) == 0)
    }

    @Test func probabilityPointsAreTheBrierScoreScaledToAThousand() {
        // round(1000 × (1 − (p − o)²))
        #expect(Scoring.probability(0.7, happened: true) == 910)
        #expect(Scoring.probability(0.7, happened: false) == 510)
        #expect(Scoring.probability(0.5, happened: true) == 750)
        #expect(Scoring.probability(0.25, happened: false) == 938)  // 937.5 rounds away from zero
        #expect(Scoring.probability(1, happened: true) == 1000)
        #expect(Scoring.probability(1, happened: false) == 0)
    }

    @Test func hintHalvesSpeedAndStreakBonusesAreSmallAndCapped() {
        #expect([1000, 625, 1, 0].map(Scoring.halved) == [500, 313, 1, 0])
        // round(10 × (1 − elapsed / window))
        #expect(Scoring.speedBonus(elapsed: 0, window: 40_000) == 10)
        #expect(Scoring.speedBonus(elapsed: 10_000, window: 40_000) == 8)  // 7.5 rounds up
        #expect(Scoring.speedBonus(elapsed: 40_000, window: 40_000) == 0)
        #expect(Scoring.speedBonus(elapsed: 5, window: 0) == 0)
        // min(50 × (streak − 1), 200)
        #expect([1, 2, 3, 5, 9].map(Scoring.streakBonus) == [0, 50, 100, 200, 200])
    }

    @Test func theDefaultToleranceIsATenthOfTheRangeOrAFifthOfTheValueWhenAsked() {
        // Given a bounded and an unbounded metric, Then the defaults are 10% of the range or 20% of the value (at least 1)
        let level = MetricDescriptor(name: "level", description: "", unit: "", range: 0...100)
        let population = MetricDescriptor(name: "population", description: "", unit: "", range: nil)
        #expect(Scoring.defaultTolerance(for: level, askedValue: 40) == 10)
        #expect(Scoring.defaultTolerance(for: population, askedValue: 120) == 24)
        #expect(Scoring.defaultTolerance(for: population, askedValue: 2) == 1)
    }

    @Test func aMetricThatStatesItsOwnToleranceGetsIt() throws {
        // Given beak depth, bounded 0-14 mm but moved only 0.3-0.8 mm by a drought
        let depth = try #require(BeaksModel.metrics.first { $0.name == "meanBeakDepth" })
        // Then its default is its own 0.3 mm, not a tenth of its range (1.4 mm)
        #expect(depth.tolerance == 0.3)
        #expect(Scoring.defaultTolerance(for: depth, askedValue: 9.2) == 0.3)
        // And a metric without one keeps the rule
        let food = try #require(BeaksModel.metrics.first { $0.name == "foodMatchedFraction" })
        #expect(Scoring.defaultTolerance(for: food, askedValue: 0.4) == 0.1)
    }

    /// Ada, Ben and Cy answer "population in 5" (it will be 110) at 0 s, 20 s and 30 s;
    /// Ben takes the hint; the teacher steps at 40 s. Then Ada alone answers a second one.
    static func workedExample(options: LessonOptions) throws -> (Classroom, [StudentID]) {
        var room = try Classroom(.init(drift: 2), options: options)
        let ada = try room.join("Ada").0
        let ben = try room.join("Ben").0
        let cy = try room.join("Cy").0
        let first = try room.ask(.population(in: 5, tolerance: 10, hint: "+2 a generation"))
        room.student(ada, .answer(first, .number(110)))
        room.clock.advance(seconds: 20)
        room.student(ben, .takeHint(first))
        room.student(ben, .answer(first, .number(106)))
        room.clock.advance(seconds: 10)
        room.student(cy, .answer(first, .number(130)))
        room.clock.advance(seconds: 10)
        room.step(5)
        let second = try room.ask(.population(in: 1, tolerance: 10))
        room.student(ada, .answer(second, .number(112)))
        room.clock.advance(seconds: 10)
        room.step()
        return (room, [ada, ben, cy])
    }

    @Test func aWorkedLessonWithHintSpeedAndStreak() throws {
        // Given the worked example with both bonuses on
        let (room, ids) = try Self.workedExample(options: LessonOptions())

        // Then question 1: Ada 1000 + 10 speed; Ben 600 halved to 300 + 5 speed; Cy 0
        // And question 2: Ada 1000 + 10 speed + 50 for her second good answer in a row
        let scores = Dictionary(uniqueKeysWithValues: room.lesson.rosterEntries.map { ($0.student, $0.score) })
        #expect(ids.map { scores[$0] } == [2070, 305, 0])
        let streaks = room.lesson.rosterEntries.map(\.streak)
        #expect(streaks == [2, 0, 0])  // Ben and Cy did not answer question 2: streak broken
    }

    @Test func theBonusesCanBeSwitchedOff() throws {
        // Given the worked example without speed or streak bonuses
        let (room, _) = try Self.workedExample(options: LessonOptions(speedBonus: false, streakBonus: false))

        // Then only the formula and the hint count
        #expect(room.lesson.rosterEntries.map(\.score) == [2000, 300, 0])
    }

    @Test func eachStudentGetsTheirOwnBreakdownRankAndLine() throws {
        // Given question 1 of the worked example, resolving at generation 5
        var room = try Classroom(.init(drift: 2))
        let ada = try room.join("Ada").0
        let ben = try room.join("Ben").0
        let question = try room.ask(.population(in: 1, tolerance: 10, hint: "+2"))
        room.student(ben, .takeHint(question))
        room.student(ben, .answer(question, .number(101)))
        room.clock.advance(seconds: 10)

        // When it resolves
        let outcome = room.teacher(.step(count: 1))

        // Then Ben's result shows 900 halved to 450, plus 10 for answering at once
        let result = try #require(
            outcome.sent(to: .student(ben)).compactMap { if case .result(let r) = $0 { r } else { nil } }.first)
        #expect(result.points == ScoreBreakdown(base: 900, hintTaken: true, speed: 10, streak: 0, total: 460))
        #expect(result.prediction == .number(101))
        #expect(result.standing == LeaderboardEntry(rank: 1, student: ben, name: "Ben", score: 460))
        // And Ada, who did not answer, gets zero points and her place
        let adaResult = outcome.sent(to: .student(ada)).compactMap { if case .result(let r) = $0 { r } else { nil } }
            .first
        #expect(adaResult?.points.total == 0 && adaResult?.standing.rank == 2 && adaResult?.prediction == nil)
    }

    @Test func onlyTheLastAnswerIsScoredOnce() throws {
        // Given Ada changes her answer twice before the lock
        var room = try Classroom(.init(drift: 2), options: LessonOptions(speedBonus: false))
        let ada = try room.join("Ada").0
        let question = try room.ask(.population(in: 1, tolerance: 10))
        room.student(ada, .answer(question, .number(90)))
        room.student(ada, .answer(question, .number(150)))
        room.student(ada, .answer(question, .number(102)))

        // When it resolves (and later generations pass), Then she scored once, for 102
        room.step(3)
        #expect(room.lesson.rosterEntries[0].score == 1000)
    }
}
