import PetriHubTesting
import PetriLesson
import PetriPeer
import PetriProtocol
import PetriStorage
import Testing

@testable import PetriHub

/// A lesson applies its next batch while the previous batch's write is under way, and still sends and
/// acknowledges nothing of a batch before that batch is durable, in order (in-process hub, manual clock,
/// gated storage sharing its writes as the SQLite store does). Two teachers of one lesson each step it
/// once: the first step is batch 1, the second (sent while batch 1's write is held) batch 2.
@Suite struct HubPipelineTests {
    private struct DiskFull: Error {}

    /// A lesson with two teachers, its writes held, and the first teacher's step in the held write.
    private struct HeldStep {
        let server: InProcessHub
        let first: ProtocolPeer
        let second: ProtocolPeer
        let code: JoinCode
        let token: AccessToken
        let id: String
        let lesson: any ShowsAppliedLesson
        /// Yields each time a held write starts waiting.
        var held: AsyncStream<Void>.Iterator
        /// The lesson as batch 1 left it (applied, not yet stored).
        let afterFirst: AppliedLesson
        /// Messages sent, writes acknowledged and shared writes started before the first step.
        let sent: Int
        let acknowledged: Int
        let writesStarted: Int
    }

    private func heldStep(configure: (inout HubConfiguration) -> Void = { _ in }) async throws -> HeldStep {
        let server = InProcessHub(storage: GatedStorage(sharedCommits: true), configure: configure)
        let first = server.connect(from: "10.0.0.1")
        let (code, token) = try await first.createLesson()
        _ = try await first.attach(.teach(code: code, token: token, lastSeen: nil))
        let second = server.connect(from: "10.0.0.2")
        _ = try await second.attach(.teach(code: code, token: token, lastSeen: nil))
        let host = try #require(await server.hub.host(for: code))
        let lesson = try #require(host as? any ShowsAppliedLesson)
        var held = server.storage.appendWaiting.makeAsyncIterator()
        await server.storage.holdAppends()
        let sent = server.transport.counts.messagesOut
        let acknowledged = server.writes.count
        let writesStarted = await server.storage.sharedWrites.count
        try first.send(.step(count: 1))
        await held.next()
        let afterFirst = await lesson.applied()
        return HeldStep(
            server: server, first: first, second: second, code: code, token: token, id: host.record.id,
            lesson: lesson, held: held, afterFirst: afterFirst, sent: sent, acknowledged: acknowledged,
            writesStarted: writesStarted)
    }

    /// Whether the lesson reaches `generation` in memory (within a bounded number of turns of the test's task).
    private func applies(_ lesson: any ShowsAppliedLesson, generation: Int) async -> Bool {
        for _ in 0..<10_000 {
            if await lesson.applied().generation == generation { return true }
            await Task.yield()
        }
        return false
    }

    private func stepped(_ peer: ProtocolPeer, to generation: Int) async throws {
        _ = try await peer.expectReply("generation \(generation)") {
            if case .snapshot(let header, _) = $0, header.generation == generation { true } else { nil }
        }
    }

    /// Reads everything up to the close: the generations of the snapshots among it, and the errors' codes.
    private func untilClosed(_ peer: ProtocolPeer) async throws -> (snapshots: [Int], errors: [ProtocolError.Code]) {
        var read: (snapshots: [Int], errors: [ProtocolError.Code]) = ([], [])
        while let message = try await peer.next() {
            switch message {
            case .snapshot(let header, _): read.snapshots.append(header.generation)
            case .error(let error): read.errors.append(error.code)
            default: break
            }
        }
        return read
    }

    /// Attaches again (until the reloaded lesson answers) and returns the generation it is at.
    private func reloadedGeneration(_ given: HeldStep) async throws -> Int? {
        while true {
            let answers = try await given.server.connect().answers(
                to: .teach(code: given.code, token: given.token, lastSeen: nil))
            if let welcome = answers.lazy.compactMap({ if case .welcome(let w) = $0 { w } else { nil } }).first {
                return welcome.position.generation
            }
            guard case .error(let e)? = answers.first, e.code == .lessonReloading else { return nil }
        }
    }

