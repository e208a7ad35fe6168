import Foundation
import Logging
import PetriLesson
import PetriProtocol
import PetriServer
import PetriSimulation
import PetriTransport
import PetriWebSocket
import Testing

let testTeacherKey = "test-teacher-key-0123456789"

/// A hub behind a real WebSocket server on 127.0.0.1 with an ephemeral port.
struct TestServer {
    let server: WebSocketServer
    let hub: Hub
    let storage: any LessonStorage
    let task: Task<Void, Never>

    var url: String { "ws://127.0.0.1:\(server.port)/" }

    static func start(
        storage: any LessonStorage = InMemoryLessonStorage(), clock: any ServerClock = SystemClock(),
        logger: Logger = Logger(label: "petri.hub"), configure: (inout HubConfiguration) -> Void = { _ in }
    ) async throws -> TestServer {
        let server = try await WebSocketServer.start(.init(host: "127.0.0.1", port: 0))
        var configuration = HubConfiguration()
        configure(&configuration)
        let hub = Hub(
            transport: server, storage: storage, clock: clock, teacherKey: testTeacherKey, configuration: configuration,
            logger: logger)
        _ = try await hub.restoreLessons()
        let task = Task {
            await withDiscardingTaskGroup { group in
                for await connection in server.connections { group.addTask { await hub.serve(connection) } }
            }
        }
        return TestServer(server: server, hub: hub, storage: storage, task: task)
    }

    func stop() async {
        await hub.stopAll()
        await server.shutdown()
        await task.value
    }
}

/// One protocol client: sends `ClientMessage`s, reads decoded `ServerMessage`s in order.
final class TestClient: @unchecked Sendable {
    // @unchecked Sendable: a test drives each client from one task at a time.
    let transport: WebSocketClient
    let connection: Connection
    private var events: AsyncStream<ConnectionEvent>.Iterator
    private let decoder = ProtocolDecoder(limits: .serverMessages)
    private let encoder = ProtocolEncoder()
    /// Every server message read so far, in order.
    private(set) var seen: [ServerMessage] = []
    private(set) var closed: (CloseCode, String)?

    init(_ transport: WebSocketClient, url: String) async throws {
        self.transport = transport
        connection = try await transport.connect(to: url)
        events = connection.events.makeAsyncIterator()
    }

    func send(_ message: ClientMessage) throws {
        transport.send(OutboundMessage(kind: .text, bytes: try encoder.encode(message)), to: connection.id, policy: .reliable)
    }

    func sendRaw(_ text: String) {
        transport.send(OutboundMessage(text: text), to: connection.id, policy: .reliable)
    }

    /// The next message, or nil once the connection has closed.
    func next() async throws -> ServerMessage? {
        while let event = await events.next() {
            switch event {
            case .text(let frame):
                let message = try decoder.decodeServerMessage(frame.bytes)
                seen.append(message)
                return message
            case .binary: continue
            case .closed(let code, let reason):
                closed = (code, reason)
                return nil
            }
        }
        return nil
    }

    /// Reads until `pick` returns a value (skipping other messages); fails on close.
    func expect<T>(_ what: String = "", _ pick: (ServerMessage) -> T?) async throws -> T {
        while let message = try await next() {
            if let value = pick(message) { return value }
        }
        throw HarnessError.closedWhileWaiting(what, closed?.0.rawValue)
    }

    /// The next `error`, skipping broadcasts.
    func expectError() async throws -> ProtocolError {
        try await expect("error") { if case .error(let e) = $0 { e } else { nil } }
    }

    func close() { transport.close(connection.id, code: .normal, reason: "bye") }
}

enum HarnessError: Error { case closedWhileWaiting(String, UInt16?) }

extension TestClient {
    /// Creates a lesson and returns its code and teacher token.
    func createLesson(_ model: ModelKind, _ parameters: JSONValue = .object([:]), seed: UInt64 = 7) async throws
        -> (JoinCode, AccessToken)
    {
        try send(.create(teacherKey: testTeacherKey, model: model, parameters: parameters, seed: seed, options: nil))
        return try await expect("created") {
            if case .created(let code, let token) = $0 { (code, token) } else { nil }
        }
    }

    /// Sends join/resume/teach and waits for the welcome.
    func attach(_ message: ClientMessage) async throws -> Welcome {
        try send(message)
        return try await expect("welcome") {
            switch $0 {
            case .welcome(let w): w
            case .error(let e): { Issue.record("attach refused: \(e)"); return nil }()
            default: nil
            }
        }
    }

    /// Reads until the snapshot of `generation` (or later).
    func waitForGeneration(_ generation: Int) async throws {
        _ = try await expect("generation \(generation)") {
            if case .snapshot(let header, _) = $0, header.generation >= generation { true } else { nil }
        }
    }
}
