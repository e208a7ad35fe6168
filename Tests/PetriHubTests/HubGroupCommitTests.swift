import PetriHubTesting
import PetriPeer
import PetriProtocol
import PetriStorage
import Testing

@testable import PetriHub

/// Group commit across lessons: several lessons' batches in one shared write, lined up exactly by
/// holding the storage's writes (in-process hub, manual clock, gated storage sharing its writes as
/// the SQLite store does). Each lesson here is a teacher stepping it; a step is one log entry.
@Suite struct HubGroupCommitTests {
    private struct Lesson {
        var teacher: ProtocolPeer
        var code: JoinCode
        var token: AccessToken
        var id: String
    }

    private struct DiskFull: Error {}

    private func lessons(_ count: Int, on server: InProcessHub) async throws -> [Lesson] {
        var lessons: [Lesson] = []
        for index in 0..<count {
            let teacher = server.connect(from: "10.0.0.\(index + 1)")
            let (code, token) = try await teacher.createLesson()
            _ = try await teacher.attach(.teach(code: code, token: token, lastSeen: nil))
            let id = try #require(await server.hub.host(for: code)).record.id
            lessons.append(Lesson(teacher: teacher, code: code, token: token, id: id))
        }
        return lessons
    }

    /// Where every test here starts: `count` lessons (at least 3) on a hub whose storage shares its writes, a
    /// shared write under way (held) with lesson 0's step, and lessons 1 and 2 stepping behind it.
    private struct HeldWrite {
        let server: InProcessHub
        let lessons: [Lesson]
        /// Yields each time a held write starts waiting.
        var held: AsyncStream<Void>.Iterator
        /// Batches the group commit had received before the steps.
        let received: Int
        /// Writes acknowledged before the steps.
        let acknowledged: Int
    }

    private func heldWrite(lessons count: Int) async throws -> HeldWrite {
        let server = InProcessHub(storage: GatedStorage(sharedCommits: true))
        let ls = try await lessons(count, on: server)
        var held = server.storage.appendWaiting.makeAsyncIterator()
        await server.storage.holdAppends()
        let acknowledged = server.writes.count
        let received = await server.storage.batchesReceived()
        try ls[0].teacher.send(.step(count: 1))
        await held.next()
        try ls[1].teacher.send(.step(count: 1))
        try ls[2].teacher.send(.step(count: 1))
        await waitUntilReceived(received + 3, on: server)
        return HeldWrite(server: server, lessons: ls, held: held, received: received, acknowledged: acknowledged)
    }

    /// Returns once `count` batches in all have reached the group commit.
    private func waitUntilReceived(_ count: Int, on server: InProcessHub) async {
        while await server.storage.batchesReceived() < count { await Task.yield() }
    }

    private func stepped(_ lesson: Lesson, to generation: Int) async throws {
        _ = try await lesson.teacher.expectReply("generation \(generation)") {
            if case .snapshot(let header, _) = $0, header.generation == generation { true } else { nil }
        }
    }

    @Test func aLessonsStepIsAcknowledgedOnlyOnceTheSharedWriteHoldingItIsDurable() async throws {
        // Given a shared write under way with the first lesson's step, when the other two step meanwhile
        var given = try await heldWrite(lessons: 3)
        let (server, ls, acknowledged) = (given.server, given.lessons, given.acknowledged)

        // Then nothing is acknowledged while the first write is held,
        #expect(server.writes.count == acknowledged)
        // and once it is durable the two go together in the next shared write,
        await server.storage.releaseOneAppend()
        try await stepped(ls[0], to: 1)
        await given.held.next()
        let writes = await server.storage.sharedWrites
        // (a shared write's lessons as a set: lessons stepping at once reach it in whichever order their actors run)
        #expect(writes.suffix(2).map(Set.init) == [[ls[0].id], [ls[1].id, ls[2].id]])
        // which acknowledges neither before it is durable, and both when it is.
        #expect(server.writes.count == acknowledged + 1)
        await server.storage.releaseAppends()
        try await stepped(ls[1], to: 1)
        try await stepped(ls[2], to: 1)
        #expect(server.writes.count == acknowledged + 3)
        await server.stop()
    }

