// Sources/PetriLesson/SCORING.md quotes the first tests here: every number of its range examples is pinned.

import PetriProtocol
import PetriSimulation
import PetriWords
import Testing

@testable import PetriLesson

@Suite("Range questions: the interval score, asking, answering, the spread, the report")
struct RangeQuestionTests {
    private static func metric(_ name: String, of metrics: [MetricDescriptor]) throws -> MetricDescriptor {
        try #require(metrics.first { $0.name == name }, "no metric \(name)")
    }

    // MARK: - Worked examples of SCORING.md

    @Test func rangeOnMeanTraitCostsATenthOfItsWidthAndTheWholeMiss() throws {
        // Given "meanTrait in 10 generations, 80% sure" with no tolerance: 10, as for a number
        let meanTrait = try Self.metric("meanTrait", of: CamouflageModel.metrics)
        let tolerance = Scoring.defaultTolerance(for: meanTrait, askedValue: 50)
        #expect(tolerance == 10)
        func points(_ lower: Double, _ upper: Double) -> Int {
            Scoring.range(lower: lower, upper: upper, actual: 58.5, confidence: 80, tolerance: tolerance)
        }

        // When it turns out 58.5
        #expect(points(55, 60) == 950)  // 0.1 × 5
        #expect(points(50, 65) == 850)  // 0.1 × 15
        #expect(points(60, 70) == 750)  // miss 1.5 + 0.1 × 10
        #expect(points(58.5, 58.5) == 1000)
        // Then a range of no width scores what the same number scores
        #expect(points(55, 55) == 650)
        #expect(points(55, 55) == Scoring.number(prediction: 55, actual: 58.5, tolerance: tolerance))
        // And the whole range 0-100 costs 10, the tolerance
        #expect(points(0, 100) == 0)
    }

    @Test func rangeOnLiveCellsCostsLessWidthTheSurerItIsAsked() throws {
        // Given "liveCells in 5 generations" asked at 120: tolerance 24
        let liveCells = try Self.metric("liveCells", of: LifeModel.metrics)
        let tolerance = Scoring.defaultTolerance(for: liveCells, askedValue: 120)
        #expect(tolerance == 24)

        // When there turn out to be 138
        #expect(Scoring.range(lower: 110, upper: 150, actual: 138, confidence: 80, tolerance: tolerance) == 833)
        #expect(Scoring.range(lower: 110, upper: 150, actual: 138, confidence: 95, tolerance: tolerance) == 958)
        #expect(Scoring.range(lower: 110, upper: 150, actual: 138, confidence: 50, tolerance: tolerance) == 583)
        // Then a range that misses by 8 pays the miss and a tenth of its width of 30
        #expect(Scoring.range(lower: 100, upper: 130, actual: 138, confidence: 80, tolerance: tolerance) == 542)
        #expect(Scoring.isGood(base: 542, for: .range(confidence: 80, tolerance: tolerance)))
        #expect(!Scoring.isGood(base: 499, for: .range(confidence: 80, tolerance: tolerance)))
    }

    @Test func theRangeScoreIsTotalOnExtremeDoubles() {
        let huge = Double.greatestFiniteMagnitude
        #expect(Scoring.range(lower: -huge, upper: huge, actual: 0, confidence: 80, tolerance: 1) == 0)
        #expect(Scoring.range(lower: .nan, upper: 1, actual: 0, confidence: 80, tolerance: 1) == 0)
        #expect(Scoring.range(lower: 0, upper: 1, actual: .infinity, confidence: 80, tolerance: 1) == 0)
        #expect(Scoring.range(lower: 3, upper: 3, actual: 3, confidence: 80, tolerance: 0) == 1000)
    }

    // MARK: - In a lesson

