import Logging
import PetriTransport

/// A libwebsockets WebSocket server (with plain HTTP on the same port) implementing ``Transport``.
///
/// One lws service thread does all socket work; every method here may be called from any
/// thread or task and returns at once.
///
/// ```swift
/// let server = try await WebSocketServer.start(.init(host: "127.0.0.1", port: 0))
/// for await connection in server.connections { ... }
/// await server.shutdown()
/// ```
package final class WebSocketServer: ServerTransport {
    private let engine: LWSEngine
    /// The port actually listened on (useful with port 0).
    package let port: Int
    let configuration: Configuration

    private init(engine: LWSEngine, port: Int, configuration: Configuration) {
        self.engine = engine
        self.port = port
        self.configuration = configuration
    }

    /// Starts listening.
    ///
    /// - Parameters:
    ///   - configuration: address, limits, TLS and HTTP routes.
    ///   - logger: where lws and connection events are logged.
    /// - Throws: ``TransportError`` when the configuration is invalid or the port cannot be opened.
    package static func start(_ configuration: Configuration, logger: Logger = Logger(label: "petri.websocket"))
        async throws(TransportError) -> WebSocketServer
    {
        try configuration.validate()
        let engine = LWSEngine(options: configuration.engineOptions, logger: logger)
        let port = try await engine.start()
        return WebSocketServer(engine: engine, port: port, configuration: configuration)
    }

    package var connections: AsyncStream<Connection> { engine.accepted }

    package func send(_ message: OutboundMessage, to id: ConnectionID, policy: DeliveryPolicy = .reliable) {
        engine.enqueue(.send(message, id, policy))
    }

    package func broadcast(_ message: OutboundMessage, to ids: [ConnectionID], policy: DeliveryPolicy = .reliable) {
        guard !ids.isEmpty else { return }
        engine.enqueue(.broadcast(message, ids, policy))
    }

    package func submit(_ batch: [TransportInstruction]) {
        guard !batch.isEmpty else { return }
        engine.enqueue(.batch(batch))
    }

    package func close(_ id: ConnectionID, code: CloseCode, reason: String) {
        engine.enqueue(.close(id, code, reason))
    }

    package var counts: TransportCounts { engine.counts.snapshot }

    package var isOverOutboundBudget: Bool { engine.isOverQueueBudget }

    /// Seconds since the server started.
    var uptime: Double { monotonicSeconds() - engine.startTime }

    /// Stops accepting, closes every connection with `code` and `reason`, waits up to
    /// `timeout` seconds for their close handshakes, then frees everything and joins the thread.
    package func shutdown(code: CloseCode = .goingAway, reason: String = "server shutting down", timeout: Double = 1.0)
        async
    {
        engine.enqueue(.shutdown(code, reason, deadline: monotonicSeconds() + timeout))
        await engine.waitUntilStopped()
    }

    deinit {
        if !engine.isStopped { engine.enqueue(.shutdown(.goingAway, "server stopped", deadline: 0)) }
    }
}
