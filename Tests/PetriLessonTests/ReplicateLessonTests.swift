import PetriProtocol
import PetriSimulation
import PetriWords
import Testing

@testable import PetriLesson

/// The job a request handed to the server, if any.
private func job(_ outcome: LessonOutcome<WalkModel>) -> ReplicateJob<WalkModel>? {
    for case .runReplicates(let job) in outcome.effects { return job }
    return nil
}

private func bands(_ outcome: LessonOutcome<WalkModel>) -> ReplicateBands? {
    for case .replicates(let bands) in outcome.broadcasts { return bands }
    return nil
}

@Suite("Replicates in a lesson: asked by the teacher, run by the server, shown to everyone")
struct ReplicateLessonTests {
    @Test func aRequestHandsTheServerACopyOfThePresentAndIsLogged() throws {
        var room = try Classroom(.init(spread: 5))
        room.step(3)
        let outcome = room.teacher(.replicates(count: 20, horizon: 10, metric: "population"))
        let request = try #require(job(outcome))
        #expect(outcome.isPersisted)
        #expect(request.model == room.lesson.model)
        #expect(request.position == room.lesson.position)
        #expect(request.count == 20 && request.horizon == 10 && request.metric == MetricID("population"))
        #expect(request.lessonSeed == Classroom.seed)
    }

    @Test func badRequestsAreRefusedWithSentencesNamingTheField() throws {
        var room = try Classroom(.init(spread: 5))
        let tooMany = room.teacher(.replicates(count: 201, horizon: 10, metric: "population")).rejection
        #expect(tooMany?.code == .outOfRange)
        #expect(tooMany?.message.contains("count must be between 1 and 200") == true)
        let tooFar = room.teacher(.replicates(count: 10, horizon: 0, metric: "population")).rejection
        #expect(tooFar?.message.contains("horizon must be between 1 and 200") == true)
        #expect(room.teacher(.replicates(count: 10, horizon: 5, metric: "height")).errorCode == .unknownMetric)
        let (ada, _) = try room.join("Ada")
        #expect(room.student(ada, .replicates(count: 10, horizon: 5, metric: "population")).errorCode == .notAuthorised)
    }

    @Test func theSameRequestAtTheSamePointGivesTheSameBands() throws {
        // Given two lessons with the same seed at the same generation
        var one = try Classroom(.init(spread: 5))
        var two = try Classroom(.init(spread: 5))
        one.step(4)
        two.step(4)
        // When each runs the same request
        let a = try #require(job(one.teacher(.replicates(count: 30, horizon: 8, metric: "population"))))
        let b = try #require(job(two.teacher(.replicates(count: 30, horizon: 8, metric: "population"))))
        let tracesA = try #require(a.run(indices: 0..<30))
        let tracesB = try #require(b.run(indices: 0..<30))
        let bandsA = try #require(bands(one.server(.replicatesFinished(a.outcome(tracesA)))))
        let bandsB = try #require(bands(two.server(.replicatesFinished(b.outcome(tracesB)))))
        // Then the bands are identical, and they really spread
        #expect(bandsA == bandsB)
        #expect(bandsA.generation == 4 && bandsA.median.count == 9 && bandsA.replicates == 30)
        // Every replicate starts from the present, so the band starts as a point
        #expect(bandsA.low[0] == bandsA.median[0] && bandsA.high[0] == bandsA.median[0])
        #expect(bandsA.low[8] < bandsA.high[8])
        #expect(zip(bandsA.low, bandsA.high).allSatisfy { $0 <= $1 })
    }

    @Test func theBandsAreTheQuantilesOfTheReplicatesAtEachGeneration() throws {
        var room = try Classroom(.init(spread: 5))
        let request = try #require(job(room.teacher(.replicates(count: 11, horizon: 1, metric: "population"))))
        // Eleven made-up traces ending at 1...11: median 6, band 2...10; three ended early.
        let traces = (1...11).map { i in
            ReplicateTrace(values: [100, Double(i)], endedAt: i <= 3 ? 1 : nil)
        }
        let shown = try #require(bands(room.server(.replicatesFinished(request.outcome(traces)))))
        #expect(shown.median == [100, 6] && shown.low == [100, 2] && shown.high == [100, 10])
        #expect(shown.extinctAt == [1, 1, 1])
        #expect(shown.extinctFraction == 3.0 / 11.0)
    }

