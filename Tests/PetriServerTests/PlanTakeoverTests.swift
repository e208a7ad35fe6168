import Foundation
import PetriHubTesting
import PetriLesson
import PetriPeer
import PetriPostgresTesting
import PetriProtocol
import PetriSimulation
import PetriStorePostgres
import PetriWebSocket
import Testing

@testable import PetriHub
@testable import PetriServer

/// A lesson run from a plan moves to another node of a PostgreSQL cluster mid-plan: the new node continues the plan
/// at the moment it had reached, on its own timers, and the lesson asks the same questions at the same generations,
/// with the same outcomes and state hash, as the plan run once without a break.
@Suite struct PlanTakeoverTests {
    static let demo = ShippedPlans.files.first { $0.name == "demo" }?.text ?? ""

    /// A question as the teacher saw it asked: where it was asked, its target, what it measures and its prompt.
    struct Seen: Hashable {
        var askedAt: Int
        var target: Int
        var metric: String
        var prompt: String?
    }

    /// A plan with a question of the teacher's pace on a timer: taken over while that question is open.
    static let paced = """
        title: A plan taken over at the teacher's pace
        model: camouflage
        parameters: {population: 60, reproductiveChance: 0.6}
        pace: teacher
        rate: 2
        moments:
          - run: 3
          - ask: {kind: number, metric: meanTrait, horizon: 3, timeLimit: 30, tolerance: 20}
          - run: 6
          - set: {environmentColour: 20}
          - ask: {kind: number, metric: population, horizon: 2, timeLimit: 30, tolerance: 15}
          - run: 8

        """

    @Test(.timeLimit(.minutes(2)))
    func aNodeThatTakesAnAutomaticPlanOverMidRunContinuesItExactly() async throws {
        // Given the demo plan (automatic, a question every six generations, each with a time limit) with seed 1848
        // and a class that never answers, When node A runs it past its second question, to generation 14, and
        // node B takes it over
        let run = try await Self.takeOver(Self.demo, seed: 1848, pace: .auto) { $0.generation >= 14 }
        #expect(run.onA.rate != nil)
        #expect(run.onA.plan?.next == 5)
        #expect(run.askedOnA == 2)
        // Then B stood at the same moment of the plan, running, in the same state
        #expect(run.onB.plan == run.onA.plan)
        #expect(run.onB.rate == run.onA.rate)
        #expect(run.onB.hash == run.onA.hash)
        #expect(run.onB.generation == 14)
        // And B ran the rest of the plan as the plan run without a break did: the same questions at the same
        // generations, the same outcomes, the same state hash
        run.expectTheSameLesson()
        #expect(run.seen.count == 6)
    }

    @Test(.timeLimit(.minutes(2)))
    func aNodeThatTakesATeacherPacedPlanOverWhileItsTimedQuestionIsOpenContinuesItExactly() async throws {
        // Given a teacher-paced plan whose questions have time limits, When node A has asked its second question
        // and node B takes it over before the time limit
        let run = try await Self.takeOver(Self.paced, seed: 5, pace: .teacher) { $0.open != nil && $0.generation >= 6 }
        #expect(run.onA.open?.closesAt != nil)
        #expect(run.askedOnA == 2)
        // Then B stood at the same moment of the plan, with the same question open until the same time
        #expect(run.onB.plan == run.onA.plan)
        #expect(run.onB.open == run.onA.open)
        #expect(run.onB.hash == run.onA.hash)
        // And B locked it when its time limit ran out on B's clock
        #expect(run.timedOutOnB.first == run.onA.open?.id)
        // And, Next pressed on, B ran the rest as the plan run without a break did
        run.expectTheSameLesson()
        #expect(run.seen.count == 2)
    }

    /// A plan run on node A until `until` holds, taken over by node B, and run by B to its end; and the same plan
    /// run once without a break.
    struct TakenOver {
        var uninterrupted: PlanDriver<CamouflageModel>
        /// Where the lesson stood on A before the takeover, and on B after it, and at the end.
        var onA: Standing
        var onB: Standing
        var end: Standing
        /// How many questions A asked.
        var askedOnA: Int
        /// The questions the teacher saw asked (on A, then B), in order, and their outcomes.
        var seen: [Seen]
        var outcomes: [QuestionID: Double]
        /// The questions B locked because their time limit ran out on its clock.
        var timedOutOnB: [QuestionID]

        /// The lesson with the takeover was the lesson without one: the same questions at the same generations,
        /// the same outcomes and the same state hash, the plan finished with nothing skipped.
        func expectTheSameLesson() {
            #expect(end.plan?.finished == true)
            #expect(end.plan?.skipped == [])
            let expected = uninterrupted.asked.map {
                Seen(askedAt: $0.askedAt, target: $0.target, metric: $0.metric, prompt: $0.prompt)
            }
            #expect(seen == expected)
            #expect(outcomes.count == uninterrupted.resolved.count)
            for (question, actual) in uninterrupted.resolved {
                #expect(outcomes[question] == actual, "question \(question)")
            }
            #expect(end.generation == uninterrupted.lesson.generation)
            #expect(end.hash == uninterrupted.lesson.stateHash)
        }
    }

