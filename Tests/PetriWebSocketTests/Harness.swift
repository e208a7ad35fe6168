import Foundation
import PetriTransport
import Testing

@testable import PetriWebSocket

/// A server on 127.0.0.1 with an ephemeral port whose connections echo every message back.
struct EchoServer {
    let server: WebSocketServer
    let task: Task<Void, Never>

    var url: String { "ws://127.0.0.1:\(server.port)/" }

    static func start(_ configure: (inout WebSocketServer.Configuration) -> Void = { _ in }) async throws -> EchoServer
    {
        var configuration = WebSocketServer.Configuration(host: "127.0.0.1", port: 0)
        configure(&configuration)
        let server = try await WebSocketServer.start(configuration)
        let task = Task {
            await withDiscardingTaskGroup { group in
                for await connection in server.connections {
                    group.addTask {
                        for await event in connection.events {
                            switch event {
                            case .text(let t):
                                server.send(
                                    OutboundMessage(kind: .text, bytes: t.bytes), to: connection.id, policy: .reliable)
                            case .binary(let b):
                                server.send(OutboundMessage(binary: b), to: connection.id, policy: .reliable)
                            case .closed: break
                            }
                        }
                    }
                }
            }
        }
        return EchoServer(server: server, task: task)
    }

    func stop() async {
        await server.shutdown()
        await task.value
    }
}

/// Reads events one at a time from a connection's stream.
final class EventReader {
    private var iterator: ConnectionEvents.AsyncIterator

    init(_ connection: Connection) { iterator = connection.events.makeAsyncIterator() }

    func next() async -> ConnectionEvent? { await iterator.next() }

    /// Skips messages until the close event.
    func closeEvent() async -> ConnectionEvent? {
        while let event = await iterator.next() {
            if case .closed = event { return event }
        }
        return nil
    }
}

/// Runs blocking work (raw sockets) on its own thread, off the small cooperative pool.
func onThread<T: Sendable>(_ body: @escaping @Sendable () throws -> T) async throws -> T {
    try await withCheckedThrowingContinuation { continuation in
        let thread = Thread {
            do { continuation.resume(returning: try body()) } catch { continuation.resume(throwing: error) }
        }
        thread.start()
    }
}

/// Opens `n` client connections to `server` and returns them with the ids the server gave them
/// (in the order the server accepted them, which need not be the clients' order).
func connect(_ n: Int, to server: WebSocketServer, with client: WebSocketClient) async throws -> (
    connections: [Connection], ids: [ConnectionID]
) {
    async let accepted = accept(n, from: server)
    var connections: [Connection] = []
    for _ in 0..<n { connections.append(try await client.connect(to: "ws://127.0.0.1:\(server.port)/")) }
    return (connections, await accepted.map(\.id))
}

/// Takes the next `n` accepted connections from a server.
func accept(_ n: Int, from server: WebSocketServer) async -> [Connection] {
    var result: [Connection] = []
    for await connection in server.connections {
        result.append(connection)
        if result.count == n { break }
    }
    return result
}

/// This process's open sockets whose local or remote TCP port is `port` (listener included).
///
/// Other tests run in parallel in the same process, so the process-wide descriptor count is
/// not a stable baseline; sockets on one test server's port are.
func openSockets(onPort port: Int) -> Int {
    let fm = FileManager.default
    var inodes = Set<String>()
    for table in ["/proc/net/tcp", "/proc/net/tcp6"] {
        guard let text = readWholeFile(table) else { continue }
        for line in text.split(separator: "\n").dropFirst() {
            let f = line.split(separator: " ")
            guard f.count > 9 else { continue }
            let ports = [f[1], f[2]].compactMap { $0.split(separator: ":").last.flatMap { Int($0, radix: 16) } }
            if ports.contains(port) { inodes.insert(String(f[9])) }
        }
    }
    let fds = (try? fm.contentsOfDirectory(atPath: "/proc/self/fd")) ?? []
    return fds.filter { fd in
        guard let target = try? fm.destinationOfSymbolicLink(atPath: "/proc/self/fd/\(fd)") else { return false }
        return target.hasPrefix("socket:[") && inodes.contains(String(target.dropFirst(8).dropLast()))
    }.count
}

/// Waits (polling the transport's counters, bounded) until `condition` holds.
func eventually(
    _ what: String, within seconds: Double = 10, _ condition: @Sendable () -> Bool
) async -> Bool {
    let deadline = ContinuousClock.now + .milliseconds(Int(seconds * 1000))
    while ContinuousClock.now < deadline {
        if condition() { return true }
        try? await Task.sleep(for: .milliseconds(5))
    }
    return condition()
}

/// Reads a file to its end with plain `read` calls. /proc files report a size of 0 and can be
/// long (/proc/net/tcp lists every socket on the machine), so size-based readers may stop early.
func readWholeFile(_ path: String) -> String? {
    let fd = open(path, O_RDONLY)
    guard fd >= 0 else { return nil }
    defer { close(fd) }
    var bytes: [UInt8] = []
    var chunk = [UInt8](repeating: 0, count: 65536)
    while true {
        let n = read(fd, &chunk, chunk.count)
        if n <= 0 { break }
        bytes += chunk[0..<n]
    }
    return String(decoding: bytes, as: UTF8.self)
}
