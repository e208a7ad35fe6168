import PetriHubTesting
import PetriLesson
import PetriPeer
import PetriProtocol
import PetriSimulation
import Testing

@testable import PetriHub

/// A make-up of a lesson run from a plan: the make-up student meets every question, the plan's and the teacher's own,
/// where the class met it (the same generation, picture and state hash), and is scored as the class was, a skipped
/// moment and all.
@Suite struct PlanMakeupHubTests {
    /// A short teacher-paced plan: a question and its reveal, an explanation (skipped in class), a parameter change and a
    /// second question, with runs between them.
    static let plan = """
        title: A plan to make up
        model: camouflage
        parameters: {population: 60, reproductiveChance: 0.6}
        pace: teacher
        rate: 1
        moments:
          - run: 2
          - ask: {kind: number, metric: meanTrait, horizon: 2, tolerance: 20, prompt: The colour at generation 4?}
          - reveal
          - run: 4
          - explain: {title: Soot, text: The bark darkens.}
          - set: {environmentColour: 20}
          - ask: {kind: number, metric: population, horizon: 2, tolerance: 15}
          - run: 6

        """

    /// The lesson's state hash now, read from its actor.
    static func stateHash(_ server: InProcessHub, _ code: JoinCode) async throws -> UInt64 {
        let host = try #require(await server.hub.host(for: code) as? any HashesItsPlanLesson)
        return await host.planLessonHash()
    }

    /// The make-up's reel as the server replayed it from the log: each stop's state hash.
    static func reelHashes(_ server: InProcessHub, _ code: JoinCode) async throws -> [UInt64] {
        let host = try #require(await server.hub.host(for: code) as? any HashesItsPlanLesson)
        return await host.reelHashes()
    }

    @Test(.timeLimit(.minutes(1)))
    func aMakeupOfAPlansLessonMeetsEveryQuestionWhereTheClassDidAndIsScoredAsTheClassWas() async throws {
        let server = InProcessHub()
        // Given the plan started at the teacher's pace with seed 11 (no speed bonus), and Ada in the class
        let teacher = server.connect()
        var options = LessonOptions()
        options.speedBonus = false
        try teacher.send(
            .startPlan(
                teacherKey: InProcessHub.teacherKey, plan: nil, text: Self.plan, seed: 11, pace: .teacher, rate: nil,
                options: options))
        let (code, token) = try await teacher.expectReply("created") {
            if case .created(let c, let t) = $0 { (c, t) } else { nil }
        }
        let console = server.connect()
        _ = try await console.attach(.teach(code: code, token: token, lastSeen: nil))
        let peer = server.connect()
        _ = try await peer.attach(.join(code: code, name: "Ada"))
        var ada = MakeupHubTests.Watcher()
        var answers: [QuestionID: Prediction] = [:]
        var hashes: [QuestionID: UInt64] = [:]
        var generation = 0

        /// The teacher's step, answered to the teacher.
        func teach(_ message: ClientMessage) async throws { _ = try await console.answers(to: message) }
        /// Next starts the plan's run to `target`, which goes on tick by tick on the clock.
        func runTo(_ target: Int) async throws {
            try await teach(.planNext)
            while generation < target {
                await server.clock.waitForSleepers(1)
                server.clock.advance(by: 1)
                generation += 1
                try await console.waitForGeneration(generation)
            }
        }
        /// Ada reads up to the question just asked and answers it; the class's state hash there is noted.
        func answer(_ prediction: Prediction) async throws {
            let question = try await peer.expect("question") { message -> QuestionID? in
                ada.see(message)
                if case .question(let q) = message { return q.id }
                return nil
            }
            hashes[question] = try await Self.stateHash(server, code)
            answers[question] = prediction
            for reply in try await peer.answers(to: .answer(question: question, prediction: prediction)) {
                ada.see(reply)
            }
        }

        // When the class runs the plan: to 2, the plan's first question and its reveal, on to 4
        try await runTo(2)
        try await teach(.planNext)
        try await answer(.number(50))
        try await teach(.planNext)
        try await runTo(4)
        // And the teacher skips the explanation, changes the parameter as planned, and asks a question of their own
        // off the plan, which Ada answers and the teacher closes
        try await teach(.planSkip)
        try await teach(.planNext)
        try await teach(.ask(QuestionSpec(metric: "meanTrait", kind: .number(tolerance: 10), horizon: 1)))
        try await answer(.number(40))
        let extra = try #require(answers.keys.max())
        try await teach(.closeQuestion(question: extra))
        // And back on the plan: its second question at 4, and the run to 6, where everything resolves
        try await teach(.planNext)
        try await answer(.number(58))
        try await runTo(6)
        _ = try await peer.expect("results") { message -> Bool? in
            ada.see(message)
            return ada.results.count == 3 ? true : nil
        }
        _ = try await console.answers(to: .ping)
        let state = try #require(console.seen.compactMap { if case .plan(let s) = $0 { s } else { nil } }.last)
        #expect(state.finished)
        #expect(state.skipped == [4])
        #expect(ada.sights.map(\.generation) == [2, 4, 4])
        #expect(ada.results.count == 3)

        // And a make-up student, Ben, plays the lesson through, answering every question as Ada did
        try console.send(.openMakeup(until: nil))
        let info = try await console.expectReply("makeup") { if case .makeup(let info) = $0 { info } else { nil } }
        let student = server.connect()
        _ = try await student.attach(.joinMakeup(code: info.code, name: "Ben"))
        var ben = MakeupHubTests.Watcher()
        var met: [QuestionID: Int] = [:]
        var at = try await student.expect("makeupPosition") { message -> MakeupPosition? in
            ben.see(message)
            if case .makeupPosition(let p) = message { return p }
            return nil
        }
        while at.moment < at.moments {
            let replies = try await student.answers(to: .makeupNext)
            let reached = try #require(
                replies.compactMap { if case .makeupPosition(let p) = $0 { p } else { nil } }.last)
            for message in replies {
                ben.see(message)
                guard case .question(let question) = message else { continue }
                met[question.id] = reached.moment
                if let prediction = answers[question.id] {
                    _ = try await student.answers(to: .answer(question: question.id, prediction: prediction))
                }
            }
            at = reached
        }

        // Then Ben met each question at the class's timeline and generation, over the class's picture
        #expect(ben.sights == ada.sights)
        // And at the class's state hash: the make-up's moment there is where the class's lesson stood
        let reel = try await Self.reelHashes(server, code)
        #expect(met.count == 3)
        for (question, moment) in met {
            #expect(moment >= 1 && moment <= reel.count)
            #expect(reel[moment - 1] == hashes[question], "question \(question) at moment \(moment)")
        }
        // And Ada's answers scored for Ben exactly what they scored for Ada
        #expect(ben.results.count == 3)
        for (question, result) in ada.results {
            #expect(ben.results[question]?.points == result.points, "question \(question)")
        }
        await server.stop()
    }
}

/// A running lesson's state hash and its make-up's reel.
protocol HashesItsPlanLesson: Actor {
    func planLessonHash() -> UInt64
    func reelHashes() -> [UInt64]
}

extension LessonActor: HashesItsPlanLesson {
    func planLessonHash() -> UInt64 { lesson.stateHash }
    func reelHashes() -> [UInt64] { makeups.reel?.stops.map(\.stateHash) ?? [] }
}
