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

    @Test(.timeLimit(.minutes(2)))
    func aNodeThatTakesAnAutomaticPlanOverMidRunContinuesItExactly() async throws {
        // Given the demo plan (automatic, a question every six generations, each with a time limit) run once
        // without a break, with seed 1848 and a class that never answers
        var uninterrupted = try PlanDriver<CamouflageModel>(text: Self.demo, seed: 1848, pace: .auto, source: ())
        let finished = uninterrupted.runToEnd()
        #expect(finished)
        let expected = uninterrupted.asked.map {
            Seen(askedAt: $0.askedAt, target: $0.target, metric: $0.metric, prompt: $0.prompt)
        }
        #expect(expected.count == 6)

        // And nodes A and B sharing a store, each on a manual clock, and on A the same plan started with that seed
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
                teacherKey: testTeacherKey, plan: nil, text: Self.demo, seed: 1848, pace: .auto, rate: nil,
                options: nil))
        let (code, token) = try await teacher.expectReply("created") {
            if case .created(let c, let t) = $0 { (c, t) } else { nil }
        }
        let console = try await TestClient(client, url: serverA.url)
        _ = try await console.attach(.teach(code: code, token: token, lastSeen: nil))

        // When the teacher sets it going and A runs it on its clock past its second question, to generation 14
        _ = try await console.answers(to: .planNext)
        let onA = try await Self.drive(serverA, code, clockA, console) { $0.generation >= 14 }
        #expect(onA.rate != nil)
        #expect(onA.plan?.next == 5)
        #expect(Self.questions(console).count == 2)

        // And A's lease runs out (B's clock reads A's time, as machines' clocks do) and the teacher, coming back
        // through B, makes B claim the lesson
        clockB.advance(by: Double(clockA.now().milliseconds(since: clockB.now())) / 1000)
        try await ClusterTests.expireLeases(url)
        console.close()
        let back = try await attachThroughCluster(
            client, home: serverB.url, .teach(code: code, token: token, lastSeen: nil))
        #expect(back.url == serverB.url)

        // Then B stands at the same moment of the plan, running, in the same state
        let onB = try await Self.standing(serverB, code)
        #expect(onB.plan == onA.plan)
        #expect(onB.rate == onA.rate)
        #expect(onB.hash == onA.hash)
        #expect(onB.generation == 14)

        // And B, on its own clock, runs the rest of the plan to its end
        let end = try await Self.drive(serverB, code, clockB, back.peer) { _ in false }
        #expect(end.plan?.finished == true)
        #expect(end.plan?.skipped == [])

        // And the teacher was told every outcome (the last reached the teacher after the plan finished)
        while !Set(Self.questions(back.peer).map(\.id)).isSubset(of: Self.resolutions(back.peer).map(\.question)) {
            _ = try await back.peer.next()
        }

        // And the lesson asked the same questions at the same generations, with the same outcomes and the same
        // state hash, as the plan run without a break
        let asked = Self.questions(console) + Self.questions(back.peer)
        var seen: [QuestionID: Seen] = [:]
        for info in asked where seen[info.id] == nil {
            seen[info.id] = Seen(askedAt: info.askedAt, target: info.target, metric: info.metric, prompt: info.prompt)
        }
        #expect(seen.keys.sorted().map { seen[$0] } == expected)
        var outcomes: [QuestionID: Double] = [:]
        for resolution in Self.resolutions(console) + Self.resolutions(back.peer) {
            outcomes[resolution.question] = resolution.actual
        }
        #expect(outcomes.count == uninterrupted.resolved.count)
        for (question, actual) in uninterrupted.resolved {
            #expect(outcomes[question] == actual, "question \(question)")
        }
        #expect(end.generation == uninterrupted.lesson.generation)
        #expect(end.hash == uninterrupted.lesson.stateHash)

        await client.shutdown()
        await serverA.stop()
        await serverB.stop()
        a.close()
        b.close()
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
    /// limit), waiting for the teacher's `peer` to see what each did, until `done` holds or the plan is finished.
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
