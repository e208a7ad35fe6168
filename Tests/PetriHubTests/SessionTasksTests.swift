import PetriHubTesting
import PetriPeer
import PetriProtocol
import PetriTransport
import Testing

@testable import PetriHub

/// Sessions are tracked one task each, found by number when they end (no scan of the others),
/// and whoever serves the connections can still wait for every session to end.
@Suite struct SessionTasksTests {
    /// A session that runs until its stream finishes, like a connection's events.
    private func sessions(_ count: Int) -> (SessionTasks, [AsyncStream<Void>.Continuation]) {
        let sessions = SessionTasks()
        var ends: [AsyncStream<Void>.Continuation] = []
        for _ in 0..<count {
            let (events, end) = AsyncStream.makeStream(of: Void.self)
            ends.append(end)
            sessions.start {
                for await _ in events {}
            }
        }
        return (sessions, ends)
    }

    @Test(.timeLimit(.minutes(1))) func thousandsOfSessionsEndingAtOnceAllEndAndAreForgotten() async {
        // Given five thousand running sessions
        let (sessions, ends) = sessions(5000)
        #expect(sessions.count == 5000)
        // When they all end at once
        for end in ends { end.finish() }
        // Then waiting for them returns, and none is left
        await sessions.allEnded()
        #expect(sessions.count == 0)
    }

    @Test(.timeLimit(.minutes(1))) func waitingForTheSessionsReturnsOnlyOnceTheLastHasEnded() async {
        // Given three sessions, and someone waiting for them all
        let (sessions, ends) = sessions(3)
        let (returned, returning) = AsyncStream.makeStream(of: Int.self)
        let waiter = Task {
            await sessions.allEnded()
            returning.yield(sessions.count)
            returning.finish()
        }
        // When two of them end
        ends[0].finish()
        ends[1].finish()
        while sessions.count > 1 { await Task.yield() }
        // Then the one still running is what the waiter waits for: it returns when that one ends, with none left
        #expect(sessions.count == 1)
        ends[2].finish()
        var iterator = returned.makeAsyncIterator()
        #expect(await iterator.next() == 0)
        await waiter.value
    }

    @Test(.timeLimit(.minutes(1))) func cancellingTheSessionsEndsEveryOneAndThoseStartedLater() async {
        // Given sessions that run until cancelled
        let (sessions, _) = sessions(100)
        // When they are cancelled, and one more starts after that
        sessions.cancelAll()
        let (events, _) = AsyncStream.makeStream(of: Void.self)
        sessions.start {
            for await _ in events {}
        }
        // Then every one of them ends
        await sessions.allEnded()
        #expect(sessions.count == 0)
    }

    @Test(.timeLimit(.minutes(1))) func aClassClosingAllItsConnectionsAtOnceEndsEverySessionAndTheServingReturns()
        async throws
    {
        // Given a hub serving a class of five hundred over the in-memory transport
        let transport = InMemoryTransport()
        let hub = Hub(
            transport: transport, storage: InMemoryLessonStorage(), clock: ManualClock(), teacherKey: testTeacherKey)
        let serving = Task { await hub.serve(connections: transport.connections) }
        let teacher = ProtocolPeer(transport.connect())
        let (code, token) = try await teacher.createLesson()
        _ = try await teacher.attach(.teach(code: code, token: token, lastSeen: nil))
        let size = 500
        var students: [ProtocolPeer] = []
        for i in 0..<size {
            let student = ProtocolPeer(transport.connect(remoteAddress: "10.0.\(i / 250).\(i % 250)"))
            _ = try await student.attach(.join(code: code, name: "Student \(i)"))
            students.append(student)
        }
        // When every student's connection closes at once
        for student in students { student.close(code: .normal, reason: "") }
        // Then every session hands its close to the lesson: the teacher sees each student go offline
        var offline: Set<StudentID> = []
        while offline.count < size {
            switch try await teacher.next() {
            case .student(let entry) where !entry.online: offline.insert(entry.student)
            case nil:
                Issue.record("The teacher's connection closed with \(offline.count) students offline.")
                return
            default: continue
            }
        }
        // And once the transport shuts down, serving returns: no session is left running
        await hub.stopAll()
        transport.shutdown()
        await serving.value
        #expect(offline.count == size)
    }
}
