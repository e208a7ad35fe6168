import PetriHubTesting
import PetriPeer
import PetriProtocol
import PetriSimulation
import PetriTransport
import Synchronization
import Testing

@testable import PetriHub

/// `describeModels`: every model's description for anyone, before, without or within a lesson; a teacher
/// key given with it is checked, which is how the browser console signs a teacher in.
@Suite struct DescribeModelsTests {
    private static func models(_ peer: ProtocolPeer) async throws -> [ModelDescription] {
        try await peer.expect("models") { if case .models(let m) = $0 { m } else { nil } }
    }

    @Test(.timeLimit(.minutes(1))) func anyoneGetsEveryModelsDescriptionBeforeAnyLesson() async throws {
        let server = InProcessHub()
        let someone = server.connect()
        // When a fresh connection asks with no key, Then it gets every model, as the models describe themselves
        try someone.send(.describeModels(teacherKey: nil))
        #expect(try await Self.models(someone) == ModelKind.allDescriptions)
        // And with the right key, the same
        try someone.send(.describeModels(teacherKey: testTeacherKey))
        #expect(try await Self.models(someone).map(\.model) == ModelKind.allCases.map(\.rawValue))
        #expect(await server.hub.lessonCount == 0)
        await server.stop()
    }

    @Test(.timeLimit(.minutes(1))) func aWrongKeyGetsTheSentenceCreateGivesAndTheConnectionStaysUsable() async throws {
        let server = InProcessHub()
        let someone = server.connect()
        // When the key is wrong
        try someone.send(.describeModels(teacherKey: "guess"))
        let refusal = try await someone.expectError()
        // Then it is refused as create refuses it
        #expect(refusal.code == .notAuthorised)
        try someone.send(.create(teacherKey: "guess", model: .life, parameters: nil, seed: nil, options: nil))
        #expect(try await someone.expectError() == refusal)
        // And the connection still answers
        try someone.send(.describeModels(teacherKey: nil))
        #expect(try await Self.models(someone).count == ModelKind.allCases.count)
        await server.stop()
    }

    @Test(.timeLimit(.minutes(1))) func aTeacherInALessonMayAskToo() async throws {
        let server = InProcessHub()
        let teacher = server.connect()
        let (code, token) = try await teacher.createLesson(.camouflage, nil)
        _ = try await teacher.attach(.teach(code: code, token: token, lastSeen: nil))
        try teacher.send(.describeModels(teacherKey: nil))
        #expect(try await Self.models(teacher).contains { $0.model == "camouflage" && !$0.scenarios.isEmpty })
        await server.stop()
    }

    @Test(.timeLimit(.minutes(1))) func everyAnswerIsTheSameBufferEncodedOnceForTheServer() async throws {
        // Given a hub whose transport keeps every message it is handed
        let transport = RecordingTransport()
        let hub = Hub(
            transport: transport, storage: GatedStorage(), clock: ManualClock(), teacherKey: InProcessHub.teacherKey)
        let serving = Task { await hub.serve(connections: transport.connections) }
        let first = ProtocolPeer(transport.inner.connect(remoteAddress: "10.0.0.1"))
        let second = ProtocolPeer(transport.inner.connect(remoteAddress: "10.0.0.2"))

        // When two connections ask without a key, and one again with the right key
        try first.send(.describeModels(teacherKey: nil))
        try second.send(.describeModels(teacherKey: nil))
        try second.send(.describeModels(teacherKey: InProcessHub.teacherKey))
        for peer in [first, second, second] { #expect(try await Self.models(peer) == ModelKind.allDescriptions) }

        // Then every answer was the one buffer the hub encoded when it started: the same object,
        // so the same bytes, and no answer encoded on its own
        let cached = try #require(hub.describedModels)
        let answers = transport.sent.withLock { $0 }.filter { $0.bytes == cached.bytes }
        #expect(answers.count == 3)
        #expect(answers.allSatisfy { $0 === cached })

        await hub.stopAll()
        transport.inner.shutdown()
        await serving.value
    }

    @Test(.timeLimit(.minutes(1))) func anUnauthenticatedFloodIsRateLimitedThenClosed() async throws {
        // Given a server whose connections may send 3 messages back to back (the manual clock never refills them)
        let server = InProcessHub { $0.messageBurst = 3 }
        let flooder = server.connect()

        // When a connection that never joined or gave a key sends describeModels 30 times
        for _ in 0..<30 { try flooder.send(.describeModels(teacherKey: nil)) }
        var answers: [ServerMessage] = []
        while let message = try await flooder.next() { answers.append(message) }

        // Then it gets 3 descriptions, then rate-limited errors, then the close for too many messages
        let described = answers.prefix { if case .models = $0 { true } else { false } }
        #expect(described.count == 3)
        let refusals = answers.dropFirst(3)
        #expect(!refusals.isEmpty)
        #expect(refusals.allSatisfy { if case .error(let e) = $0 { e.code == .rateLimited } else { false } })
        #expect(flooder.closed?.code == .policyViolation)
        await server.stop()
    }
}

/// The in-memory transport, keeping every message the hub hands it (to check which buffer went out).
private final class RecordingTransport: Transport {
    let inner = InMemoryTransport()
    let sent = Mutex<[OutboundMessage]>([])

    var connections: AsyncStream<Connection> { inner.connections }
    var counts: TransportCounts { inner.counts }
    var isOverOutboundBudget: Bool { inner.isOverOutboundBudget }

    func send(_ message: OutboundMessage, to id: ConnectionID, policy: DeliveryPolicy) {
        sent.withLock { $0.append(message) }
        inner.send(message, to: id, policy: policy)
    }

    func broadcast(_ message: OutboundMessage, to ids: [ConnectionID], policy: DeliveryPolicy) {
        for id in ids { send(message, to: id, policy: policy) }
    }

    func close(_ id: ConnectionID, code: CloseCode, reason: String) { inner.close(id, code: code, reason: reason) }

    func submit(_ batch: [TransportInstruction]) { submitEachInTurn(batch) }
}
