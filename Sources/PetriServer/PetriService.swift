import Logging
import PetriTransport
import PetriWebSocket
import ServiceLifecycle

/// The Petri server as one service: it starts the transport, serves until a graceful
/// shutdown is requested (SIGTERM or SIGINT), then tells every client the server is
/// restarting (close code 4012, which the bundled client treats as "reconnect") and stops.
///
/// ```swift
/// let group = ServiceGroup(configuration: .init(
///     services: [PetriService(webSocket: configuration)],
///     gracefulShutdownSignals: [.sigterm, .sigint], logger: logger))
/// try await group.run()
/// ```
public struct PetriService: Service {
    public let webSocket: WebSocketServer.Configuration
    public let logger: Logger
    /// Seconds clients get to finish their close handshakes on shutdown.
    public let shutdownTimeout: Double
    /// Called once the server listens, with its port (for tests and the start banner).
    public let onListening: @Sendable (Int) -> Void

    public init(
        webSocket: WebSocketServer.Configuration, logger: Logger, shutdownTimeout: Double = 1.5,
        onListening: @escaping @Sendable (Int) -> Void = { _ in }
    ) {
        self.webSocket = webSocket
        self.logger = logger
        self.shutdownTimeout = shutdownTimeout
        self.onListening = onListening
    }

    public func run() async throws {
        let server = try await WebSocketServer.start(webSocket, logger: logger)
        logger.info("Listening", metadata: ["address": "\(webSocket.host ?? "*")", "port": "\(server.port)"])
        onListening(server.port)
        let connections = Task {
            await withDiscardingTaskGroup { group in
                for await connection in server.connections {
                    group.addTask { await serve(connection) }
                }
            }
        }
        // Wait for SIGTERM/SIGINT (or the group's cancellation).
        try? await gracefulShutdown()
        logger.info("Shutting down", metadata: ["connections": "\(server.counts.open)"])
        await server.shutdown(code: .serverRestarting, reason: "server restarting", timeout: shutdownTimeout)
        await connections.value
        logger.info("Stopped")
    }

    private func serve(_ connection: Connection) async {
        var log = logger
        log[metadataKey: "connection"] = "\(connection.id)"
        log[metadataKey: "remote"] = "\(connection.info.remoteAddress)"
        log.debug("Connected", metadata: ["subprotocol": "\(connection.info.subprotocol ?? "none")"])
        for await event in connection.events {
            if case .closed(let code, let reason) = event {
                log.debug("Disconnected", metadata: ["code": "\(code)", "reason": "\(reason)"])
            }
        }
    }
}
