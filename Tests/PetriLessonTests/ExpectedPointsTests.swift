import PetriProtocol
import PetriSimulation
import Testing

@testable import PetriLesson

@Suite("Expected points: what an answer would have scored on average over the replicates")
struct ExpectedPointsTests {
    private static func outcomes(_ values: [Double], over: Set<Int> = []) -> [ExpectedPoints.Outcome] {
        values.enumerated().map { ExpectedPoints.Outcome(value: $1, runIsOver: over.contains($0)) }
    }

    // MARK: - Each kind, by hand

    @Test func aNumbersExpectedPointsAreItsMeanPointsOverTheReplicatesValues() {
        // Tolerance 10, four replicates ending at 100, 104, 110 and 90
        let four = Self.outcomes([100, 104, 110, 90])
        // 104: 600, 1000, 400, 0 → 500; 100: 1000, 600, 0, 0 → 400
        #expect(ExpectedPoints.of(.number(104), kind: .number(tolerance: 10), asked: 100, outcomes: four) == 500)
        #expect(ExpectedPoints.of(.number(100), kind: .number(tolerance: 10), asked: 100, outcomes: four) == 400)
        #expect(ExpectedPoints.of(.number(100), kind: .number(tolerance: 10), asked: 100, outcomes: []) == nil)
    }

    @Test func aChoicesExpectedPointsAre1000TimesTheShareOfReplicatesItCameTrueIn() {
        let kind = QuestionKind.choice(options: [
            ChoiceOption("extinct", when: .runOver), ChoiceOption("grow", when: .grows),
            ChoiceOption("shrink", when: .shrinks), ChoiceOption("same", when: .otherwise),
        ])
        // Asked at 100: grew, shrank, stayed, died out (the fourth run ended: extinct, listed first)
        let four = Self.outcomes([104, 96, 100, 0], over: [3])
        #expect(ExpectedPoints.of(.choice(1), kind: kind, asked: 100, outcomes: four) == 250)
        // Three of eight replicates grew: 375
        let eight = Self.outcomes([101, 102, 103, 99, 98, 97, 96, 95])
        #expect(ExpectedPoints.of(.choice(1), kind: kind, asked: 100, outcomes: eight) == 375)
        #expect(ExpectedPoints.of(.choice(2), kind: kind, asked: 100, outcomes: eight) == 625)
    }

    @Test func aProbabilitysExpectedPointsAreTheBrierPointsOverTheEventsFrequency() {
        // "Will it grow?" asked at 100: it grew in 2 of 4 replicates
        let kind = QuestionKind.probability(event: .grows)
        let four = Self.outcomes([104, 96, 110, 100])
        // 0.7: (910 + 510 + 910 + 510) / 4 = 710; 0.5: 750 whatever happens
        #expect(ExpectedPoints.of(.probability(0.7), kind: kind, asked: 100, outcomes: four) == 710)
        #expect(ExpectedPoints.of(.probability(0.5), kind: kind, asked: 100, outcomes: four) == 750)
        // Against a 1-in-4 event the honest 0.25 expects (438 + 3 × 938) / 4 = 812.5 → 813, and 0.7 only
        // (910 + 3 × 510) / 4 = 610
        let oneInFour = Self.outcomes([104, 96, 96, 96])
        #expect(ExpectedPoints.of(.probability(0.25), kind: kind, asked: 100, outcomes: oneInFour) == 813)
        #expect(ExpectedPoints.of(.probability(0.7), kind: kind, asked: 100, outcomes: oneInFour) == 610)
    }

    @Test func aRangesExpectedPointsAreItsMeanIntervalPointsOverTheReplicatesValues() {
        // 100-106, 80% sure, tolerance 10: 104 and 100 held (940 each), 96 and 110 missed by 4 (540 each)
        let kind = QuestionKind.range(confidence: 80, tolerance: 10)
        let four = Self.outcomes([104, 96, 110, 100])
        #expect(ExpectedPoints.of(.range(lower: 100, upper: 106), kind: kind, asked: 100, outcomes: four) == 740)
    }

    // MARK: - In a lesson

