import Logging
import PetriAccounts
import PetriHub
import PetriPeer
import PetriStorage
import PetriTransport

/// Where a lesson test's hub runs, so one test body runs in either setup, as Hummingbird's
/// `app.test(.router | .live)` does: ``inProcess`` over the in-memory transport, or `live` behind
/// a real WebSocket server (defined where the WebSocket transport may be imported, in the server's tests).
///
/// ```swift
/// @Test(arguments: HubSetup.both) func aLateJoinerGetsTheHistory(in setup: HubSetup) async throws {
///     let server = try await setup.start()
///     let teacher = try await server.connect()
///     ...
///     await server.stop()
/// }
/// ```
package struct HubSetup: Sendable, CustomStringConvertible {
    /// What a setup's server is started with.
    package struct Options: Sendable {
        package var storage: any LessonStorage
        var clock: any HubClock
        var ownership: (any LessonOwnership)?
        var configuration: HubConfiguration
        var logger: Logger
        var accounts: TeacherAccounts? = nil
    }

    /// The setup's name, as test results show it.
    package let description: String
    private let launch: @Sendable (Options) async throws -> any HubTestServer

    /// A setup named `name` that starts a server (with its lessons restored from storage) by `launch`.
    package init(_ name: String, launch: @escaping @Sendable (Options) async throws -> any HubTestServer) {
        description = name
        self.launch = launch
    }

    /// Starts a hub on `storage` and `clock` (a manual clock unless told otherwise) and restores
    /// the lessons `storage` holds, as a server starting up does.
    package func start(
        storage: any LessonStorage = InMemoryLessonStorage(), clock: any HubClock = ManualClock(),
        ownership: (any LessonOwnership)? = nil, logger: Logger = Logger(label: "petri.hub"),
        accounts: TeacherAccounts? = nil, configure: (inout HubConfiguration) -> Void = { _ in }
    ) async throws -> any HubTestServer {
        var configuration = HubConfiguration()
        configure(&configuration)
        let server = try await launch(
            Options(
                storage: storage, clock: clock, ownership: ownership, configuration: configuration, logger: logger,
                accounts: accounts))
        do {
            _ = try await server.hub.restoreLessons()
        } catch {
            await server.stop()
            throw error
        }
        return server
    }

    /// The hub over the in-memory transport: no sockets, and no real time unless the test passes a clock that has it.
    package static let inProcess = HubSetup("in-process") { options in
        let transport = InMemoryTransport()
        return InProcessServer(
            transport: transport, hub: options.hub(on: transport), storage: options.storage,
            serving: { hub in await hub.serve(connections: transport.connections) })
    }
}

extension HubSetup.Options {
    /// A hub with these options on `transport`.
    package func hub(on transport: any Transport) -> Hub {
        Hub(
            transport: transport, storage: storage, clock: clock, teacherKey: InProcessHub.teacherKey,
            configuration: configuration, logger: logger, ownership: ownership, accounts: accounts)
    }
}

/// A running hub a lesson test talks to, whichever ``HubSetup`` started it.
package protocol HubTestServer: Sendable {
    /// The hub behind the transport.
    var hub: Hub { get }
    /// The storage the hub was started on.
    var storage: any LessonStorage { get }
    /// A new client connection (from `address` where the transport lets the test choose it).
    func connect(from address: String) async throws -> ProtocolPeer
    /// Stops every lesson and the transport; the peers' connections close.
    func stop() async
}

extension HubTestServer {
    /// A new client connection.
    package func connect() async throws -> ProtocolPeer { try await connect(from: "10.0.0.1") }
}

/// ``HubSetup/inProcess``'s server.
private struct InProcessServer: HubTestServer {
    let transport: InMemoryTransport
    let hub: Hub
    let storage: any LessonStorage
    let task: Task<Void, Never>

    init(
        transport: InMemoryTransport, hub: Hub, storage: any LessonStorage,
        serving: @escaping @Sendable (Hub) async -> Void
    ) {
        self.transport = transport
        self.hub = hub
        self.storage = storage
        task = Task { await serving(hub) }
    }

    func connect(from address: String) -> ProtocolPeer {
        ProtocolPeer(transport.connect(remoteAddress: address))
    }

    func stop() async {
        await hub.stopAll()
        transport.shutdown()
        await task.value
    }
}
