import PetriHubTesting
import PetriLesson
import PetriPeer
import PetriProtocol
import PetriSimulation
import Testing

@testable import PetriHub

/// The lesson's mailbox, lined up exactly by holding the storage's writes: commands that queue
/// during a write (behind the batch the lesson applies meanwhile, see ``HubPipelineTests``) are
/// stored together in the next write they can go in (group commit), handled in arrival order
/// (an answer queued before a step counts, one queued after it is late), and each connection
/// gets what they caused in order.
@Suite struct HubBatchingTests {
    private static let moths: JSONValue = .object(["population": .number(60), "reproductiveChance": .number(0.6)])

    private struct Lesson {
        var teacher: ProtocolPeer
        var code: JoinCode
        var host: any RunningLesson
    }

    private func lesson(on server: InProcessHub) async throws -> Lesson {
        let teacher = server.connect()
        let (code, token) = try await teacher.createLesson(.camouflage, Self.moths)
        _ = try await teacher.attach(.teach(code: code, token: token, lastSeen: nil))
        let host = try #require(await server.hub.host(for: code))
        return Lesson(teacher: teacher, code: code, host: host)
    }

    /// Holds the storage's next write (of `blocker`'s join) and lets the lesson apply the next batch
    /// behind it (another join, whose write waits for the held one), so the lesson's mailbox fills up
    /// behind both.
    private func holdAWrite(on server: InProcessHub, _ lesson: Lesson) async throws -> ProtocolPeer {
        var waits = server.storage.appendWaiting.makeAsyncIterator()
        await server.storage.holdAppends()
        let students = await lesson.host.studentCount()
        let blocker = server.connect(from: "10.0.9.9")
        try blocker.send(.join(code: lesson.code, name: "Blocker"))
        await waits.next()
        let behind = server.connect(from: "10.0.9.8")
        try behind.send(.join(code: lesson.code, name: "Behind"))
        while await lesson.host.studentCount() < students + 2 { await Task.yield() }
        return blocker
    }

    private func waitUntilQueued(_ count: Int, in host: any RunningLesson) async {
        while await host.queuedCommandCount() < count { await Task.yield() }
    }

    @Test func commandsThatQueueDuringAWriteAreStoredTogetherInTheNextWrite() async throws {
        let server = InProcessHub()
        let lesson = try await lesson(on: server)
        // Given a write under way
        let blocker = try await holdAWrite(on: server, lesson)
        let before = await server.storage.appendSizes.count

        // When five students join meanwhile
        var students: [ProtocolPeer] = []
        for i in 0..<5 {
            let student = server.connect(from: "10.0.1.\(i)")
            try student.send(.join(code: lesson.code, name: "Student \(i)"))
            students.append(student)
        }
        await waitUntilQueued(5, in: lesson.host)
        await server.storage.releaseAppends()

        // Then each is welcomed, and their five joins were stored in one write after the held one and
        // the one applied behind it
        _ = try await blocker.expect("welcome") { if case .welcome = $0 { true } else { nil } }
        for student in students {
            _ = try await student.expect("welcome") { if case .welcome = $0 { true } else { nil } }
        }
        let sizes = await server.storage.appendSizes
        #expect(Array(sizes.dropFirst(before)) == [1, 1, 5])
        await server.stop()
    }

