import Logging
import PetriAccounts
import PetriHub
import PetriPeer
import PetriProtocol
import PetriSimulation
import PetriStorage
import PetriTransport
import Synchronization

/// A hub over the in-memory transport, on a manual clock and gated in-memory storage: no
/// sockets and no real time, so a test can drive an interleaving exactly.
///
/// ```swift
/// let server = InProcessHub()
/// let teacher = server.connect()
/// let (code, token) = try await teacher.createLesson()
/// ```
package struct InProcessHub: Sendable {
    /// The teacher key the hub is started with.
    package static let teacherKey = "test-teacher-key-0123456789"

    package let transport = InMemoryTransport()
    package let storage: GatedStorage
    package let clock: ManualClock
    package let hub: Hub
    private let task: Task<Void, Never>
    /// Every `storageWrote` report, in order.
    package let writes = WriteReports()
    /// Teachers' accounts, when the test gives the hub some.
    package let accounts: TeacherAccounts?

    package init(
        storage: GatedStorage = GatedStorage(), clock: ManualClock = ManualClock(),
        logger: Logger = Logger(label: "petri.hub"), accounts: TeacherAccounts? = nil,
        ownership: (any LessonOwnership)? = nil, configure: (inout HubConfiguration) -> Void = { _ in }
    ) {
        self.storage = storage
        self.clock = clock
        self.accounts = accounts
        var configuration = HubConfiguration()
        configure(&configuration)
        let writes = self.writes
        let hub = Hub(
            transport: transport, storage: storage, clock: clock, teacherKey: Self.teacherKey,
            configuration: configuration, logger: logger, storageWrote: { ok in writes.record(ok) },
            ownership: ownership, accounts: accounts)
        self.hub = hub
        let connections = transport.connections
        task = Task {
            await hub.serve(connections: connections)
        }
    }

    /// A server started again on the same storage and clock (after ``stop()``), lessons restored.
    package func restarted(configure: (inout HubConfiguration) -> Void = { _ in }) async throws -> InProcessHub {
        let next = InProcessHub(storage: storage, clock: clock, accounts: accounts, configure: configure)
        _ = try await next.hub.restoreLessons()
        return next
    }

    /// A new client connection from `address`.
    package func connect(from address: String = "10.0.0.1") -> ProtocolPeer {
        ProtocolPeer(transport.connect(remoteAddress: address))
    }

    package func stop() async {
        await hub.stopAll()
        transport.shutdown()
        await task.value
    }
}

extension ProtocolPeer {
    /// A peer on the client end of an in-memory connection.
    package convenience init(_ peer: InMemoryPeer) {
        var deliveries = peer.received.makeAsyncIterator()
        self.init(
            send: { message in
                switch message.kind {
                case .text: peer.send(text: String(decoding: message.bytes, as: UTF8.self))
                case .binary: peer.send(binary: message.bytes)
                }
            },
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

    /// Creates a lesson (teacher key ``InProcessHub/teacherKey``) and returns its code and teacher token.
    package func createLesson(
        _ model: ModelKind = .life, _ parameters: JSONValue? = nil, seed: UInt64 = 7,
        teacherKey: String = InProcessHub.teacherKey
    ) async throws -> (JoinCode, AccessToken) {
        try send(.create(teacherKey: teacherKey, model: model, parameters: parameters, seed: seed, options: nil))
        return try await expect("created") { if case .created(let c, let t) = $0 { (c, t) } else { nil } }
    }
}

extension ProtocolPeer {
    /// Sends join/resume/teach/observe and waits for the welcome.
    ///
    /// - Throws: the server's ``ProtocolError`` when it refuses.
    package func attach(_ message: ClientMessage) async throws -> Welcome {
        try send(message)
        return try await expect("welcome") {
            switch $0 {
            case .welcome(let w): w
            case .error(let e): throw e
            default: nil
            }
        }
    }

    /// Reads until the snapshot of `generation` (or later).
    package func waitForGeneration(_ generation: Int) async throws {
        _ = try await expect("generation \(generation)") {
            if case .snapshot(let header, _) = $0, header.generation >= generation { true } else { nil }
        }
    }
}

/// What the hub reported about its writes, in order.
package final class WriteReports: Sendable {
    private let reports = Mutex<[Bool]>([])

    package init() {}

    func record(_ succeeded: Bool) { reports.withLock { $0.append(succeeded) } }

    package var last: Bool? { reports.withLock { $0.last } }
    /// How many writes the hub has reported so far.
    package var count: Int { reports.withLock { $0.count } }
    var all: [Bool] { reports.withLock { $0 } }
}
