import Logging
import NIOCore
import PostgresNIO
import Synchronization

/// This node's presence in the cluster: a session-level advisory lock, keyed by the node's
/// `presence_key`, held on a PostgreSQL connection of its own for as long as the node runs.
///
/// PostgreSQL releases the lock the moment that session ends: the node's process was killed (the
/// kernel closes its socket), its machine vanished (the server's TCP keepalives, set short on this
/// session, find the peer gone), or the session was terminated. From then on `petri_node_present`
/// is false for the node, and another node may claim its lessons without waiting for their leases
/// to run out (``PostgresLessonStorage/claim(lesson:)``). Presence only speeds a takeover up: the
/// lease epoch still fences every write, so a node that lost its session while alive can commit
/// nothing for a lesson another node claimed. After losing the session the node opens a new one and
/// locks again, retrying every ¼ s to 2 s.
///
/// Thread-safe: the state is behind a mutex; the connection is thread-safe.
final class NodePresence: Sendable {
    /// The first half of the lock's key, every Petri node's: "Petr" in ASCII (see `PostgresSchema`'s `v4`).
    static let namespace: Int32 = 1_348_826_226

    private struct State {
        var connection: PostgresConnection?
        var held = false
        var stopped = false
    }

    private let configuration: PostgresConnection.Configuration
    private let nodeID: String
    private let logger: Logger
    private let counters: LeaseCounters
    private let state = Mutex(State())

    init(configuration: PostgresConnection.Configuration, nodeID: String, logger: Logger, counters: LeaseCounters) {
        self.configuration = configuration
        self.nodeID = nodeID
        self.logger = logger
        self.counters = counters
        counters.present(false)
    }

    /// Whether this node holds its presence lock now (as far as it knows).
    var isHeld: Bool { state.withLock { $0.held } }

    /// Tries once to open the session and take the lock without waiting (at start: the lock is free
    /// unless an earlier session of this node has not ended yet; ``run()`` keeps trying then).
    func tryOnce() async {
        do {
            try await acquire(wait: false)
        } catch {
            logger.notice(
                "This node is not yet marked present in PostgreSQL; retrying in the background",
                metadata: ["error": "\(error)"])
        }
    }

    /// Keeps the lock held until cancelled: waits for the session to end, then opens another.
    func run() async {
        var failures = 0
        await withTaskCancellationHandler {
            while !Task.isCancelled, !state.withLock({ $0.stopped }) {
                if let connection = state.withLock({ $0.held ? $0.connection : nil }) {
                    failures = 0
                    try? await connection.closeFuture.get()
                    state.withLock {
                        $0.held = false
                        $0.connection = nil
                    }
                    counters.present(false)
                    guard !Task.isCancelled else { return }
                    logger.warning(
                        "This node's presence session in PostgreSQL ended; reconnecting (other nodes may take its lessons over meanwhile)"
                    )
                }
                do {
                    try await acquire(wait: true)
                } catch {
                    failures += 1
                    try? await Task.sleep(for: .milliseconds(min(2_000, 125 << min(failures, 4))))
                }
            }
        } onCancel: {
            stop()
        }
    }

    /// Ends the session (and so the lock) and keeps it ended.
    func stop() {
        let connection = state.withLock { state in
            state.stopped = true
            state.held = false
            defer { state.connection = nil }
            return state.connection
        }
        counters.present(false)
        guard let connection else { return }
        // The connection must live until it is closed (postgres-nio asserts so): the callback keeps it.
        let closing: EventLoopFuture<Void> = connection.close()
        closing.whenComplete { _ in withExtendedLifetime(connection) {} }
    }

    private func acquire(wait: Bool) async throws {
        var quiet = logger
        quiet.logLevel = .critical
        let connection = try await PostgresConnection.connect(configuration: configuration, id: 0, logger: quiet)
        let stopped = state.withLock { state in
            if !state.stopped { state.connection = connection }
            return state.stopped
        }
        guard !stopped else {
            try? await connection.close()
            return
        }
        do {
            // A machine that vanishes sends nothing: the server probes this idle session after 1 s, every
            // second, and ends it after 2 unanswered probes (the kernel's default waits two hours).
            for setting in ["tcp_keepalives_idle = 1", "tcp_keepalives_interval = 1", "tcp_keepalives_count = 2"] {
                try await connection.run(PostgresQuery(unsafeSQL: "SET \(setting)"), logger: quiet)
            }
            let keys = try await connection.run(
                "SELECT presence_key FROM node WHERE id = \(nodeID)", logger: quiet
            ).decode(Int32.self).collected()
            guard let key = keys.first else {
                throw PostgresStoreError(.databaseFailed, "This node's row is missing from the node table.")
            }
            let locked: Bool
            if wait {
                _ = try await connection.run(
                    "SELECT pg_advisory_lock(\(Self.namespace), \(key))", logger: quiet
                ).collect()
                locked = true
            } else {
                locked =
                    try await connection.run(
                        "SELECT pg_try_advisory_lock(\(Self.namespace), \(key))", logger: quiet
                    ).decode(Bool.self).collected().first ?? false
            }
            guard locked else {
                throw PostgresStoreError(
                    .databaseFailed, "An earlier session of this node still holds its presence lock.")
            }
            let held = state.withLock { state in
                state.held = !state.stopped
                return state.held
            }
            counters.present(held)
        } catch {
            state.withLock { if $0.connection === connection { $0.connection = nil } }
            try? await connection.close()
            throw error
        }
    }
}