    @Test func aFailingSharedWriteFailsExactlyTheLessonsInItAndEachReloads() async throws {
        // Given a write with lesson 0's step under way, lessons 1 and 2 stepping behind it,
        var given = try await heldWrite(lessons: 4)
        let (server, ls, received) = (given.server, given.lessons, given.received)
        await server.storage.releaseOneAppend()
        try await stepped(ls[0], to: 1)
        await given.held.next()
        // and lesson 3 stepping behind their shared write,
        try ls[3].teacher.send(.step(count: 1))
        await waitUntilReceived(received + 4, on: server)
        try #require(await server.storage.batchesWaiting() == 1, "lessons 1 and 2 share the write under way")

        // when that shared write fails,
        await server.storage.failNextSharedWrite(with: DiskFull())
        await server.storage.releaseAppends()

        // then lessons 1 and 2 answer their teachers' steps with a retryable error and close with 4014,
        for lesson in ls[1...2] {
            #expect(try await lesson.teacher.expectError().code == .lessonReloading)
            while try await lesson.teacher.next() != nil {}
            #expect(lesson.teacher.closed?.code == .storageUnavailable)
        }
        // lesson 3's step, in the next shared write, is stored and acknowledged,
        try await stepped(ls[3], to: 1)
        let writes = await server.storage.sharedWrites
        #expect(writes.suffix(3).map(Set.init) == [[ls[0].id], [ls[1].id, ls[2].id], [ls[3].id]])
        // lessons 0 and 3 go on without a reload,
        for lesson in [ls[0], ls[3]] {
            try lesson.teacher.send(.step(count: 1))
            try await stepped(lesson, to: 2)
        }
        // and lessons 1 and 2 come back from storage as it holds them: without the failed step.
        for lesson in ls[1...2] {
            var welcome: Welcome?
            while welcome == nil {
                let answers = try await server.connect().answers(
                    to: .teach(code: lesson.code, token: lesson.token, lastSeen: nil))
                welcome = answers.lazy.compactMap { if case .welcome(let w) = $0 { w } else { nil } }.first
                if welcome == nil, case .error(let e)? = answers.first { try #require(e.code == .lessonReloading) }
            }
            #expect(welcome?.position.generation == 0)
        }
        await server.stop()
    }

    @Test func aBatchTheStoreRefusesFailsOnlyItsOwnLesson() async throws {
        // Given lessons 1 and 2 stepping in one shared write, and the store refusing lesson 1's batch,
        let given = try await heldWrite(lessons: 3)
        let (server, ls) = (given.server, given.lessons)
        await server.storage.refuseBatches(ofLesson: ls[1].id)
        await server.storage.releaseAppends()

        // then lesson 1 reloads and lesson 2's step is stored and acknowledged.
        #expect(try await ls[1].teacher.expectError().code == .lessonReloading)
        try await stepped(ls[2], to: 1)
        let writes = await server.storage.sharedWrites
        #expect(writes.suffix(2).map(Set.init) == [[ls[0].id], [ls[1].id, ls[2].id]])
        await server.stop()
    }

    @Test func aSlowLessonHoldsAnothersAcknowledgementBackByAtMostOneOfItsBatches() async throws {
        // Given the slow lesson's batch in a write that takes long (held), and two lessons stepping meanwhile,
        var given = try await heldWrite(lessons: 3)
        let (server, ls, received) = (given.server, given.lessons, given.received)
        let slow = ls[0]

        // when that write is durable, the slow lesson is answered at once (not after the next write),
        await server.storage.releaseOneAppend()
        try await stepped(slow, to: 1)
        await given.held.next()
        // and its next batch waits for the write after the one under way,
        try slow.teacher.send(.step(count: 1))
        await waitUntilReceived(received + 4, on: server)
        let writes = await server.storage.sharedWrites
        try #require(writes.suffix(2).map(Set.init) == [[slow.id], [ls[1].id, ls[2].id]])

        // then the two are acknowledged as soon as their shared write is durable, while the slow
        // lesson's next batch is still held.
        await server.storage.releaseOneAppend()
        try await stepped(ls[1], to: 1)
        try await stepped(ls[2], to: 1)
        await given.held.next()
        #expect(await server.storage.sharedWrites.last == [slow.id])
        await server.storage.releaseAppends()
        try await stepped(slow, to: 2)
        await server.stop()
    }
}