    @Test func theNextBatchIsAppliedWhileTheWriteBeforeItIsHeldAndNothingOfItLeavesBeforeBothAreDurable()
        async throws
    {
        // Given the first teacher's step in a write that is held,
        var given = try await heldStep()
        let (server, lesson) = (given.server, given.lesson)

        // when the second teacher steps meanwhile, the lesson applies that step at once,
        try given.second.send(.step(count: 1))
        try #require(await applies(lesson, generation: 2), "batch 2 is applied while batch 1's write is held")
        #expect(await server.hub.host(for: given.code)?.queuedCommandCount() == 0)
        // yet sends nothing and acknowledges nothing of either step, and does not write the second before
        // the first is durable;
        #expect(server.transport.counts.messagesOut == given.sent)
        #expect(server.writes.count == given.acknowledged)
        #expect(await server.storage.sharedWrites.count == given.writesStarted + 1)

        // once the first write is durable, the first step reaches both teachers and the second's write starts,
        await server.storage.releaseOneAppend()
        try await stepped(given.first, to: 1)
        try await stepped(given.second, to: 1)
        await given.held.next()
        #expect(server.writes.count == given.acknowledged + 1)
        #expect(await server.storage.sharedWrites.suffix(2) == [[given.id], [given.id]])

        // and the second step reaches them once its own write is durable, stored after the first.
        await server.storage.releaseAppends()
        try await stepped(given.first, to: 2)
        try await stepped(given.second, to: 2)
        #expect(server.writes.count == given.acknowledged + 2)
        let log = await server.storage.inner.log(ofLesson: given.id)
        #expect(log.suffix(2).map(\.command) == [.step(count: 1), .step(count: 1)])
        #expect(log.map(\.sequence) == Array(1...log.count))
        await server.stop()
    }

    @Test func aBatchWhoseOwnWriteFailsBehindADurableOneIsNeverSentAndTheLessonReloadsAsStored() async throws {
        // Given the second teacher's step applied while the first's write is held,
        var given = try await heldStep()
        let server = given.server
        try given.second.send(.step(count: 1))
        try #require(await applies(given.lesson, generation: 2), "batch 2 is applied while batch 1's write is held")

        // when the first write is durable and the second's fails,
        await server.storage.releaseOneAppend()
        try await stepped(given.first, to: 1)
        await given.held.next()
        await server.storage.failNextSharedWrite(with: DiskFull())
        await server.storage.releaseAppends()

        // then the second teacher is told its step was not saved, neither teacher ever sees generation 2,
        let (second, first) = (try await untilClosed(given.second), try await untilClosed(given.first))
        // (beyond the attach's picture of generation 0)
        #expect(second.errors == [.lessonReloading])
        #expect(second.snapshots.filter { $0 > 0 } == [1])
        #expect(first.snapshots.filter { $0 > 0 }.isEmpty)
        #expect(given.second.closed?.code == .storageUnavailable)
        // only the first write was reported stored (the second failed), and the lesson comes back as stored:
        // after the first step.
        #expect(server.writes.count == given.acknowledged + 2)
        #expect(server.writes.last == false)
        #expect(try await reloadedGeneration(given) == 1)
        await server.stop()
    }

