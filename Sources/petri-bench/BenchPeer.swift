import PetriPeer
import PetriWebSocket

extension ProtocolPeer {
    /// A benchmark's teacher connection: the shared protocol peer on its own WebSocket client.
    static func connect(to url: String) async throws -> ProtocolPeer {
        let client = try await WebSocketClient.start()
        return ProtocolPeer(client, try await client.connect(to: url))
    }
}

/// The benchmarks' protocol connection (``ProtocolPeer``; a server `error` is thrown by `expectReply`).
typealias BenchPeer = ProtocolPeer
