import PetriTransport
import PetriWebSocket
import Testing

/// A server on 127.0.0.1 with an ephemeral port whose connections echo every message back.
struct EchoServer {
    let server: WebSocketServer
    let task: Task<Void, Never>

    var url: String { "ws://127.0.0.1:\(server.port)/" }

    static func start(_ configure: (inout WebSocketServer.Configuration) -> Void = { _ in }) async throws -> EchoServer {
        var configuration = WebSocketServer.Configuration(host: "127.0.0.1", port: 0)
        configure(&configuration)
        let server = try await WebSocketServer.start(configuration)
        let task = Task {
            await withDiscardingTaskGroup { group in
                for await connection in server.connections {
                    group.addTask {
                        for await event in connection.events {
                            switch event {
                            case .text(let t): server.send(OutboundMessage(text: t), to: connection.id, policy: .reliable)
                            case .binary(let b): server.send(OutboundMessage(binary: b), to: connection.id, policy: .reliable)
                            case .closed: break
                            }
                        }
                    }
                }
            }
        }
        return EchoServer(server: server, task: task)
    }

    func stop() async {
        await server.shutdown()
        await task.value
    }
}

/// Reads events one at a time from a connection's stream.
final class EventReader {
    private var iterator: AsyncStream<ConnectionEvent>.Iterator

    init(_ connection: Connection) { iterator = connection.events.makeAsyncIterator() }

    func next() async -> ConnectionEvent? { await iterator.next() }

    /// Skips messages until the close event.
    func closeEvent() async -> ConnectionEvent? {
        while let event = await iterator.next() {
            if case .closed = event { return event }
        }
        return nil
    }
}
