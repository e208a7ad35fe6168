import PetriHubTesting
import PetriPeer
import PetriProtocol
import PetriStorage
import PetriTransport
import Testing

@testable import PetriHub

/// Sessions are tracked by their connection's events, found by id when they end (no scan of the
/// others), and whoever serves the connections can still wait for every session to end.
@Suite struct OpenSessionsTests {
    /// Sessions whose handlers run until their connection's events finish.
    private func sessions(_ count: Int) -> (OpenSessions, [ConnectionEvents]) {
        let sessions = OpenSessions()
        var all: [ConnectionEvents] = []
        for i in 0..<count {
            let connection = Connection(info: Self.info(i), events: ConnectionEvents())
            all.append(connection.events)
            sessions.opened(connection)
            connection.events.handle(state: ()) { _, _ in
            } ended: {
                sessions.ended(connection.id)
            }
        }
        return (sessions, all)
    }

    private static func info(_ i: Int) -> ConnectionInfo {
        ConnectionInfo(
            id: ConnectionID(UInt64(i)), remoteAddress: "10.0.0.1", path: "/", origin: nil, subprotocol: "petri.v1")
    }

    @Test(.timeLimit(.minutes(1))) func thousandsOfSessionsEndingAtOnceAllEndAndAreForgotten() async {
        // Given five thousand open sessions
        let (sessions, events) = sessions(5000)
        #expect(sessions.count == 5000)
        // When all their connections close at once
        for events in events {
            events.yield(.closed(.normal, reason: ""))
            events.finish()
        }
        // Then waiting for them returns, and none is left
        await sessions.allEnded()
        #expect(sessions.count == 0)
    }

    @Test(.timeLimit(.minutes(1))) func waitingForTheSessionsReturnsOnlyOnceTheLastHasEnded() async {
        // Given three sessions, and someone waiting for them all
        let (sessions, events) = sessions(3)
        let (returned, returning) = AsyncStream.makeStream(of: Int.self)
        let waiter = Task {
            await sessions.allEnded()
            returning.yield(sessions.count)
            returning.finish()
        }
        // When two of them end
        events[0].finish()
        events[1].finish()
        while sessions.count > 1 { await Task.yield() }
        // Then the one still open is what the waiter waits for: it returns when that one ends, with none left
        #expect(sessions.count == 1)
        events[2].finish()
        var iterator = returned.makeAsyncIterator()
        #expect(await iterator.next() == 0)
        await waiter.value
    }

    @Test(.timeLimit(.minutes(1))) func cancellingTheSessionsEndsEveryOneAndThoseOpenedLater() async {
        // Given sessions, one of them busy with an event that lasts until it is cancelled
        let (sessions, events) = sessions(100)
        let busy = Connection(info: Self.info(100), events: ConnectionEvents())
        let (started, starting) = AsyncStream.makeStream(of: Void.self)
        sessions.opened(busy)
        busy.events.handle(state: ()) { _, _ in
            let (never, _) = AsyncStream.makeStream(of: Void.self)
            starting.finish()
            for await _ in never {}
        } ended: {
            sessions.ended(busy.id)
        }
        busy.events.yield(.text(TextFrame("{}")))
        for await _ in started {}
        // When they are cancelled, and one more opens after that
        sessions.cancelAll()
        let late = Connection(info: Self.info(101), events: ConnectionEvents())
        sessions.opened(late)
        late.events.handle(state: ()) { _, _ in
        } ended: {
            sessions.ended(late.id)
        }
        // Then every one of them ends, though no connection closed
        await sessions.allEnded()
        #expect(sessions.count == 0)
        #expect(events.count == 100)
    }

    @Test(.timeLimit(.minutes(1))) func aClosedStudentsSessionIsFreed() async throws {
        // Given a lesson, and a student's connection served by the hub
        let transport = InMemoryTransport()
        let hub = Hub(
            transport: transport, storage: InMemoryLessonStorage(), clock: ManualClock(), teacherKey: testTeacherKey)
        let serving = Task { await hub.serve(connections: transport.connections) }
        let teacher = ProtocolPeer(transport.connect())
        let (code, _) = try await teacher.createLesson()
        weak var freed: ConnectionEvents?
        let (endedStream, ended) = AsyncStream.makeStream(of: Void.self)
        do {
            let connection = Connection(info: Self.info(1_000_000), events: ConnectionEvents())
            freed = connection.events
            hub.startSession(connection) { ended.finish() }
            // When it joins and then closes
            connection.events.yield(.text(TextFrame(#"{"type":"join","code":"\#(code.text)","name":"Ada"}"#)))
            connection.events.yield(.closed(.normal, reason: ""))
            connection.events.finish()
        }
        for await _ in endedStream {}
        // Then nothing keeps its events or its session once the last event's task is done (a
        // leak never ends this wait, and the time limit fails the test)
        while freed != nil { await Task.yield() }
        #expect(freed == nil)
        teacher.close()
        await hub.stopAll()
        transport.shutdown()
        await serving.value
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