    @Test func aSupersededOrStaleResultIsDropped() throws {
        var room = try Classroom(.init(spread: 5))
        let first = try #require(job(room.teacher(.replicates(count: 5, horizon: 3, metric: "population"))))
        let second = try #require(job(room.teacher(.replicates(count: 5, horizon: 3, metric: "population"))))
        let firstTraces = try #require(first.run(indices: 0..<5))
        #expect(room.server(.replicatesFinished(first.outcome(firstTraces))).effects.isEmpty)
        // A rewind cancels the running request, and its result, arriving later, is dropped.
        room.step(2)
        let rewind = room.teacher(.rewind(count: 1))
        #expect(rewind.effects.contains(.cancelReplicates))
        let secondTraces = try #require(second.run(indices: 0..<5))
        #expect(room.server(.replicatesFinished(second.outcome(secondTraces))).effects.isEmpty)
        // Only the server may deliver results.
        #expect(room.teacher(.replicatesFinished(second.outcome(secondTraces))).errorCode == .notAuthorised)
    }

    @Test func endingTheLessonCancelsRunningReplicates() throws {
        var room = try Classroom(.init(spread: 5))
        let request = try #require(job(room.teacher(.replicates(count: 5, horizon: 3, metric: "population"))))
        let end = room.teacher(.end)
        #expect(end.effects.contains(.cancelReplicates))
        let traces = try #require(request.run(indices: 0..<5))
        #expect(room.server(.replicatesFinished(request.outcome(traces))).effects.isEmpty)
    }

    @Test func aResolutionSaysWhereTheRealRunEndedAmongTheReplicates() throws {
        // Given a question about the population 2 generations ahead, and replicates of that future
        var room = try Classroom(.init(start: 100, drift: 0))
        let (ada, _) = try room.join("Ada")
        let question = try room.ask(.population(in: 2))
        room.student(ada, .answer(question, .number(100)))
        let request = try #require(job(room.teacher(.replicates(count: 10, horizon: 5, metric: "population"))))
        // Made-up replicates: 8 ended below 100 at the target, one level, one above
        let finals: [Double] = [90, 91, 92, 93, 94, 95, 96, 97, 100, 120]
        let traces = finals.map { ReplicateTrace(values: [100, 100, $0, $0, $0, $0], endedAt: nil) }
        room.server(.replicatesFinished(request.outcome(traces)))
        // When the question resolves (the real run stays at 100)
        room.step(2)
        let resolution = try #require(
            room.log.compactMap { if case .broadcast(.resolved(let r)) = $0 { r } else { nil } }.first)
        // Then it carries the standing
        let standing = try #require(resolution.replicates)
        #expect(standing == ReplicateStanding(generation: 0, replicates: 10, below: 8, equal: 1))
        #expect(
            standing.sentence
                == "The real run ended above 8 of the 10 runs that could have happened (1 ended level with it).")
        // And a Welsh reader reads it in Welsh
        #expect(
            standing.word.text(in: try #require(Language("cy")))
                == "Daeth y rhediad go iawn i ben uwchben 8 o'r 10 rhediad a allai fod wedi digwydd (1 yn gyfartal ag ef)."
        )
    }

    @Test func aResolutionWithoutReplicatesCarriesNoStanding() throws {
        var room = try Classroom(.init(start: 100, drift: 0))
        let (ada, _) = try room.join("Ada")
        let question = try room.ask(.population(in: 1))
        room.student(ada, .answer(question, .number(100)))
        room.step(1)
        let resolution = try #require(
            room.log.compactMap { if case .broadcast(.resolved(let r)) = $0 { r } else { nil } }.first)
        #expect(resolution.replicates == nil)
    }

    @Test func someoneArrivingAfterReplicatesRanSeesTheSameBandsUntilTheTimelineChanges() throws {
        // Given replicates that finished and went to the class
        var room = try Classroom(.init(spread: 5))
        room.step(2)
        let request = try #require(job(room.teacher(.replicates(count: 12, horizon: 4, metric: "population"))))
        let traces = try #require(request.run(indices: 0..<12))
        let shown = try #require(bands(room.server(.replicatesFinished(request.outcome(traces)))))

        // When a student joins afterwards, then they get the same bands after their snapshot
        let late = room.send(.join(name: "Late", token: try room.mintToken()), as: .guest)
        let snapshotAt = try #require(late.effects.firstIndex { if case .replySnapshot = $0 { true } else { false } })
        let bandsAt = try #require(late.effects.firstIndex { $0 == .reply(.replicates(shown)) })
        #expect(snapshotAt < bandsAt)

        // When the teacher rewinds, then someone arriving later gets no bands of the past that is gone
        room.step(1)
        room.teacher(.rewind(count: 2))
        let later = room.send(.join(name: "Later", token: try room.mintToken()), as: .guest)
        #expect(later.attachedStudent != nil)
        #expect(!later.replies.contains { if case .replicates = $0 { true } else { false } })
    }
}
