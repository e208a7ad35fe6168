// Sources/PetriLesson/SCORING.md quotes these tests: every number in its worked examples is pinned
// here, one test per example. Change a formula and these fail; then update SCORING.md to match.

import PetriProtocol
import PetriSimulation
import Testing

@testable import PetriLesson

@Suite("Scoring worked examples, as quoted in SCORING.md")
struct ScoringWorkedExamplesTests {
    /// A real model's metric, as a question about it would be settled.
    static func metric(_ name: String, of metrics: [MetricDescriptor]) throws -> MetricDescriptor {
        try #require(metrics.first { $0.name == name }, "no metric \(name)")
    }

    // MARK: - Number

    @Test func numberOnMeanTraitUsesATenthOfItsRange0To100() throws {
        // Given "meanTrait in 10 generations?" with no tolerance: meanTrait's range is 0...100 (0 once extinct)
        let meanTrait = try Self.metric("meanTrait", of: CamouflageModel.metrics)
        let tolerance = Scoring.defaultTolerance(for: meanTrait, askedValue: 50)
        #expect(tolerance == 10)

        // When the mean trait turns out 58.5, Then points fall by 100 per trait unit off
        #expect(Scoring.number(prediction: 58.5, actual: 58.5, tolerance: tolerance) == 1000)
        #expect(Scoring.number(prediction: 55, actual: 58.5, tolerance: tolerance) == 650)
        // 11.5 off: past the tolerance
        #expect(Scoring.number(prediction: 70, actual: 58.5, tolerance: tolerance) == 0)
    }

    @Test func numberOnA1To100MetricUsesATolerance9Point9() throws {
        // Given "background colour in 10 generations?" with no tolerance: environmentColour is 1...100
        let colour = try Self.metric("environmentColour", of: CamouflageModel.metrics)
        let tolerance = Scoring.defaultTolerance(for: colour, askedValue: 30)
        #expect(tolerance == 9.9)

        // When it turns out 45, Then 40 (5 off) scores 495: just short of "good", which needs 500
        #expect(Scoring.number(prediction: 40, actual: 45, tolerance: tolerance) == 495)
        #expect(!Scoring.isGood(base: 495, for: .number(tolerance: tolerance)))
    }

    @Test func numberWithNoRangeUsesAFifthOfTheValueWhenAskedAtLeast1() throws {
        // Given "live cells in 5 generations?" asked when there are 120: liveCells has no range
        let liveCells = try Self.metric("liveCells", of: LifeModel.metrics)
        #expect(liveCells.range == nil)
        let tolerance = Scoring.defaultTolerance(for: liveCells, askedValue: 120)
        #expect(tolerance == 24)

        // When there turn out to be 138, Then 130 (8 off) scores 667 and 150 (12 off, half the tolerance) 500
        #expect(Scoring.number(prediction: 130, actual: 138, tolerance: tolerance) == 667)  // 666.67
        #expect(Scoring.number(prediction: 150, actual: 138, tolerance: tolerance) == 500)
        #expect(Scoring.isGood(base: 500, for: .number(tolerance: tolerance)))

        // And asked when there are only 3, the tolerance is 1, not 0.6: only an exact answer scores
        let small = Scoring.defaultTolerance(for: liveCells, askedValue: 3)
        #expect(small == 1)
        #expect(Scoring.number(prediction: 4, actual: 3, tolerance: small) == 0)
    }

    @Test func anAskedQuestionAnnouncesItsSettledDefaultTolerance() throws {
        // Given a population of 120 (no range) and a level metric with range 0...100
        var room = try Classroom(.init(start: 120, drift: 2))

        // When the teacher asks about each with no tolerance
        let population = room.teacher(.ask(.population(in: 5, tolerance: nil)))
        room.step()
        let level = room.teacher(
            .ask(QuestionSpec(metric: "level", kind: .number(tolerance: nil), horizon: 5)))

        // Then the question everyone receives carries the tolerance that will score it
        func kind(_ outcome: LessonOutcome<WalkModel>) -> QuestionKind? {
            outcome.broadcasts.compactMap { if case .question(let info) = $0 { info.kind } else { nil } }.first
        }
        #expect(kind(population) == .number(tolerance: 24))
        #expect(kind(level) == .number(tolerance: 10))
    }