    @Test func aFailingWriteFailsTheBatchAppliedBehindItAndTheLessonReloadsAsStored() async throws {
        // Given the second teacher's step applied while the first's write is held,
        let given = try await heldStep()
        let server = given.server
        try given.second.send(.step(count: 1))
        try #require(await applies(given.lesson, generation: 2), "batch 2 is applied while batch 1's write is held")

        // when that write fails,
        await server.storage.failNextSharedWrite(with: DiskFull())
        await server.storage.releaseAppends()

        // then both teachers are told their step was not saved, neither sees generation 1 or 2 (beyond the
        // attach's picture of generation 0), and both are closed to reconnect;
        for teacher in [given.first, given.second] {
            let read = try await untilClosed(teacher)
            #expect(read.errors == [.lessonReloading])
            #expect(read.snapshots.filter { $0 > 0 }.isEmpty)
            #expect(teacher.closed?.code == .storageUnavailable)
        }
        // the second step was never written (it depended on the first), the one write was reported failed,
        #expect(await server.storage.sharedWrites.count == given.writesStarted + 1)
        #expect(server.writes.count == given.acknowledged + 1)
        #expect(server.writes.last == false)
        // and the lesson comes back from storage as it holds it: at generation 0.
        #expect(try await reloadedGeneration(given) == 0)
        await server.stop()
    }

    @Test func aCheckpointDueAfterABatchIsTheLessonExactlyAsThatBatchLeftIt() async throws {
        // Given a lesson that saves a checkpoint every two generations stepped, the second teacher's step
        // applied while the first's write is held,
        var given = try await heldStep {
            $0.checkpoints = CheckpointPolicy(everyEntries: 1_000_000, everyGenerations: 2)
        }
        let server = given.server
        try given.second.send(.step(count: 1))
        try #require(await applies(given.lesson, generation: 2), "batch 2 is applied while batch 1's write is held")
        let afterSecond = await given.lesson.applied()

        // when the first write is durable, the first teacher steps again while the second's write is held,
        await server.storage.releaseOneAppend()
        try await stepped(given.first, to: 1)
        await given.held.next()
        try given.first.send(.step(count: 1))
        await server.storage.releaseAppends()
        try await stepped(given.first, to: 3)

        // then the checkpoint due after the second step holds the lesson as of that step, not of the third.
        var checkpoint: LessonCheckpoint?
        for _ in 0..<100_000 where (checkpoint?.generation ?? 0) == 0 {
            checkpoint = await server.storage.inner.recovery(ofLesson: given.id).checkpoint
            await Task.yield()
        }
        let saved = try #require(checkpoint)
        #expect(saved.sequence == afterSecond.lastSequence)
        #expect(saved.generation == 2)
        #expect(saved.stateHash == afterSecond.stateHash)
        await server.stop()
    }

    @Test func aKillBetweenTwoBatchesReplaysToTheStateOfTheDurableOne() async throws {
        // Given the second teacher's step applied while the first's write is held,
        var given = try await heldStep()
        let server = given.server
        try given.second.send(.step(count: 1))
        try #require(await applies(given.lesson, generation: 2), "batch 2 is applied while batch 1's write is held")
        #expect(await given.lesson.applied().stateHash != given.afterFirst.stateHash)

        // when the first write is durable and the server is killed while the second's is under way (it is
        // held for good: it never reaches the store),
        await server.storage.releaseOneAppend()
        try await stepped(given.first, to: 1)
        await given.held.next()

        // then a server started on what was stored replays the lesson to exactly the first step's state.
        let restarted = try await server.restarted()
        let host = try #require(await restarted.hub.host(for: given.code))
        let replayed = try #require(await (host as? any ShowsAppliedLesson)?.applied())
        #expect(replayed == given.afterFirst)
        #expect(replayed.generation == 1)
        await restarted.stop()
        // (The killed server's write is let go as failed, so that its tasks end.)
        await server.storage.failNextSharedWrite(with: DiskFull())
        await server.storage.releaseAppends()
        await server.stop()
    }
}

/// A running lesson's state in memory, applied whether stored yet or not.
private struct AppliedLesson: Equatable {
    var generation: Int
    var stateHash: UInt64
    var lastSequence: Int
}

private protocol ShowsAppliedLesson: Actor {
    func applied() -> AppliedLesson
}

extension LessonActor: ShowsAppliedLesson {
    fileprivate func applied() -> AppliedLesson {
        AppliedLesson(generation: lesson.generation, stateHash: lesson.stateHash, lastSequence: lesson.lastLogSequence)
    }
}