    /// A lesson with Ada and Ben, a number question asked at generation 0 about generation 2, and the
    /// teacher's four replicates of that moment ending at 100, 104, 110 and 90 (hand-made traces).
    private func lessonWithReplicates() throws -> (Classroom, StudentID, StudentID, QuestionID) {
        var room = try Classroom(
            .init(start: 100, drift: 2), options: LessonOptions(speedBonus: false, streakBonus: false))
        let (ada, _) = try room.join("Ada")
        let (ben, _) = try room.join("Ben")
        let q = try room.ask(.population(in: 2, tolerance: 10))
        room.student(ada, .answer(q, .number(104)))
        room.student(ben, .answer(q, .number(100)))
        let request = room.teacher(.replicates(count: 4, horizon: 2, metric: "population"))
        let job = try #require(
            request.effects.compactMap { if case .runReplicates(let j) = $0 { j } else { nil } }.first)
        let traces = [100.0, 104, 110, 90].map { ReplicateTrace(values: [100, 100, $0], endedAt: nil) }
        room.server(.replicatesFinished(job.outcome(traces)))
        return (room, ada, ben, q)
    }

    @Test func eachStudentsResultAndTheResolutionCarryTheExpectedPointsBesideTheScored() throws {
        var (room, ada, ben, _) = try lessonWithReplicates()
        // When it resolves at 104
        let outcome = room.teacher(.step(count: 2))
        let resolution = try #require(
            outcome.broadcasts.compactMap { if case .resolved(let r) = $0 { r } else { nil } }.first)
        #expect(resolution.actual == 104)
        #expect(resolution.expected == Expected(replicates: 4, classMean: 450))
        let result = { (id: StudentID) in
            outcome.sent(to: .student(id)).compactMap { if case .result(let r) = $0 { r } else { nil } }.first
        }
        // Then Ada scored 1000 where she would have scored 500 on average, Ben 600 where 400
        #expect(result(ada)?.points.base == 1000)
        #expect(result(ada)?.expected == Expected(replicates: 4, points: 500, classMean: 450))
        #expect(result(ben)?.points.base == 600)
        #expect(result(ben)?.expected == Expected(replicates: 4, points: 400, classMean: 450))

        // And the report shows both, and keeps them through a save and restore
        let restored = try Lesson<WalkModel>(
            decodingState: room.lesson.encodeState(), teacherToken: room.teacherToken,
            configuration: room.lesson.configuration, source: ())
        #expect(restored == room.lesson)
        let report = restored.report()
        #expect(report.students.map { $0.expected.values.first } == [500, 400])
        #expect(report.students.map { $0.bases.values.first } == [1000, 600])
        #expect(
            report.data.students.first?.points.first
                == .init(question: QuestionID(1), points: 1000, base: 1000, expected: 500))
        #expect(report.data.questions.first?.expected == Expected(replicates: 4, classMean: 450))
        #expect(report.html(title: "t").contains("1000 scored, 500 expected"))
        #expect(report.csv.contains(",1000,500,1,\r\n"))
    }

    @Test func aSavedStateOfFormat5WithoutExpectedPointsStillRestores() throws {
        // Given a lesson with a resolved question, no plan and no replicates, saved as format 5 wrote it: no
        // plan's position and no expected points after the answer changes (one byte each now: none), no hunt
        // (three bytes now: the selection formula, no rounds, none under way), no extra time (one byte now: none), no
        // questions about hunt rounds (one byte now: none) and no hunt records (one byte now: none)
        var room = try Classroom(.init(start: 100, drift: 2))
        let (ada, _) = try room.join("Ada")
        let q = try room.ask(.population(in: 1, tolerance: 10))
        room.student(ada, .answer(q, .number(101)))
        room.step(1)
        let bytes = room.lesson.encodeState()
        var old = Array(bytes.dropLast(8))
        #expect(old.suffix(8) == [0, 0, 0, 0, 0, 0, 0, 0])
        old.removeLast(8)
        old[4] = 5
        let sum = StateChecksum.of(old[...])
        old += (0..<8).map { UInt8(truncatingIfNeeded: sum >> (8 * UInt64($0))) }

        // When it is restored, Then it is the same lesson
        let restored = try Lesson<WalkModel>(
            decodingState: old, teacherToken: room.teacherToken, configuration: room.lesson.configuration, source: ())
        #expect(restored == room.lesson)
        #expect(restored.encodeState() == bytes)
    }

    @Test func replicatesOfAnotherMomentGiveNoExpectedPoints() throws {
        // Given replicates started at generation 1, after the question was asked at 0
        var room = try Classroom(.init(start: 100, drift: 2))
        let (ada, _) = try room.join("Ada")
        let q = try room.ask(.population(in: 3, tolerance: 10))
        room.student(ada, .answer(q, .number(104)))
        room.step(1)
        let request = room.teacher(.replicates(count: 2, horizon: 3, metric: "population"))
        let job = try #require(
            request.effects.compactMap { if case .runReplicates(let j) = $0 { j } else { nil } }.first)
        room.server(.replicatesFinished(job.outcome([ReplicateTrace(values: [102, 104, 106, 108], endedAt: nil)])))
        // When it resolves
        let outcome = room.teacher(.step(count: 2))
        // Then neither the resolution nor the result has expected points
        let resolution = try #require(
            outcome.broadcasts.compactMap { if case .resolved(let r) = $0 { r } else { nil } }.first)
        #expect(resolution.expected == nil)
        #expect(
            outcome.sent(to: .student(ada)).allSatisfy {
                if case .result(let r) = $0 { r.expected == nil } else { true }
            })
        #expect(!room.lesson.report().html(title: "t").contains("expected points"))
    }
}

