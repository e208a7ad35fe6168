import PetriHubTesting
import PetriLesson
import PetriPeer
import PetriProtocol
import PetriSimulation
import Synchronization
import Testing

@testable import PetriHub

/// Watches the replicates a hub runs: how far they got, and when each request started, finished or stopped.
private final class ReplicateWatch: Sendable {
    private let steps = Atomic<Int>(0)
    let events: AsyncStream<ReplicateProgress>
    private let continuation: AsyncStream<ReplicateProgress>.Continuation

    init() {
        (events, continuation) = AsyncStream.makeStream()
    }

    /// The hub's progress hook: every step counted; the first step of a request, its end and its
    /// cancellation go to ``events``.
    var hook: @Sendable (ReplicateProgress) -> Void {
        { [self] progress in
            if case .stepped(let done, _) = progress {
                steps.store(done, ordering: .relaxed)
                if done > 1 { return }
            }
            continuation.yield(progress)
        }
    }

    var stepped: Int { steps.load(ordering: .relaxed) }
}

@Suite("Replicates on the hub: off the lesson's actor, to everyone, cancelled when the past changes")
struct ReplicateHubTests {
    private func server(_ watch: ReplicateWatch) -> InProcessHub {
        InProcessHub { configuration in
            configuration.replicateThreads = 1
            configuration.replicateProgress = watch.hook
        }
    }

    /// A camouflage lesson holding about `population` creatures steady, with its teacher attached.
    ///
    /// Every survivor breeds and the crowding coefficient makes survival even odds at that size (the
    /// derivation is `petri-bench camouflage`'s), so the population neither explodes nor dies out.
    private func lesson(on server: InProcessHub, population: Int) async throws -> (ProtocolPeer, JoinCode) {
        let creator = server.connect()
        let parameters: JSONValue = .object([
            "population": .number(Double(population)), "reproductiveChance": .number(1),
            "crowding": .number((20 - 110.0 / 21) / Double(population)), "initialTraitMin": .number(40),
            "initialTraitMax": .number(60), "environmentColour": .number(50),
        ])
        let (code, token) = try await creator.createLesson(.camouflage, parameters)
        let teacher = server.connect()
        _ = try await teacher.attach(.teach(code: code, token: token, lastSeen: nil))
        return (teacher, code)
    }

    private func nextEvent(_ events: inout AsyncStream<ReplicateProgress>.Iterator) async -> ReplicateProgress? {
        await events.next()
    }

    @Test func noGenerationWaitsWhile200ReplicatesOfTenThousandCreaturesRun() async throws {
        // Given a lesson of 10,000 creatures and a request of 200 replicates 200 generations ahead
        let watch = ReplicateWatch()
        let server = server(watch)
        var events = watch.events.makeAsyncIterator()
        let (teacher, _) = try await lesson(on: server, population: 10_000)
        try teacher.send(.replicates(count: 200, horizon: 200, metric: "meanTrait"))
        guard case .stepped(_, let total)? = await nextEvent(&events) else {
            Issue.record("the replicates did not start")
            return
        }
        #expect(total == 200 * 200)

        // When the teacher steps 20 generations while they run
        for generation in 1...20 {
            try teacher.send(.step(count: 1))
            _ = try await teacher.expectReply("stats \(generation)") {
                if case .stats(_, let stats) = $0, stats.generation == generation { true } else { nil }
            }
        }

        // Then every generation came while the replicates were still running (40,000 generations of
        // 10,000 creatures take far longer than 20 of the lesson: the order is what is checked), and no
        // bands came before them
        #expect(watch.stepped < total)
        #expect(!teacher.seen.contains { if case .replicates = $0 { true } else { false } })

        // And ending the lesson stops them, and nothing arrives
        try teacher.send(.end)
        #expect(await nextEvent(&events) == .cancelled)
        while try await teacher.next() != nil {}
        #expect(!teacher.seen.contains { if case .replicates = $0 { true } else { false } })
        await server.stop()
    }

    @Test func aRewindCancelsReplicatesStillRunning() async throws {
        let watch = ReplicateWatch()
        let server = server(watch)
        var events = watch.events.makeAsyncIterator()
        let (teacher, _) = try await lesson(on: server, population: 10_000)
        _ = try await teacher.answers(to: .step(count: 2))
        try teacher.send(.replicates(count: 200, horizon: 200, metric: "population"))
        guard case .stepped? = await nextEvent(&events) else {
            Issue.record("the replicates did not start")
            return
        }
        _ = try await teacher.answers(to: .rewind(count: 1))
        #expect(await nextEvent(&events) == .cancelled)
        let after = try await teacher.answers(to: .ping)
        #expect(!after.contains { if case .replicates = $0 { true } else { false } })
        #expect(!teacher.seen.contains { if case .replicates = $0 { true } else { false } })
        await server.stop()
    }

    @Test func everyoneGetsTheBandsOfTheNewestRequest() async throws {
        // Given a teacher and a student
        let watch = ReplicateWatch()
        let server = server(watch)
        var events = watch.events.makeAsyncIterator()
        let (teacher, code) = try await lesson(on: server, population: 10_000)
        let student = server.connect()
        _ = try await student.attach(.join(code: code, name: "Ada"))

        // When a long request is superseded by a short one
        try teacher.send(.replicates(count: 200, horizon: 200, metric: "population"))
        guard case .stepped? = await nextEvent(&events) else {
            Issue.record("the replicates did not start")
            return
        }
        try teacher.send(.replicates(count: 5, horizon: 3, metric: "meanTrait"))

        // Then the first is cancelled and both see only the second's bands
        var seen: [ReplicateProgress] = []
        while seen.filter({ $0 == .finished || $0 == .cancelled }).count < 2, let event = await nextEvent(&events) {
            seen.append(event)
        }
        #expect(seen.contains(.cancelled) && seen.contains(.finished))
        for peer in [teacher, student] {
            let bands = try await peer.expectReply("replicates") { if case .replicates(let b) = $0 { b } else { nil } }
            #expect(bands.replicates == 5 && bands.horizon == 3 && bands.metric == "meanTrait")
            #expect(bands.median.count == 4)
        }
        await server.stop()
    }

    @Test func theWorkerGivesTheSameTracesOnOneThreadOrMany() async throws {
        var model = try CamouflageModel(parameters: CamouflageParameters(), seed: 5)
        for _ in 0..<3 { model.step() }
        let job = ReplicateJob(
            request: 1, position: TimelinePosition(timeline: 0, generation: 3), model: model, lessonSeed: 5, count: 7,
            horizon: 10, metric: MetricID("population"))
        let one = await ReplicateWorker.run(job, threads: 1)
        let three = await ReplicateWorker.run(job, threads: 3)
        #expect(one != nil && one == three)
        #expect(one?.count == 7)
        #expect(ReplicateWorker.split(7, into: 3) == [0..<2, 2..<4, 4..<7])
        #expect(ReplicateWorker.split(2, into: 8) == [0..<1, 1..<2])
    }
}