    @Test func anAskedRangeSettlesTo80PercentAndTheNumbersTolerance() throws {
        var room = try Classroom(.init(start: 100, drift: 2))
        let outcome = room.teacher(
            .ask(QuestionSpec(metric: "population", kind: .range(confidence: nil, tolerance: nil), horizon: 5)))
        let info = try #require(
            outcome.broadcasts.compactMap { if case .question(let q) = $0 { q } else { nil } }.first)
        // 100 / 5 = 20, as a number question about the population would get
        #expect(info.kind == .range(confidence: 80, tolerance: 20))
    }

    @Test func aTeacherCannotAskForARangeSureOutside50To99() throws {
        var room = try Classroom()
        for confidence in [49, 100, 0] {
            let outcome = room.teacher(
                .ask(
                    QuestionSpec(metric: "population", kind: .range(confidence: confidence, tolerance: nil), horizon: 5)
                ))
            #expect(outcome.errorCode == .invalidQuestion)
            #expect(outcome.rejection?.message.contains("50 to 99 percent") == true)
        }
    }

    @Test func aReversedOrOutOfRangeOrWrongKindRangeIsRefusedAndLosesNothing() throws {
        var room = try Classroom(.init(start: 100, drift: 2))
        let (ada, _) = try room.join("Ada")
        let range = try room.ask(QuestionSpec(metric: "level", kind: .range(confidence: 80, tolerance: 10), horizon: 2))
        room.student(ada, .answer(range, .range(lower: 40, upper: 60)))

        let reversed = room.student(ada, .answer(range, .range(lower: 60, upper: 40)))
        #expect(reversed.errorCode == .outOfRange)
        #expect(reversed.rejection?.message == "The lower end of a range comes first: 40 to 60, not 60 to 40.")
        // A Welsh reader gets it in Welsh, an Arabic one in Arabic (the refusal keeps its catalog words)
        #expect(
            reversed.rejection?.message(in: try #require(Language("cy")))
                == "Daw pen isaf amrediad yn gyntaf: 40 i 60, nid 60 i 40.")
        let outside = room.student(ada, .answer(range, .range(lower: 40, upper: 160)))
        #expect(outside.errorCode == .outOfRange)
        #expect(outside.rejection?.message.hasPrefix("Both ends of a range for level must be between") == true)
        #expect(outside.rejection?.message(in: try #require(Language("ar"))).hasPrefix("يجب أن يقع طرفا المدى") == true)
        #expect(room.student(ada, .answer(range, .number(50))).errorCode == .wrongKind)

        // The first answer stands
        room.step(2)
        let report = room.lesson.report()
        #expect(report.students.first?.points[range] != nil)
    }

    @Test func aResolvedRangeScoresSpreadsAsIntervalsAndCountsWhoHeldIt() throws {
        // Given a population of 100 growing by 2: 110 in 5 generations
        var room = try Classroom(
            .init(start: 100, drift: 2), options: LessonOptions(speedBonus: false, streakBonus: false))
        let (ada, _) = try room.join("Ada")
        let (ben, _) = try room.join("Ben")
        let (cy, _) = try room.join("Cy")
        let q = try room.ask(
            QuestionSpec(metric: "population", kind: .range(confidence: 80, tolerance: 10), horizon: 5))
        room.student(ada, .answer(q, .range(lower: 105, upper: 115)))  // holds: 0.1 × 10 → 900
        room.student(ben, .answer(q, .range(lower: 100, upper: 104)))  // misses by 6, width 4: 6.4 → 360
        room.student(cy, .answer(q, .range(lower: 90, upper: 130)))  // holds: 0.1 × 40 → 600
        room.teacher(.step(count: 4))
        let outcome = room.teacher(.step(count: 1))

        let resolution = try #require(
            outcome.broadcasts.compactMap { if case .resolved(let r) = $0 { r } else { nil } }.first)
        #expect(resolution.actual == 110)
        #expect(resolution.spread.answers == 3)
        #expect(resolution.spread.held == 2)
        #expect(
            resolution.spread.intervals == [
                SpreadInterval(lower: 90, upper: 130), SpreadInterval(lower: 100, upper: 104),
                SpreadInterval(lower: 105, upper: 115),
            ])
        let points = { (id: StudentID) in
            outcome.sent(to: .student(id)).compactMap { if case .result(let r) = $0 { r.points.base } else { nil } }
        }
        #expect(points(ada) == [900])
        #expect(points(ben) == [360])
        #expect(points(cy) == [600])

        // And the report counts the ranges that held against the 80% asked
        room.teacher(.end)
        let report = room.lesson.report()
        let held = report.students.map { ($0.name, $0.calibration.rangesHeld, $0.calibration.ranges) }
        #expect(held.map(\.1) == [1, 0, 1] && held.map(\.2) == [1, 1, 1])
        #expect(report.classCalibration.rangeShare == 2.0 / 3)
        #expect(report.classCalibration.rangeConfidence == 80)
        #expect(report.csv.contains("ranges held"))
        #expect(report.csv.contains("1 of 1 (100%; asked 80%)"))
        #expect(report.data.calibration.ranges == .init(count: 3, held: 2, confidence: 80))
    }

    @Test func aSpreadOfManyRangesListsAHundredEvenlyPickedKeepingBothEnds() throws {
        var room = try Classroom(.init(start: 100, drift: 0))
        var ids: [StudentID] = []
        for i in 0..<150 { ids.append(try room.join("S\(i)").0) }
        let q = try room.ask(
            QuestionSpec(metric: "population", kind: .range(confidence: 80, tolerance: 10), horizon: 1))
        for (i, id) in ids.enumerated() {
            room.student(id, .answer(q, .range(lower: Double(i), upper: Double(i) + 100)))
        }
        let outcome = room.teacher(.step(count: 1))
        let spread = try #require(
            outcome.broadcasts.compactMap { if case .resolved(let r) = $0 { r.spread } else { nil } }.first)
        #expect(spread.answers == 150)
        #expect(spread.intervals?.count == Spread.maxIntervals)
        #expect(spread.intervals?.first?.lower == 0 && spread.intervals?.last?.lower == 149)
        // 100 held by [0,100] ... [100,200]: 101 of them
        #expect(spread.held == 101)
    }

    @Test func aLessonWithRangesSavesAndRestoresExactly() throws {
        var room = try Classroom(.init(start: 100, drift: 2))
        let (ada, _) = try room.join("Ada")
        let resolved = try room.ask(
            QuestionSpec(metric: "population", kind: .range(confidence: 90, tolerance: nil), horizon: 1))
        room.student(ada, .answer(resolved, .range(lower: 99.5, upper: 104.25)))
        room.step(1)
        let open = try room.ask(
            QuestionSpec(metric: "population", kind: .range(confidence: nil, tolerance: 3), horizon: 2))
        room.student(ada, .answer(open, .range(lower: 1, upper: 2)))

        let bytes = room.lesson.encodeState()
        let restored = try Lesson<WalkModel>(
            decodingState: bytes, teacherToken: room.teacherToken, configuration: room.lesson.configuration, source: ())
        #expect(restored == room.lesson)
        #expect(restored.encodeState() == bytes)
        #expect(
            restored.questionInfos.map(\.kind) == [
                .range(confidence: 90, tolerance: 20), .range(confidence: 80, tolerance: 3),
            ])
    }
}
