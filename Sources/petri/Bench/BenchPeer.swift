import PetriProtocol
import PetriTransport
import PetriWebSocket

/// One protocol connection for benchmarks: sends client messages, reads server messages.
final class BenchPeer {
    let client: WebSocketClient
    let connection: Connection
    private var events: AsyncStream<ConnectionEvent>.Iterator
    private let encoder = ProtocolEncoder()
    private let decoder = ProtocolDecoder(limits: .serverMessages)

    private init(client: WebSocketClient, connection: Connection) {
        self.client = client
        self.connection = connection
        events = connection.events.makeAsyncIterator()
    }

    static func connect(to url: String) async throws -> BenchPeer {
        let client = try await WebSocketClient.start()
        return BenchPeer(client: client, connection: try await client.connect(to: url))
    }

    func send(_ message: ClientMessage) throws {
        client.send(OutboundMessage(kind: .text, bytes: try encoder.encode(message)), to: connection.id, policy: .reliable)
    }

    /// Reads until `pick` matches; a server `error` or a close ends the benchmark with its sentence.
    func expect<T>(_ pick: (ServerMessage) -> T?) async throws -> T {
        while let event = await events.next() {
            guard case .text(let frame) = event else { continue }
            let message = try decoder.decodeServerMessage(frame.bytes)
            if case .error(let e) = message { throw e }
            if let value = pick(message) { return value }
        }
        throw TransportError(.connectFailed, "The server closed the teacher's connection.")
    }
}
