import ArgumentParser
import Foundation
import PetriPeer
import PetriPostgresTesting
import PetriProtocol
import PetriWebSocket
import Synchronization

// The cluster benchmark's nodes and clients: a `petri serve` child process, a client's way into its
// lesson through the nodes, and what a client brings back after a kill.

/// A client of a killed node's lesson, back through another node.
struct Returned: Sendable {
    /// The student's index, or -1 for the lesson's teacher.
    var index: Int
    var lesson: Int
    var peer: ProtocolPeer
    var url: String
    /// Acknowledged answers its welcome lacked.
    var missing: Int
    /// Kill → its welcome.
    var welcomed: Duration
    /// Kill → the next generation after its welcome (the teacher: its welcome).
    var back: Duration
    /// Connections it opened to get in (a refused or failed one, a redirect, the last).
    var attempts: Int
}

/// The cluster benchmark's node processes, killed with it: Ctrl-C or `timeout` (SIGINT, SIGTERM)
/// would otherwise end the benchmark before its `defer`, and leave the nodes running.
final class NodeReaper: @unchecked Sendable {
    // @unchecked Sendable: `sources` is set once in `init` and never read or changed again (it only keeps
    // the signal sources alive); `running` is behind its mutex.
    static let shared = NodeReaper()
    private let running = Mutex<Set<Int32>>([])
    /// The signal sources; kept for the life of the process (it never releases the shared reaper).
    private let sources: [any DispatchSourceSignal]

    private init() {
        sources = [SIGINT, SIGTERM].map { number in
            signal(number, SIG_IGN)
            let source = DispatchSource.makeSignalSource(signal: number, queue: .global())
            source.setEventHandler {
                NodeReaper.shared.killAll()
                exit(128 + number)
            }
            source.resume()
            return source
        }
    }

    /// Kills `pid` along with the benchmark, unless ``killed(_:)`` says it is gone first.
    func watch(_ pid: Int32) { _ = running.withLock { $0.insert(pid) } }

    /// Kills `pid` now (SIGKILL) and forgets it.
    func kill(_ pid: Int32) {
        _ = running.withLock { $0.remove(pid) }
        _ = Foundation.kill(pid, SIGKILL)
    }

    /// Kills every node still running.
    func killAll() {
        for pid in running.withLock({ $0 }) { kill(pid) }
    }
}

/// One `petri serve` child process of the cluster benchmark.
struct BenchNode {
    let process: Process
    let url: String

    static func start(_ index: Int, petri: String, store: String, key: String) async throws -> BenchNode {
        let port = try PrivatePostgres.freePort()
        let url = "ws://127.0.0.1:\(port)/"
        let data = FileManager.default.temporaryDirectory.appendingPathComponent(
            "petri-bench-node-\(UUID().uuidString)"
        )
        .path
        let process = Process()
        process.executableURL = URL(fileURLWithPath: petri)
        process.arguments = ["serve", "--port", "\(port)", "--data", data, "--log-level", "warning"]
        process.environment = ProcessInfo.processInfo.environment.merging([
            "PETRI_STORE_URL": store, "PETRI_TEACHER_KEY": key, "PETRI_CLUSTER_NODE": "node-\(index)",
            "PETRI_CLUSTER_ADVERTISE_URL": url, "PETRI_LIMITS_MESSAGES_PER_SECOND": "10000",
            "PETRI_LIMITS_MESSAGE_BURST": "100000", "PETRI_LIMITS_FAILED_JOINS_PER_MINUTE": "10000",
        ]) { $1 }
        let pipe = Pipe()
        process.standardOutput = pipe
        try process.run()
        NodeReaper.shared.watch(process.processIdentifier)
        for await line in lines(of: pipe.fileHandleForReading) where line.contains("listening on ws://") {
            return BenchNode(process: process, url: url)
        }
        throw ValidationError("Node \(index) did not start.")
    }
}

/// A client's way into a lesson through a cluster: its node, then the `redirect`; after a failed
/// connection or `lesson-reloading`, the next node in `urls` (a load balancer skipping a dead node).
func clusterAttach(
    _ client: WebSocketClient, urls: [String], home: Int, _ message: ClientMessage
) async throws -> (peer: ProtocolPeer, welcome: Welcome, url: String, attempts: Int) {
    var next = home
    var target = urls[home % urls.count]
    let deadline = ContinuousClock.now + .seconds(60)
    var attempts = 0
    while ContinuousClock.now < deadline {
        attempts += 1
        guard let connection = try? await client.connect(to: target) else {
            next += 1
            target = urls[next % urls.count]
            try await Task.sleep(for: .milliseconds(250))
            continue
        }
        let peer = ProtocolPeer(client, connection, ignoring: isSnapshot)
        try peer.send(message)
        let reply = try? await peer.expect { reply -> ServerMessage? in
            switch reply {
            case .welcome, .redirect, .error: reply
            default: nil
            }
        }
        switch reply {
        case .welcome(let welcome): return (peer, welcome, target, attempts)
        case .redirect(let url, _): target = url
        case .error(let error) where error.code != .lessonReloading: throw error
        default:
            next += 1
            target = urls[next % urls.count]
            try await Task.sleep(for: .milliseconds(250))
        }
        if case .welcome = reply {} else { peer.close() }
    }
    throw ValidationError("A client could not get into its lesson through the cluster within 60 s.")
}

extension ProtocolPeer {
    /// Reads until the stats of `generation` or a later one: a generation's `stats` is never
    /// skipped, while a slow client's snapshots coalesce (waiting for one snapshot could wait forever).
    /// Returns at once when the last stats already read reached it: a student back after the last kill
    /// may have read the very generation its lesson then paused at, and waiting for another hung the
    /// benchmark whenever the failover was quick.
    func waitForGeneration(atLeast generation: Int) async throws {
        if case .stats(_, let stats) = seen.last(where: { if case .stats = $0 { true } else { false } }),
            stats.generation >= generation
        {
            return
        }
        _ = try await expect("generation \(generation)") {
            if case .stats(_, let stats) = $0, stats.generation >= generation { true } else { nil }
        }
    }

    /// Reads until the stats of a generation newer than `generation`.
    func waitForGeneration(after generation: Int) async throws {
        try await waitForGeneration(atLeast: generation + 1)
    }
}

/// Whether a server message is a snapshot, which the cluster benchmark's clients drop without decoding: they
/// look only at stats, and decoding every snapshot into a JSON tree made the benchmark's process 74% of the
/// machine's CPU at 30 lessons of 100 (each node 2-3%), so the failover and step times measured the benchmark.
@Sendable func isSnapshot(_ bytes: [UInt8]) -> Bool {
    bytes.withUnsafeBytes { ScannedMessage.type(of: $0) } == "snapshot"
}