@Suite("The option replicates: onLock runs replicates of the moment a question locks")
struct ReplicatesOnLockTests {
    /// A lesson with the option, a random walk, Ada's answer to a number question 3 generations ahead.
    private func room(onLock: Bool = true) throws -> (Classroom, StudentID, QuestionID) {
        var options = LessonOptions(speedBonus: false, streakBonus: false)
        if onLock { options.replicates = .onLock }
        var room = try Classroom(.init(spread: 5), options: options)
        let (ada, _) = try room.join("Ada")
        room.step(2)
        let q = try room.ask(.population(in: 3, tolerance: 10))
        room.student(ada, .answer(q, .number(100)))
        return (room, ada, q)
    }

    private func job(_ outcome: LessonOutcome<WalkModel>) -> ReplicateJob<WalkModel>? {
        outcome.effects.compactMap { if case .runReplicates(let j) = $0 { j } else { nil } }.first
    }

    @Test func lockingRunsAHundredReplicatesOfTheAskedMomentAsFarAsTheTarget() throws {
        var (room, _, q) = try room()
        let request = try #require(job(room.teacher(.closeQuestion(q))))
        #expect(request.position.generation == 2 && request.count == 100 && request.horizon == 3)
        #expect(request.metric == MetricID("population"))
        // And without the option nothing runs
        var (plain, _, other) = try self.room(onLock: false)
        #expect(job(plain.teacher(.closeQuestion(other))) == nil)
    }

    @Test func aQuestionResolvedBeforeItsReplicatesFinishedGetsItsExpectedPointsWhenTheyDo() throws {
        // Given a question stepped past at once: it locks (starting the replicates) and resolves before they finish
        var (room, ada, q) = try room()
        let outcome = room.teacher(.step(count: 3))
        let request = try #require(job(outcome))
        let result = outcome.sent(to: .student(ada)).compactMap { if case .result(let r) = $0 { r } else { nil } }
        #expect(result.first?.expected == nil)
        #expect(room.lesson.report().students.first?.expected[q] == nil)

        // When the replicates finish
        room.server(.replicatesFinished(request.outcome(try #require(request.run(indices: 0..<request.count)))))

        // Then the report has Ada's expected points, the same as a question whose replicates finished first
        let late = try #require(room.lesson.report().students.first?.expected[q])
        var (timely, _, _) = try self.room()
        let locked = try #require(job(timely.teacher(.step(count: 1))))
        timely.server(.replicatesFinished(locked.outcome(try #require(locked.run(indices: 0..<locked.count)))))
        timely.teacher(.step(count: 2))
        #expect(timely.lesson.report().students.first?.expected[q] == late)
        // And a saved state keeps them
        let restored = try Lesson<WalkModel>(
            decodingState: room.lesson.encodeState(), teacherToken: room.teacherToken,
            configuration: room.lesson.configuration, source: ())
        #expect(restored == room.lesson)
    }

    @Test func expectedPointsThatArriveAfterTheResolutionReachThePages() throws {
        // Given a question stepped past at once, resolved before its replicates finished, and Bea who did not answer
        var (room, ada, q) = try room()
        let (bea, _) = try room.join("Bea")
        let request = try #require(job(room.teacher(.step(count: 3))))

        // When the replicates finish
        let finished = room.server(
            .replicatesFinished(request.outcome(try #require(request.run(indices: 0..<request.count)))))

        // Then everyone gets the class's expected points, and Ada her own, the report's
        let mine = try #require(room.lesson.report().students.first { $0.id == ada }?.expected[q])
        let late = finished.broadcasts.compactMap { if case .expectedPoints(q, let e) = $0 { e } else { nil } }
        #expect(late.count == 1 && late.first?.points == nil && late.first?.replicates == 100)
        #expect(late.first?.classMean == mine)  // she is the only one who answered
        let hers = finished.sent(to: .student(ada)).compactMap {
            if case .expectedPoints(q, let e) = $0 { e } else { nil }
        }
        #expect(hers == [Expected(replicates: 100, points: mine, classMean: mine)])
        #expect(finished.sent(to: .student(bea)).isEmpty)
        // And replicates that come back once more give nothing again
        let again = room.server(
            .replicatesFinished(request.outcome(try #require(request.run(indices: 0..<request.count)))))
        #expect(!again.broadcasts.contains { if case .expectedPoints = $0 { true } else { false } })
    }

    @Test func theAutomaticRunGivesTheSameExpectedPointsEveryTime() throws {
        func expected() throws -> Expected? {
            var (room, ada, _) = try room()
            let outcome = room.teacher(.step(count: 1))  // locks it
            let request = try #require(job(outcome))
            room.server(.replicatesFinished(request.outcome(try #require(request.run(indices: 0..<request.count)))))
            let resolved = room.teacher(.step(count: 2))
            return resolved.sent(to: .student(ada)).compactMap {
                if case .result(let r) = $0 { r.expected } else { nil }
            }
            .first
        }
        let first = try #require(try expected())
        #expect(first.replicates == 100 && first.points != nil)
        #expect(try expected() == first)
    }
}
