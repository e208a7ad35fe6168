import Foundation
import Logging
import PetriAccounts
import PetriHub
import PetriLTI
import PetriProtocol
import PetriSimulation
import PetriStorage
import PetriTransport
import PetriWeb
import ServiceLifecycle

/// The Petri server as one service: it starts the transport and the hub, restores unfinished
/// lessons from storage, serves until a graceful shutdown is requested (SIGTERM or SIGINT),
/// then tells every client the server is restarting (close code 4012, which the bundled
/// client treats as "reconnect") and stops.
///
/// It takes any transport through a ``TransportBuilder``: the WebSocket server in production
/// (``TransportBuilder/webSocket(_:logger:)``), the in-memory transport in tests.
///
/// ```swift
/// let group = ServiceGroup(configuration: .init(
///     services: [PetriService(transport: .webSocket(configuration, logger: logger), storage: store,
///                             teacherKey: key, logger: logger)],
///     gracefulShutdownSignals: [.sigterm, .sigint], logger: logger))
/// try await group.run()
/// ```
package struct PetriService: Service, CustomStringConvertible {
    let transport: TransportBuilder
    /// HTTP routes served before the readiness probe and the pages (metrics).
    let routes: [HTTPHandler]
    let storage: any LessonStorage
    let teacherKey: String
    let hub: HubConfiguration
    let clock: any HubClock
    /// The browser pages served on the same port; nil loads the ones shipped with this build.
    let webSite: WebSite?
    let logger: Logger
    /// Seconds clients get to finish their close handshakes on shutdown.
    let shutdownTimeout: Double
    /// Called once the server listens, with its port (for tests and the start banner).
    let onListening: @Sendable (Int) -> Void
    /// Called once everything runs, with the transport and the hub (metrics sampling).
    let onStarted: @Sendable (any ServerTransport, Hub) -> Void
    /// Which lessons this node may run, when it is one of a cluster (nil on a single node).
    package var ownership: (any LessonOwnership)?
    /// The LTI 1.3 endpoints, when the store keeps what they need (``LTIRoutes``).
    package var lti: LTIRoutes?
    /// The model files the server would not load (``ModelDirectory``): `/readyz` names each, so a teacher's file
    /// left out is seen (the server is ready all the same).
    package var modelProblems: [ModelFileRefusal] = []

    package init(
        transport: TransportBuilder, routes: [HTTPHandler] = [], storage: any LessonStorage, teacherKey: String,
        hub: HubConfiguration = .init(), clock: any HubClock = SystemClock(), webSite: WebSite? = nil,
        logger: Logger,
        shutdownTimeout: Double = 1.5, onListening: @escaping @Sendable (Int) -> Void = { _ in },
        onStarted: @escaping @Sendable (any ServerTransport, Hub) -> Void = { _, _ in }
    ) {
        self.transport = transport
        self.routes = routes
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

    /// Teachers' accounts on the service's store, when it keeps them (SQLite, PostgreSQL); their audit lines
    /// go to standard error beside the log, one JSON object each.
    func makeAccounts() -> TeacherAccounts? {
        guard let accountStorage = storage as? any TeacherAccountStorage else { return nil }
        let clock = self.clock
        let now: @Sendable () -> Timestamp = { clock.now() }
        return TeacherAccounts(
            storage: accountStorage, now: now,
            audit: AccountAudit(now: now, write: { FileHandle.standardError.write(Data(($0 + "\n").utf8)) }))
    }

    /// The service's name as logs show it (ServiceLifecycle logs it at start and shutdown): its
    /// type only, never its fields, which hold the teacher key.
    package var description: String { "PetriService" }

    package func run() async throws {
        let readiness = Readiness()
        let notReady = ownership == nil ? "The data directory is not writable." : "The lesson store cannot be reached."
        let pages = (webSite ?? .bundled(logger: logger)).httpHandler
        let detail = ModelDirectory.readinessDetail(modelProblems)
        let ready: HTTPHandler = { request in
            guard request.path == "/readyz" else { return nil }
            return readiness.isReady
                ? .json(200, #"{"status":"ready"\#(detail)}"#)
                : .json(503, #"{"status":"not-ready","message":"\#(notReady)"\#(detail)}"#)
        }
        let ltiRoutes = lti.map { [$0.httpHandler] } ?? []
        let server = try await transport.start(HTTPRoutes.first([ready] + routes + ltiRoutes + [pages]))
        let watcher = Task { await readiness.watch(storage) }
        let accounts = makeAccounts()
        let hub = Hub(
            transport: server, storage: storage, clock: clock, teacherKey: teacherKey, configuration: self.hub,
            logger: logger, storageWrote: { readiness.storageWrote($0) }, ownership: ownership,
            accounts: accounts)
        await lti?.attach(hub: hub, accounts: accounts)
        let restored = try await hub.restoreLessons()
        logger.info("Listening", metadata: ["port": "\(server.port)", "restoredLessons": "\(restored)"])
        onListening(server.port)
        onStarted(server, hub)
        let connections = Task {
            await hub.serve(connections: server.connections)
        }
        // Gives back what join storms and classes leaving freed, once each is over.
        let trimming = Task { await MemoryTrim.run() }
        defer { trimming.cancel() }
        // Erases ended lessons as data.keepEndedLessonsDays runs out (Deploy/README.md, Privacy).
        let retention = Task { await hub.sweepRetention(every: .seconds(3600)) }
        defer { retention.cancel() }
        // Wait for SIGTERM/SIGINT (or the group's cancellation).
        try? await gracefulShutdown()
        logger.info("Shutting down", metadata: ["connections": "\(server.counts.open)"])
        readiness.set(false)
        watcher.cancel()
        lti?.detach()
        await hub.stopAll()
        await hub.releaseLeases()
        await server.shutdown(code: .serverRestarting, reason: "server restarting", timeout: shutdownTimeout)
        await connections.value
        logger.info("Stopped")
    }
}