    @Test func aFloodOfCommandsIsStoredInSlicesOfAtMostCommandsPerTurnInArrivalOrder() async throws {
        let server = InProcessHub { $0.commandsPerTurn = 3 }
        let lesson = try await lesson(on: server)
        var students: [ProtocolPeer] = []
        for i in 0..<7 {
            let student = server.connect(from: "10.0.2.\(i)")
            _ = try await student.attach(.join(code: lesson.code, name: "Student \(i)"))
            students.append(student)
        }
        try lesson.teacher.send(.ask(QuestionSpec(metric: "meanTrait", kind: .number(tolerance: nil), horizon: 3)))
        var question: QuestionInfo?
        for student in students {
            question = try await student.expect("question") { if case .question(let q) = $0 { q } else { nil } }
        }
        let id = try #require(question).id

        // Given a write under way, when seven students answer meanwhile (one after another)
        let blocker = try await holdAWrite(on: server, lesson)
        let before = await server.storage.appendSizes.count
        for (i, student) in students.enumerated() {
            try student.send(.answer(question: id, prediction: .number(Double(10 * i))))
            await waitUntilQueued(i + 1, in: lesson.host)
        }
        await server.storage.releaseAppends()

        // Then every answer is accepted, and they were stored three, three and one at a time, after the
        // held write and the one applied behind it, in the order they came
        _ = try await blocker.expect("welcome") { if case .welcome = $0 { true } else { nil } }
        for (i, student) in students.enumerated() {
            let accepted = try await student.expect("answerAccepted") {
                if case .answerAccepted(_, let prediction, _) = $0 { prediction } else { nil }
            }
            #expect(accepted == .number(Double(10 * i)))
        }
        let sizes = await server.storage.appendSizes
        #expect(Array(sizes.dropFirst(before)) == [1, 1, 3, 3, 1])
        let answered = await server.storage.inner.log(ofLesson: lesson.host.record.id).suffix(7).map(\.command)
        #expect(answered == (0..<7).map { LessonCommand.answer(id, .number(Double(10 * $0))) })
        await server.stop()
    }

    @Test func anAnswerQueuedBeforeAStepCountsAndOneQueuedAfterItIsLate() async throws {
        let server = InProcessHub()
        let lesson = try await lesson(on: server)
        let ada = server.connect(from: "10.0.0.2")
        _ = try await ada.attach(.join(code: lesson.code, name: "Ada"))
        let bo = server.connect(from: "10.0.0.3")
        _ = try await bo.attach(.join(code: lesson.code, name: "Bo"))
        // Given an open question
        try lesson.teacher.send(.ask(QuestionSpec(metric: "meanTrait", kind: .number(tolerance: nil), horizon: 3)))
        let question = try await ada.expect("question") { if case .question(let q) = $0 { q } else { nil } }
        _ = try await bo.expect("question") { if case .question(let q) = $0 { q } else { nil } }

        // When Ada's answer, the teacher's step and Bo's answer queue in that order behind a write
        _ = try await holdAWrite(on: server, lesson)
        try ada.send(.answer(question: question.id, prediction: .number(40)))
        await waitUntilQueued(1, in: lesson.host)
        try lesson.teacher.send(.step(count: 1))
        await waitUntilQueued(2, in: lesson.host)
        try bo.send(.answer(question: question.id, prediction: .number(60)))
        await waitUntilQueued(3, in: lesson.host)
        await server.storage.releaseAppends()

        // Then Ada's counts, the step locks the question, and Bo's is late
        _ = try await ada.expect("answerAccepted") { if case .answerAccepted = $0 { true } else { nil } }
        _ = try await bo.expect("questionLocked") {
            if case .questionLocked(question.id, _, _) = $0 { true } else { nil }
        }
        #expect(try await bo.expectError().code == .lateAnswer)
        await server.stop()
    }

    @Test func aConnectionGetsTheGenerationsOfOneCommandInOrder() async throws {
        let server = InProcessHub()
        let lesson = try await lesson(on: server)
        let ada = server.connect(from: "10.0.0.2")
        _ = try await ada.attach(.join(code: lesson.code, name: "Ada"))
        // When one command steps five generations (a connection's own commands are handled one
        // at a time, so it cannot queue several behind a write)
        try lesson.teacher.send(.step(count: 5))

        // Then the teacher's stats and the student's snapshots come in generation order
        var stats: [Int] = []
        while stats.last != 5 {
            stats.append(
                try await lesson.teacher.expect("stats") { if case .stats(_, let s) = $0 { s.generation } else { nil } }
            )
        }
        #expect(stats == [1, 2, 3, 4, 5])
        var snapshots: [Int] = []
        while snapshots.last != 5 {
            snapshots.append(
                try await ada.expect("snapshot") { if case .snapshot(let h, _) = $0 { h.generation } else { nil } })
        }
        #expect(snapshots == snapshots.sorted() && Set(snapshots).count == snapshots.count)
        await server.stop()
    }
}