    @Test func aCountWithoutARangeGetsAFifthOfTheValueWhenAskedAsDefaultTolerance() throws {
        // Given camouflage's population, a count with no fixed range (its cap is only a safety limit)
        let population = try Self.metric("population", of: CamouflageModel.metrics)
        #expect(population.range == nil)

        // Then asked at 80, its default tolerance is 16: 70 for 60 scores 375, 150 for 60 scores 0
        let tolerance = Scoring.defaultTolerance(for: population, askedValue: 80)
        #expect(tolerance == 16)
        #expect(Scoring.number(prediction: 70, actual: 60, tolerance: tolerance) == 375)
        #expect(Scoring.number(prediction: 150, actual: 60, tolerance: tolerance) == 0)
    }

    // MARK: - Choice

    @Test func choiceScores1000ForTheFirstOptionThatHoldsElse0() throws {
        // Given extinct / grow / shrink / same about a population of 100 that grows 2 a generation
        var room = try Classroom(.init(drift: 2), options: LessonOptions(speedBonus: false, streakBonus: false))
        let ada = try room.join("Ada").0
        let ben = try room.join("Ben").0
        let question = try room.ask(.growShrink(in: 5))
        room.student(ada, .answer(question, .choice(1)))
        room.student(ben, .answer(question, .choice(2)))

        // When it resolves at 110
        room.step(5)

        // Then "grow" (option 1) was right: Ada 1000, Ben 0
        #expect(room.lesson.rosterEntries.map(\.score) == [1000, 0])
        #expect(Scoring.choice(chosen: 1, correct: 1) == 1000)
        #expect(Scoring.choice(chosen: 2, correct: 1) == 0)
        #expect(Scoring.choice(chosen: 3, correct: nil) == 0)  // no option held: nobody scores
    }