    static func takeOver(
        _ text: String, seed: UInt64, pace: PlanPace, until: (Standing) -> Bool
    ) async throws -> TakenOver {
        // The plan run once without a break, by a class that never answers
        var uninterrupted = try PlanDriver<CamouflageModel>(text: text, seed: seed, pace: pace, source: ())
        let finished = uninterrupted.runToEnd()
        #expect(finished)

        // Nodes A and B sharing a store, each on a manual clock, and on A the same plan started with that seed
        let url = try await PrivatePostgres.shared().createDatabase()
        let a = try await ClusterTests.storage("a", url)
        let b = try await ClusterTests.storage("b", url)
        let (clockA, clockB) = (ManualClock(), ManualClock())
        let serverA = try await TestServer.start(storage: a, clock: clockA, ownership: a)
        let serverB = try await TestServer.start(storage: b, clock: clockB, ownership: b)
        try await a.advertise(serverA.url)
        try await b.advertise(serverB.url)
        let client = try await WebSocketClient.start()
        let teacher = try await TestClient(client, url: serverA.url)
        try teacher.send(
            .startPlan(
                teacherKey: testTeacherKey, plan: nil, text: text, seed: seed, pace: pace, rate: nil, options: nil))
        let (code, token) = try await teacher.expectReply("created") {
            if case .created(let c, let t) = $0 { (c, t) } else { nil }
        }
        let console = try await TestClient(client, url: serverA.url)
        _ = try await console.attach(.teach(code: code, token: token, lastSeen: nil))

        // The teacher sets it going and A runs it on its clock until `until`
        _ = try await console.answers(to: .planNext)
        let onA = try await drive(serverA, code, clockA, console, until: until)

        // A's lease runs out (B's clock reads A's time, as machines' clocks do) and the teacher, coming back
        // through B, makes B claim the lesson
        clockB.advance(by: Double(clockA.now().milliseconds(since: clockB.now())) / 1000)
        try await ClusterTests.expireLeases(url)
        console.close()
        let back = try await attachThroughCluster(
            client, home: serverB.url, .teach(code: code, token: token, lastSeen: nil))
        #expect(back.url == serverB.url)
        let onB = try await standing(serverB, code)

        // B, on its own clock, runs the rest of the plan to its end; the teacher is told every outcome (the last
        // reaches the teacher after the plan finished)
        let end = try await drive(serverB, code, clockB, back.peer) { _ in false }
        let peers = [console, back.peer]
        while !Set(peers.flatMap(questions).map(\.id)).isSubset(of: peers.flatMap(resolutions).map(\.question)) {
            _ = try await back.peer.next()
        }

        var byID: [QuestionID: Seen] = [:]
        for info in questions(console) + questions(back.peer) where byID[info.id] == nil {
            byID[info.id] = Seen(askedAt: info.askedAt, target: info.target, metric: info.metric, prompt: info.prompt)
        }
        var outcomes: [QuestionID: Double] = [:]
        for resolution in resolutions(console) + resolutions(back.peer) {
            outcomes[resolution.question] = resolution.actual
        }
        await client.shutdown()
        await serverA.stop()
        await serverB.stop()
        a.close()
        b.close()
        return TakenOver(
            uninterrupted: uninterrupted, onA: onA, onB: onB, end: end, askedOnA: questions(console).count,
            seen: byID.keys.sorted().compactMap { byID[$0] }, outcomes: outcomes,
            timedOutOnB: back.peer.seen.compactMap {
                if case .questionLocked(let id, .timeLimit, _) = $0 { id } else { nil }
            })
    }

    /// Every question a peer was sent, in order.
    static func questions(_ peer: TestClient) -> [QuestionInfo] {
        peer.seen.compactMap { if case .question(let info) = $0 { info } else { nil } }
    }

    /// Every resolution a peer was sent, in order.
    static func resolutions(_ peer: TestClient) -> [Resolution] {
        peer.seen.compactMap { if case .resolved(let resolution) = $0 { resolution } else { nil } }
    }

    /// Where a plan's lesson stands on a node.
    struct Standing: Sendable {
        var plan: PlanState?
        var generation: Int
        var rate: Double?
        var open: QuestionInfo?
        var hash: UInt64
    }

    static func standing(_ server: TestServer, _ code: JoinCode) async throws -> Standing {
        let host = try #require(await server.hub.host(for: code) as? any ShowsItsPlan)
        return await host.planStanding()
    }

    /// Moves `clock` on to each of the lesson's timers in turn (the auto-run's next tick, an open question's time
    /// limit, which a teacher here always lets run out) and, at the teacher's pace, presses Next when the plan waits
    /// for nothing else,
    /// waiting for the teacher's `peer` to see what each did, until `done` holds or the plan is finished.
    static func drive(
        _ server: TestServer, _ code: JoinCode, _ clock: ManualClock, _ peer: TestClient,
        until done: (Standing) -> Bool
    ) async throws -> Standing {
        while true {
            let now = try await standing(server, code)
            if done(now) || now.plan?.finished != false { return now }
            if let rate = now.rate {
                await clock.waitForSleepers(1)
                clock.advance(by: 1 / rate)
                try await peer.waitForGeneration(now.generation + 1)
            } else if let open = now.open, let closes = open.closesAt {
                await clock.waitForSleepers(1)
                clock.advance(by: max(0, Double(closes.milliseconds(since: clock.now())) / 1000))
                _ = try await peer.expect("the time limit of question \(open.id)") {
                    if case .questionLocked(open.id, _, _) = $0 { true } else { nil }
                }
            } else if now.plan?.pace == .teacher {
                _ = try await peer.answers(to: .planNext)
            } else {
                Issue.record("the plan waits for nothing a clock moves: \(String(describing: now.plan))")
                return now
            }
        }
    }
}

/// A running lesson's plan, generation, auto-run, open question and state hash.
protocol ShowsItsPlan: Actor {
    func planStanding() -> PlanTakeoverTests.Standing
}

extension LessonActor: ShowsItsPlan {
    func planStanding() -> PlanTakeoverTests.Standing {
        PlanTakeoverTests.Standing(
            plan: lesson.planState, generation: lesson.generation, rate: lesson.autoRunRate,
            open: lesson.questionInfos.last { $0.state == .open }, hash: lesson.stateHash)
    }
}
