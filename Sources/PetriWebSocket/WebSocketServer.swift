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
public final class WebSocketServer: ServerTransport {
    private let engine: LWSEngine
    /// The port actually listened on (useful with port 0).
    public let port: Int
    public let configuration: Configuration

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
    public static func start(_ configuration: Configuration, logger: Logger = Logger(label: "petri.websocket"))
        async throws(TransportError) -> WebSocketServer
    {
        try configuration.validate()
        let engine = LWSEngine(options: configuration.engineOptions, logger: logger)
        let port = try await engine.start()
        return WebSocketServer(engine: engine, port: port, configuration: configuration)
    }

    public var connections: AsyncStream<Connection> { engine.accepted }

    public func send(_ message: OutboundMessage, to id: ConnectionID, policy: DeliveryPolicy = .reliable) {
        engine.enqueue(.send(message, id, policy))
    }

    public func broadcast(_ message: OutboundMessage, to ids: [ConnectionID], policy: DeliveryPolicy = .reliable) {
        guard !ids.isEmpty else { return }
        engine.enqueue(.broadcast(message, ids, policy))
    }

    public func submit(_ batch: [TransportInstruction]) {
        guard !batch.isEmpty else { return }
        engine.enqueue(.batch(batch))
    }

    public func close(_ id: ConnectionID, code: CloseCode, reason: String) {
        engine.enqueue(.close(id, code, reason))
    }

    public var counts: TransportCounts { engine.counts.snapshot }

    public var isOverOutboundBudget: Bool { engine.isOverQueueBudget }

    /// Seconds since the server started.
    public var uptime: Double { monotonicSeconds() - engine.startTime }

    /// Stops accepting, closes every connection with `code` and `reason`, waits up to
    /// `timeout` seconds for their close handshakes, then frees everything and joins the thread.
    public func shutdown(code: CloseCode = .goingAway, reason: String = "server shutting down", timeout: Double = 1.0)
        async
    {
        engine.enqueue(.shutdown(code, reason, deadline: monotonicSeconds() + timeout))
        await engine.waitUntilStopped()
    }

    deinit {
        if !engine.isStopped { engine.enqueue(.shutdown(.goingAway, "server stopped", deadline: 0)) }
    }
}
