import ArgumentParser
import Foundation
import PetriTransport
import PetriWebSocket

/// `petri bench transport`: broadcast latency and idle memory of the WebSocket server.
///
/// The server runs in this process; the clients run in a child process (`petri bench
/// transport-clients`) so they do not share the server's allocator or thread. Both read the
/// same CLOCK_MONOTONIC, so "broadcast call → last client's receipt" is measured directly:
/// the child reports, per round, the monotonic time at which its last client got the message.
struct BenchTransport: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "transport",
        abstract: "Broadcast to N WebSocket clients in a separate process; report latency and memory."
    )

    @Option(help: "Number of client connections (the process limit here is 20,000 descriptors).")
    var clients = 1000
    @Option(help: "Bytes per broadcast message.")
    var size = 1024
    @Option(help: "Timed broadcast rounds (after 10 warm-up rounds).")
    var rounds = 200
    @Option(help: "lws receive buffer per connection, in bytes.")
    var receiveBuffer = 1024

    func validate() throws {
        guard (1...19_000).contains(clients) else {
            throw ValidationError("--clients must be between 1 and 19000, but was \(clients).")
        }
        guard (32...1 << 20).contains(size) else {
            throw ValidationError("--size must be between 32 and 1048576 bytes, but was \(size).")
        }
        guard (1...100_000).contains(rounds) else {
            throw ValidationError("--rounds must be between 1 and 100000, but was \(rounds).")
        }
    }

    func run() async throws {
        var configuration = WebSocketServer.Configuration(host: "127.0.0.1", port: 0)
        configuration.receiveBufferBytes = receiveBuffer
        configuration.maxConnectionsPerAddress = 0
        let server = try await WebSocketServer.start(configuration)
        let accepted = Task { () -> [ConnectionID] in
            var ids: [ConnectionID] = []
            for await c in server.connections {
                ids.append(c.id)
                if ids.count == clients { break }
            }
            return ids
        }
        let baseline = residentBytes()

        let child = Process()
        child.executableURL = URL(fileURLWithPath: "/proc/self/exe")
        child.arguments = [
            "bench", "transport-clients", "--url", "ws://127.0.0.1:\(server.port)/", "--clients", String(clients),
        ]
        let pipe = Pipe()
        child.standardOutput = pipe
        try child.run()
        var reader = lines(of: pipe.fileHandleForReading).makeAsyncIterator()

        guard await reader.next() == "ready" else { throw ValidationError("The client process did not connect.") }
        let ids = await accepted.value
        let idleMemory = residentBytes() - baseline
        print(
            "\(clients) clients connected; server memory \(fixed(Double(idleMemory) / 1048576, 1)) MiB above baseline")

        var latencies: [Double] = []
        let warmUp = 10
        for round in 0..<(warmUp + rounds) {
            let start = monotonicNanoseconds()
            let header = "\(round) "
            var text = header + String(repeating: "x", count: max(0, size - header.utf8.count))
            text.reserveCapacity(size)
            let message = OutboundMessage(text: text)
            let sent = monotonicNanoseconds()
            server.broadcast(message, to: ids, policy: .reliable)
            guard let line = await reader.next() else { throw ValidationError("The client process ended early.") }
            let fields = line.split(separator: " ")
            guard fields.count == 2, Int(fields[0]) == round, let last = UInt64(fields[1]) else {
                throw ValidationError("Unexpected report from the client process: \(line)")
            }
            _ = start
            if round >= warmUp { latencies.append(Double(last &- sent) / 1e6) }
        }
        child.terminate()
        child.waitUntilExit()
        await server.shutdown()

        let p50 = quantile(latencies, 0.5)
        let p99 = quantile(latencies, 0.99)
        let max = latencies.max() ?? 0
        let perConnection = Double(idleMemory) / Double(clients)
        print(
            "broadcast of \(size) B to \(clients) clients, \(rounds) rounds: p50 \(fixed(p50)) ms, p99 \(fixed(p99)) ms, max \(fixed(max)) ms"
        )
        print("server memory per idle connection: \(fixed(perConnection / 1024)) KiB")
        print(
            #"{"benchmark":"transport","clients":\#(clients),"size":\#(size),"rounds":\#(rounds),"p50Ms":\#(fixed(p50, 3)),"p99Ms":\#(fixed(p99, 3)),"maxMs":\#(fixed(max, 3)),"bytesPerIdleConnection":\#(Int(perConnection))}"#
        )
    }
}

/// Nanoseconds on CLOCK_MONOTONIC, comparable between processes on one machine.
func monotonicNanoseconds() -> UInt64 {
    var ts = timespec()
    clock_gettime(CLOCK_MONOTONIC, &ts)
    return UInt64(ts.tv_sec) * 1_000_000_000 + UInt64(ts.tv_nsec)
}

/// The lines a pipe carries, read on a thread of their own so no task blocks on the read.
func lines(of handle: FileHandle) -> AsyncStream<String> {
    AsyncStream { continuation in
        let thread = Thread {
            var pending = [UInt8]()
            var chunk = [UInt8](repeating: 0, count: 65536)
            while true {
                let n = read(handle.fileDescriptor, &chunk, chunk.count)
                if n <= 0 { break }
                for b in chunk[0..<n] {
                    if b == 10 {
                        continuation.yield(String(decoding: pending, as: UTF8.self))
                        pending.removeAll(keepingCapacity: true)
                    } else {
                        pending.append(b)
                    }
                }
            }
            continuation.finish()
        }
        thread.start()
    }
}
