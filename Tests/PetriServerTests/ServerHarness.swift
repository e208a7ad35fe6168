import Foundation
import Logging
import PetriHub
import PetriHubTesting
import PetriLesson
import PetriPeer
import PetriProtocol
import PetriSimulation
import PetriStorage
import PetriTransport
import PetriWebSocket
import Testing

@testable import PetriServer

let testTeacherKey = "test-teacher-key-0123456789"

/// A hub behind a real WebSocket server on 127.0.0.1 with an ephemeral port.
struct TestServer {
    let server: WebSocketServer
    let hub: Hub
    let storage: any LessonStorage
    let task: Task<Void, Never>

    var url: String { "ws://127.0.0.1:\(server.port)/" }

    static func start(
        storage: any LessonStorage = InMemoryLessonStorage(), clock: any HubClock = SystemClock(),
        logger: Logger = Logger(label: "petri.hub"), ownership: (any LessonOwnership)? = nil,
        configure: (inout HubConfiguration) -> Void = { _ in }
    ) async throws -> TestServer {
        let server = try await WebSocketServer.start(.init(host: "127.0.0.1", port: 0))
        var configuration = HubConfiguration()
        configure(&configuration)
        let hub = Hub(
            transport: server, storage: storage, clock: clock, teacherKey: testTeacherKey, configuration: configuration,
            logger: logger, ownership: ownership)
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

/// One protocol client over a real WebSocket connection: the shared ``ProtocolPeer``.
typealias TestClient = ProtocolPeer

extension ProtocolPeer {
    /// Connects `transport` to `url` and drives the connection.
    convenience init(_ transport: WebSocketClient, url: String) async throws {
        self.init(transport, try await transport.connect(to: url))
    }
}

extension HubSetup {
    /// The hub behind a real WebSocket server on 127.0.0.1 (an ephemeral port), its peers WebSocket clients.
    static let live = HubSetup("live") { options in
        let server = try await WebSocketServer.start(.init(host: "127.0.0.1", port: 0))
        let client: WebSocketClient
        do {
            client = try await WebSocketClient.start()
        } catch {
            await server.shutdown()
            throw error
        }
        return LiveServer(server: server, client: client, hub: options.hub(on: server), storage: options.storage)
    }

    /// Both setups: a lesson test that takes them as arguments runs in process and over sockets.
    static let both: [HubSetup] = [.inProcess, .live]
}

/// ``HubSetup/live``'s server: a hub behind a ``WebSocketServer``, and the client its peers connect with.
private struct LiveServer: HubTestServer {
    let server: WebSocketServer
    let client: WebSocketClient
    let hub: Hub
    let storage: any LessonStorage
    let task: Task<Void, Never>

    init(server: WebSocketServer, client: WebSocketClient, hub: Hub, storage: any LessonStorage) {
        self.server = server
        self.client = client
        self.hub = hub
        self.storage = storage
        task = Task {
            await withDiscardingTaskGroup { group in
                for await connection in server.connections { group.addTask { await hub.serve(connection) } }
            }
        }
    }

    /// A connection from 127.0.0.1 (a socket's address cannot be chosen).
    func connect(from address: String) async throws -> ProtocolPeer {
        try await ProtocolPeer(client, url: "ws://127.0.0.1:\(server.port)/")
    }

    func stop() async {
        await client.shutdown()
        await hub.stopAll()
        await server.shutdown()
        await task.value
    }
}
