import Foundation
import PetriProtocol
import PetriTransport
import Synchronization
import Testing

@testable import PetriServer

/// A clock that moves only when a test moves it (rate limits); sleepers wait forever.
final class ManualClock: ServerClock {
    private let time = Mutex<Int64>(1_700_000_000_000)

    func now() -> Timestamp { Timestamp(millisecondsSince1970: time.withLock { $0 }) }

    func advance(seconds: Double) { time.withLock { $0 += Int64(seconds * 1000) } }

    func sleep(until deadline: Timestamp) async throws {
        // Timers never fire on their own here; cancellation (the lesson stopping) ends the wait.
        while !Task.isCancelled { try await Task.sleep(for: .seconds(3600)) }
        throw CancellationError()
    }
}

/// A hub over the in-memory transport: no sockets, so a test can drive an interleaving exactly.
struct InProcessHub {
    let transport = InMemoryTransport()
    let storage: GatedStorage
    let clock: ManualClock
    let hub: Hub
    let task: Task<Void, Never>
    /// Every `storageWrote` report, in order.
    let writes = WriteReports()

    init(
        storage: GatedStorage = GatedStorage(), clock: ManualClock = ManualClock(),
        configure: (inout HubConfiguration) -> Void = { _ in }
    ) {
        self.storage = storage
        self.clock = clock
        var configuration = HubConfiguration()
        configure(&configuration)
        let writes = self.writes
        let hub = Hub(
            transport: transport, storage: storage, clock: clock, teacherKey: testTeacherKey,
            configuration: configuration, storageWrote: { ok in writes.record(ok) })
        self.hub = hub
        let connections = transport.connections
        task = Task {
            await withDiscardingTaskGroup { group in
                for await connection in connections { group.addTask { await hub.serve(connection) } }
            }
        }
    }

    /// A server started again on the same storage and clock (after ``stop()``), lessons restored.
    func restarted(configure: (inout HubConfiguration) -> Void = { _ in }) async throws -> InProcessHub {
        let next = InProcessHub(storage: storage, clock: clock, configure: configure)
        _ = try await next.hub.restoreLessons()
        return next
    }

    func connect(from address: String = "10.0.0.1") -> Peer { Peer(transport.connect(remoteAddress: address)) }

    func stop() async {
        await hub.stopAll()
        transport.shutdown()
        await task.value
    }

    /// A client end that reads decoded server messages in order.
    final class Peer: @unchecked Sendable {
        // @unchecked Sendable: a test drives each peer from one task at a time.
        let peer: InMemoryPeer
        private var deliveries: AsyncStream<InMemoryPeer.Delivery>.Iterator
        private let decoder = ProtocolDecoder(limits: .serverMessages)
        private(set) var closed: CloseCode?

        init(_ peer: InMemoryPeer) {
            self.peer = peer
            deliveries = peer.received.makeAsyncIterator()
        }

        func send(_ message: ClientMessage) throws {
            peer.send(text: String(decoding: try ProtocolEncoder().encode(message), as: UTF8.self))
        }

        /// The next message, or nil once closed.
        func next() async throws -> ServerMessage? {
            while let delivery = await deliveries.next() {
                switch delivery {
                case .message:
                    if let text = delivery.text { return try decoder.decodeServerMessage(Array(text.utf8)) }
                case .closed(let code, _):
                    closed = code
                    return nil
                }
            }
            return nil
        }

        /// Reads until `pick` gives a value; nil if the connection closed first.
        func expect<T>(_ pick: (ServerMessage) -> T?) async throws -> T? {
            while let message = try await next() {
                if let value = pick(message) { return value }
            }
            return nil
        }

        func expectError() async throws -> ProtocolError? {
            try await expect { if case .error(let e) = $0 { e } else { nil } }
        }

        /// Sends `message`, then a `ping`, and returns what came before the `pong`: the answer to
        /// `message` must arrive first (messages of one connection are handled in order), so
        /// "no answer at all" shows as an empty list instead of a hang.
        func answers(to message: ClientMessage) async throws -> [ServerMessage] {
            try send(message)
            try send(.ping)
            var seen: [ServerMessage] = []
            while let reply = try await next() {
                if case .pong = reply { return seen }
                seen.append(reply)
            }
            return seen
        }

        func createLesson() async throws -> (JoinCode, AccessToken) {
            try send(.create(teacherKey: testTeacherKey, model: .life, parameters: nil, seed: 7, options: nil))
            let created = try await expect { if case .created(let c, let t) = $0 { (c, t) } else { nil } }
            return try #require(created)
        }
    }
}

/// What the hub reported about its writes, in order.
final class WriteReports: Sendable {
    private let reports = Mutex<[Bool]>([])

    func record(_ succeeded: Bool) { reports.withLock { $0.append(succeeded) } }

    var last: Bool? { reports.withLock { $0.last } }
}