    @Test func choiceAboutAPopulationThatDiesOutMakesExtinctRightNotShrink() throws {
        // Given the same question about a population of 4 that loses 2 a generation
        var room = try Classroom(
            .init(start: 4, drift: -2), options: LessonOptions(speedBonus: false, streakBonus: false))
        let ada = try room.join("Ada").0
        let ben = try room.join("Ben").0
        let question = try room.ask(.growShrink(in: 5))
        room.student(ada, .answer(question, .choice(0)))
        room.student(ben, .answer(question, .choice(2)))

        // When it dies out at generation 2, before the target
        let outcome = room.teacher(.step(count: 5))

        // Then it resolves at once, and "extinct" is right: it is listed before "shrink", which also holds
        let resolution = try #require(
            outcome.broadcasts.compactMap { if case .resolved(let r) = $0 { r } else { nil } }.first)
        #expect(resolution.actual == 0 && resolution.generation == 2 && resolution.correctOption == 0)
        #expect(room.lesson.rosterEntries.map(\.score) == [1000, 0])
    }

    // MARK: - Probability

    @Test func probabilityWhenTheEventHappenedScoresAgainstOutcome1() {
        // "Extinct within 20 generations?" and it died out: o = 1
        #expect(Scoring.probability(0.8, happened: true) == 960)  // 1 − 0.2² = 0.96
        #expect(Scoring.probability(0.3, happened: true) == 510)  // 1 − 0.7² = 0.51
        #expect(Scoring.probability(1, happened: true) == 1000)
    }

    @Test func probabilityWhenTheEventDidNotHappenScoresAgainstOutcome0() {
        // "Extinct within 20 generations?" and it survived: o = 0
        #expect(Scoring.probability(0.8, happened: false) == 360)  // 1 − 0.8² = 0.36
        #expect(Scoring.probability(0.1, happened: false) == 990)  // 1 − 0.1² = 0.99
        #expect(Scoring.probability(0, happened: false) == 1000)
        #expect(Scoring.probability(1, happened: false) == 0)  // a sure wrong answer costs everything
    }

    @Test func probabilityOfOneHalfScores750EitherWayAndIsNotGood() {
        #expect(Scoring.probability(0.5, happened: true) == 750)
        #expect(Scoring.probability(0.5, happened: false) == 750)
        #expect(!Scoring.isGood(base: 750, for: .probability(event: nil)))
        // Leaning the right way, even a little, is good: 0.4 when it did not happen scores 840
        #expect(Scoring.probability(0.4, happened: false) == 840)
        #expect(Scoring.isGood(base: 840, for: .probability(event: nil)))
    }

    // MARK: - Hint, speed, streak

    @Test func theHintHalvesTheBaseWithHalvesRoundingUp() {
        #expect(Scoring.halved(1000) == 500)
        #expect(Scoring.halved(667) == 334)  // 333.5
        #expect(Scoring.halved(495) == 248)  // 247.5
        #expect(Scoring.halved(0) == 0)
    }

    @Test func theSpeedBonusIsAtMost10AndFallsOverTheOpenWindow() {
        // A question open for 40 s
        let window: Int64 = 40_000
        #expect(Scoring.speedBonus(elapsed: 0, window: window) == 10)
        #expect(Scoring.speedBonus(elapsed: 10_000, window: window) == 8)  // 7.5
        #expect(Scoring.speedBonus(elapsed: 20_000, window: window) == 5)
        #expect(Scoring.speedBonus(elapsed: 30_000, window: window) == 3)  // 2.5
        #expect(Scoring.speedBonus(elapsed: 40_000, window: window) == 0)
    }

    @Test func theSpeedBonusBreaksATieBetweenEqualAnswers() throws {
        // Given Zoe and Ann both answer 102 (exact) to a question that is open for 40 s, Zoe at once, Ann after 10 s
        var room = try Classroom(.init(drift: 2))
        let zoe = try room.join("Zoe").0
        let ann = try room.join("Ann").0
        let question = try room.ask(.population(in: 1, tolerance: 10))
        room.student(zoe, .answer(question, .number(102)))
        room.clock.advance(seconds: 10)
        room.student(ann, .answer(question, .number(102)))
        room.clock.advance(seconds: 30)

        // When it resolves
        room.step()

        // Then Zoe 1010 is ahead of Ann 1008
        let board = room.lesson.leaderboard()
        #expect(board.top.map(\.name) == ["Zoe", "Ann"])
        #expect(board.top.map(\.score) == [1010, 1008])
        #expect(board.top.map(\.rank) == [1, 2])
    }

    @Test func theStreakBonusGrowsBy50PerGoodAnswerInARowUpTo200() {
        #expect([1, 2, 3, 4, 5, 6].map(Scoring.streakBonus) == [0, 50, 100, 150, 200, 200])
        // Good: a number scoring 500 or more, the right choice, a probability scoring above 750
        #expect(Scoring.isGood(base: 500, for: .number(tolerance: 10)))
        #expect(!Scoring.isGood(base: 499, for: .number(tolerance: 10)))
        #expect(Scoring.isGood(base: 1000, for: .choice(options: [])))
        #expect(!Scoring.isGood(base: 0, for: .choice(options: [])))
        #expect(Scoring.isGood(base: 760, for: .probability(event: nil)))
        #expect(!Scoring.isGood(base: 750, for: .probability(event: nil)))
    }

    // MARK: - A whole lesson

    /// Ada, Ben, Cy and Dee answer three questions about a population of 100 that grows by 2 a
    /// generation: Q1 "population in 5?" (tolerance 10, a hint; it becomes 110, open 40 s),
    /// Q2 grow/shrink/extinct/same in 1 (it grows, open 20 s), Q3 "extinct in 1?" (no, open 20 s).
    static func threeQuestionLesson(options: LessonOptions) throws -> (
        room: Classroom, ids: [String: StudentID], results: [String: [ScoreBreakdown]], end: LessonOutcome<WalkModel>
    ) {
        var room = try Classroom(.init(drift: 2), options: options)
        var ids: [String: StudentID] = [:]
        for name in ["Ada", "Ben", "Cy", "Dee"] { ids[name] = try room.join(name).0 }
        let ada = try #require(ids["Ada"])
        let ben = try #require(ids["Ben"])
        let cy = try #require(ids["Cy"])
        let dee = try #require(ids["Dee"])
        var results: [String: [ScoreBreakdown]] = [:]
        func collect(_ outcome: LessonOutcome<WalkModel>) {
            for (name, id) in ids {
                for case .result(let result) in outcome.sent(to: .student(id)) {
                    results[name, default: []].append(result.points)
                }
            }
        }

        // Q1: open from 0 s to 40 s, resolves at 110
        let q1 = try room.ask(.population(in: 5, tolerance: 10, hint: "It grows steadily."))
        room.student(ada, .answer(q1, .number(108)))
        room.clock.advance(seconds: 10)
        room.student(ben, .takeHint(q1))
        room.student(ben, .answer(q1, .number(111)))
        room.clock.advance(seconds: 10)
        room.student(dee, .answer(q1, .number(104)))
        room.clock.advance(seconds: 10)
        room.student(cy, .answer(q1, .number(95)))
        room.clock.advance(seconds: 10)
        collect(room.teacher(.step(count: 5)))

        // Q2: open from 40 s to 60 s; "grow" (option 1) is right
        let q2 = try room.ask(.growShrink(in: 1))
        room.student(ada, .answer(q2, .choice(1)))
        room.clock.advance(seconds: 10)
        room.student(ben, .answer(q2, .choice(1)))
        room.student(dee, .answer(q2, .choice(1)))
        room.student(cy, .answer(q2, .choice(2)))
        room.clock.advance(seconds: 10)
        collect(room.teacher(.step(count: 1)))

        // Q3: open from 60 s to 80 s; it does not die out. Cy and Dee do not answer.
        let q3 = try room.ask(.extinction(in: 1))
        room.student(ada, .answer(q3, .probability(0.1)))
        room.student(ben, .answer(q3, .probability(0.5)))
        room.clock.advance(seconds: 20)
        collect(room.teacher(.step(count: 1)))

        let end = room.teacher(.end)
        return (room, ids, results, end)
    }

    @Test func aWholeLessonWithHintSpeedAndStreakBonuses() throws {
        // Given the three-question lesson with both bonuses on
        let (_, _, results, _) = try Self.threeQuestionLesson(options: LessonOptions())

        // Then each answer's breakdown is base (halved with the hint) + speed + streak
        #expect(
            results["Ada"] == [
                ScoreBreakdown(base: 800, hintTaken: false, speed: 10, streak: 0, total: 810),
                ScoreBreakdown(base: 1000, hintTaken: false, speed: 10, streak: 50, total: 1060),
                ScoreBreakdown(base: 990, hintTaken: false, speed: 10, streak: 100, total: 1100),
            ])
        #expect(
            results["Ben"] == [
                ScoreBreakdown(base: 900, hintTaken: true, speed: 8, streak: 0, total: 458),
                ScoreBreakdown(base: 1000, hintTaken: false, speed: 5, streak: 50, total: 1055),
                ScoreBreakdown(base: 750, hintTaken: false, speed: 10, streak: 0, total: 760),
            ])
        #expect(
            results["Cy"] == [
                ScoreBreakdown(base: 0, hintTaken: false, speed: 0, streak: 0, total: 0),
                ScoreBreakdown(base: 0, hintTaken: false, speed: 0, streak: 0, total: 0),
                ScoreBreakdown(base: 0, hintTaken: false, speed: 0, streak: 0, total: 0),
            ])
        #expect(
            results["Dee"] == [
                ScoreBreakdown(base: 400, hintTaken: false, speed: 5, streak: 0, total: 405),
                ScoreBreakdown(base: 1000, hintTaken: false, speed: 5, streak: 0, total: 1005),
                ScoreBreakdown(base: 0, hintTaken: false, speed: 0, streak: 0, total: 0),
            ])
    }

    @Test func aWholeLessonEndsWithAClosingMessageByShareOfThePossibleScore() throws {
        // Given the three-question lesson with both bonuses on, ended by the teacher
        let (room, ids, _, end) = try Self.threeQuestionLesson(options: LessonOptions())

        // Then the board is Ada 2970, Ben 2273, Dee 1410, Cy 0
        let board = room.lesson.leaderboard()
        #expect(board.top.map(\.name) == ["Ada", "Ben", "Dee", "Cy"])
        #expect(board.top.map(\.score) == [2970, 2273, 1410, 0])
        #expect(board.top.map(\.rank) == [1, 2, 3, 4])

        // And each closing message follows the share of 3 × 1000 possible
        func closing(_ name: String) -> Closing? {
            guard let id = ids[name] else { return nil }
            return end.sent(to: .student(id)).compactMap { if case .closing(let c) = $0 { c } else { nil } }.first
        }
        #expect(closing("Ada")?.possible == 3000)
        #expect(closing("Ada")?.message.text.hasPrefix("Outstanding!") == true)  // 99%
        #expect(closing("Ben")?.message.text.hasPrefix("Great predictions") == true)  // 75.8%
        #expect(closing("Dee")?.message.text.hasPrefix("Good effort") == true)  // 47%
        #expect(closing("Cy")?.message.text.hasPrefix("Keep experimenting") == true)  // 0%
    }

    @Test func aWholeLessonWithBothBonusesOff() throws {
        // Given the three-question lesson with speedBonus and streakBonus false
        let (room, _, results, _) = try Self.threeQuestionLesson(
            options: LessonOptions(speedBonus: false, streakBonus: false))

        // Then only the formula and the hint count
        #expect(results["Ben"]?.map(\.total) == [450, 1000, 750])
        let board = room.lesson.leaderboard()
        #expect(board.top.map(\.name) == ["Ada", "Ben", "Dee", "Cy"])
        #expect(board.top.map(\.score) == [2790, 2200, 1400, 0])
    }

    // MARK: - Leaderboard

    @Test func equalScoresShareARankAndTheNextRankIsSkipped() throws {
        // Given one exact question (tolerance 10, it becomes 102) with both bonuses off:
        // Zoe and Ann answer 102, Bob 97, Cat 130, Dan nothing
        var room = try Classroom(.init(drift: 2), options: LessonOptions(speedBonus: false, streakBonus: false))
        var ids: [String: StudentID] = [:]
        for name in ["Zoe", "Ann", "Bob", "Cat", "Dan"] { ids[name] = try room.join(name).0 }
        let question = try room.ask(.population(in: 1, tolerance: 10))
        for (name, prediction) in [("Zoe", 102.0), ("Ann", 102), ("Bob", 97), ("Cat", 130)] {
            room.student(try #require(ids[name]), .answer(question, .number(prediction)))
        }
        room.step()

        // Then the ranks are 1, 1, 3, 4, 4, by name within a rank
        let board = room.lesson.leaderboard()
        #expect(board.top.map(\.name) == ["Ann", "Zoe", "Bob", "Cat", "Dan"])
        #expect(board.top.map(\.score) == [1000, 1000, 500, 0, 0])
        #expect(board.top.map(\.rank) == [1, 1, 3, 4, 4])
    }
}
