import Logging
import PetriHub
import PetriPeer
import PetriProtocol
import PetriSimulation
import PetriStorage
import PetriTransport

/// One lesson on an in-process hub (in-memory transport and storage, the server's default replicate threads,
/// no rate limit) with its teacher attached: what the replicate benches time the lesson's steps on.
struct InProcessLesson {
    let teacher: ProtocolPeer
    private let hub: Hub
    private let transport: InMemoryTransport
    private let serving: Task<Void, Never>

    /// Creates the lesson and attaches its teacher (returns after the teacher's welcome).
    /// - Parameter replicateProgress: The hub's progress hook for replicates, which the benches count.
    static func open(
        model: ModelKind, parameters: JSONValue, seed: UInt64, options: LessonOptions?,
        replicateProgress: @escaping @Sendable (ReplicateProgress) -> Void
    ) async throws -> InProcessLesson {
        var configuration = HubConfiguration()
        configuration.messageBurst = 1_000_000
        configuration.messagesPerSecond = 1_000_000
        configuration.replicateProgress = replicateProgress
        let transport = InMemoryTransport()
        let key = "bench-teacher-key-0123456789"
        var logger = Logger(label: "petri.bench")
        logger.logLevel = .error
        let hub = Hub(
            transport: transport, storage: InMemoryLessonStorage(), clock: SystemClock(), teacherKey: key,
            configuration: configuration, logger: logger)
        let connections = transport.connections
        let serving = Task { await hub.serve(connections: connections) }
        let teacher = peer(transport.connect(remoteAddress: "127.0.0.1"))
        try teacher.send(.create(teacherKey: key, model: model, parameters: parameters, seed: seed, options: options))
        let (code, token) = try await teacher.expectReply {
            if case .created(let c, let t) = $0 { (c, t) } else { nil }
        }
        try teacher.send(.teach(code: code, token: token, lastSeen: nil))
        _ = try await teacher.expectReply { if case .welcome = $0 { true } else { nil } }
        return InProcessLesson(teacher: teacher, hub: hub, transport: transport, serving: serving)
    }

    /// Ends the lesson and stops the hub.
    func close() async throws {
        try teacher.send(.end)
        await hub.stopAll()
        transport.shutdown()
        await serving.value
    }

    /// A protocol peer on the client end of an in-memory connection.
    private static func peer(_ peer: InMemoryPeer) -> ProtocolPeer {
        var deliveries = peer.received.makeAsyncIterator()
        return ProtocolPeer(
            send: { message in peer.send(text: String(decoding: message.bytes, as: UTF8.self)) },
            close: { peer.close(code: $0, reason: $1) },
            receive: {
                switch await deliveries.next() {
                case .message(.text, let bytes, _): .text(TextFrame(String(decoding: bytes, as: UTF8.self)))
                case .message(.binary, let bytes, _): .binary(bytes)
                case .closed(let code, let reason): .closed(code, reason: reason)
                case nil: nil
                }
            })
    }
}
