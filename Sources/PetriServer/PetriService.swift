import Logging
import PetriTransport
import PetriWeb
import PetriWebSocket
import ServiceLifecycle

/// The Petri server as one service: it starts the transport and the hub, restores unfinished
/// lessons from storage, serves until a graceful shutdown is requested (SIGTERM or SIGINT),
/// then tells every client the server is restarting (close code 4012, which the bundled
/// client treats as "reconnect") and stops.
///
/// ```swift
/// let group = ServiceGroup(configuration: .init(
///     services: [PetriService(webSocket: configuration, storage: store, teacherKey: key, logger: logger)],
///     gracefulShutdownSignals: [.sigterm, .sigint], logger: logger))
/// try await group.run()
/// ```
public struct PetriService: Service {
    public let webSocket: WebSocketServer.Configuration
    public let storage: any LessonStorage
    public let teacherKey: String
    public let hub: HubConfiguration
    public let clock: any ServerClock
    /// The browser pages served on the same port; nil loads the ones shipped with this build.
    public let webSite: WebSite?
    public let logger: Logger
    /// Seconds clients get to finish their close handshakes on shutdown.
    public let shutdownTimeout: Double
    /// Called once the server listens, with its port (for tests and the start banner).
    public let onListening: @Sendable (Int) -> Void
    /// Called once everything runs, with the transport and the hub (metrics sampling, demos).
    public let onStarted: @Sendable (WebSocketServer, Hub) -> Void

    public init(
        webSocket: WebSocketServer.Configuration, storage: any LessonStorage, teacherKey: String,
        hub: HubConfiguration = .init(), clock: any ServerClock = SystemClock(), webSite: WebSite? = nil,
        logger: Logger,
        shutdownTimeout: Double = 1.5, onListening: @escaping @Sendable (Int) -> Void = { _ in },
        onStarted: @escaping @Sendable (WebSocketServer, Hub) -> Void = { _, _ in }
    ) {
        self.webSocket = webSocket
        self.storage = storage
        self.teacherKey = teacherKey
        self.hub = hub
        self.clock = clock
        self.webSite = webSite
        self.logger = logger
        self.shutdownTimeout = shutdownTimeout
        self.onListening = onListening
        self.onStarted = onStarted
    }

    public func run() async throws {
        let readiness = Readiness()
        var webSocket = self.webSocket
        let fallback = webSocket.httpHandler
        let pages = (webSite ?? .bundled(logger: logger)).httpHandler
        webSocket.httpHandler = { request in
            if request.path == "/readyz" {
                return readiness.isReady
                    ? .json(200, #"{"status":"ready"}"#)
                    : .json(503, #"{"status":"not-ready","message":"The data directory is not writable."}"#)
            }
            return fallback?(request) ?? pages(request)
        }
        let server = try await WebSocketServer.start(webSocket, logger: logger)
        let watcher = Task { await readiness.watch(storage) }
        let hub = Hub(
            transport: server, storage: storage, clock: clock, teacherKey: teacherKey, configuration: self.hub,
            logger: logger)
        let restored = try await hub.restoreLessons()
        logger.info(
            "Listening", metadata: ["address": "\(webSocket.host ?? "*")", "port": "\(server.port)", "restoredLessons": "\(restored)"])
        onListening(server.port)
        onStarted(server, hub)
        let connections = Task {
            await withDiscardingTaskGroup { group in
                for await connection in server.connections {
                    group.addTask { await hub.serve(connection) }
                }
            }
        }
        // Wait for SIGTERM/SIGINT (or the group's cancellation).
        try? await gracefulShutdown()
        logger.info("Shutting down", metadata: ["connections": "\(server.counts.open)"])
        readiness.set(false)
        watcher.cancel()
        await hub.stopAll()
        await server.shutdown(code: .serverRestarting, reason: "server restarting", timeout: shutdownTimeout)
        await connections.value
        logger.info("Stopped")
    }
}
