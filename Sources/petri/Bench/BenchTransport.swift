import ArgumentParser
import Foundation
import PetriLoad
import PetriTransport
import PetriWebSocket

/// `petri bench transport`: broadcast latency and idle memory of the WebSocket server, next to
/// the floor: the same broadcast by a server with no WebSocket library.
///
/// The server runs in this process; the clients run in a child process (`petri bench
/// transport-clients`) so they do not share the server's allocator or thread. Both read the
/// same CLOCK_MONOTONIC, so "broadcast call → last client's receipt" is measured directly:
/// the child reports, per round, the monotonic time at which its last client got the message.
///
/// With `--reference floor` (the default) the same harness then runs again against
/// `EpollFloorServer` (PetriLoad): the same number of clients from the same load generator,
/// the same message bytes framed the same way, the same clock readings, the same rounds. The
/// ratio of Petri's figures to the floor's is what a reader can compare between machines.
struct BenchTransport: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "transport",
        abstract: "Broadcast to N WebSocket clients in a separate process; report latency and memory against the floor."
    )

    /// What runs next to Petri in the same run.
    enum Reference: String, ExpressibleByArgument {
        /// Nothing: Petri's figures alone.
        case none
        /// A broadcaster with no WebSocket library (plain epoll writes of a pre-framed buffer).
        case floor
    }

    @Option(help: "Number of client connections (the process limit here is 20,000 descriptors).")
    var clients = 1000
    @Option(help: "Bytes per broadcast message.")
    var size = 1024
    @Option(help: "Timed broadcast rounds (after 10 warm-up rounds).")
    var rounds = 200
    @Option(help: "lws receive buffer per connection, in bytes.")
    var receiveBuffer = 1024
    @Option(help: "floor: also run the same rounds against a broadcaster with no WebSocket library; none: skip it.")
    var reference: Reference = .floor

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
        let machine = MachineInfo.current
        print(machine.line)
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
        let petri = try await measure(port: server.port, baseline: baseline) { () async -> Prepare in
            let ids = await accepted.value
            return { message in { server.broadcast(message, to: ids, policy: .reliable) } }
        }
        await server.shutdown()

        var floor: Measurement?
        if reference == .floor {
            let broadcaster = try EpollFloorServer(expecting: clients)
            do {
                floor = try await measure(port: broadcaster.port, baseline: residentBytes()) {
                    () async throws -> Prepare in
                    try await broadcaster.waitUntilAccepted()
                    return { message in
                        // Pre-framed before the clock starts: the floor's broadcast is only the writes.
                        let frame = message.withPayload { EpollFloorServer.textFrame(Array($0)) }
                        return { broadcaster.broadcast(frame) }
                    }
                }
            } catch {
                await broadcaster.shutdown()
                throw error
            }
            await broadcaster.shutdown()
        }

        let perConnection = Double(petri.idleMemory) / Double(clients)
        print(
            "Petri: broadcast of \(size) B to \(clients) clients, \(rounds) rounds: p50 \(fixed(petri.p50)) ms, "
                + "p99 \(fixed(petri.p99)) ms, max \(fixed(petri.max)) ms")
        print("server memory per idle connection: \(fixed(perConnection / 1024)) KiB")
        var json =
            #"{"benchmark":"transport","clients":\#(clients),"size":\#(size),"rounds":\#(rounds),"p50Ms":\#(fixed(petri.p50, 3)),"p99Ms":\#(fixed(petri.p99, 3)),"maxMs":\#(fixed(petri.max, 3)),"bytesPerIdleConnection":\#(Int(perConnection))"#
        if let floor {
            print(
                "floor (no WebSocket library), same clients and frames: p50 \(fixed(floor.p50)) ms, "
                    + "p99 \(fixed(floor.p99)) ms, max \(fixed(floor.max)) ms")
            print(
                "Petri / floor: p50 \(fixed(petri.p50 / floor.p50))×, p99 \(fixed(petri.p99 / floor.p99))×")
            json +=
                #","floorP50Ms":\#(fixed(floor.p50, 3)),"floorP99Ms":\#(fixed(floor.p99, 3)),"floorMaxMs":\#(fixed(floor.max, 3)),"p50Ratio":\#(fixed(petri.p50 / floor.p50, 3)),"p99Ratio":\#(fixed(petri.p99 / floor.p99, 3))"#
        }
        print(machine.annotating(json + "}"))
    }

    /// One server's figures: latency quantiles over the timed rounds, memory after connecting.
    struct Measurement {
        var p50: Double
        var p99: Double
        var max: Double
        var idleMemory: Int
    }

    /// Turns a round's message into the server's broadcast of it (whatever a server prepares
    /// before the clock starts happens in the outer call).
    typealias Prepare = (OutboundMessage) -> () -> Void

    /// Runs the client process against `port`, then the rounds: builds each round's message,
    /// prepares its broadcast, reads the clock, broadcasts, and waits for the child's report of
    /// that round's last receipt.
    ///
    /// - Parameters:
    ///   - baseline: the resident size before the clients connected.
    ///   - connect: called once the child reports its connections open; waits until the server
    ///     has them all and returns how the server broadcasts.
    private func measure(
        port: Int, baseline: Int, connect: () async throws -> Prepare
    ) async throws -> Measurement {
        let child = Process()
        child.executableURL = URL(fileURLWithPath: "/proc/self/exe")
        child.arguments = [
            "bench", "transport-clients", "--url", "ws://127.0.0.1:\(port)/", "--clients", String(clients),
        ]
        let pipe = Pipe()
        child.standardOutput = pipe
        try child.run()
        defer {
            child.terminate()
            child.waitUntilExit()
        }
        var reader = lines(of: pipe.fileHandleForReading).makeAsyncIterator()

        guard await reader.next() == "ready" else { throw ValidationError("The client process did not connect.") }
        let prepare = try await connect()
        let idleMemory = residentBytes() - baseline

        var latencies: [Double] = []
        let warmUp = 10
        for round in 0..<(warmUp + rounds) {
            let header = "\(round) "
            var text = header + String(repeating: "x", count: Swift.max(0, size - header.utf8.count))
            text.reserveCapacity(size)
            let broadcast = prepare(OutboundMessage(text: text))
            let sent = monotonicNanoseconds()
            broadcast()
            guard let line = await reader.next() else { throw ValidationError("The client process ended early.") }
            let fields = line.split(separator: " ")
            guard fields.count == 2, Int(fields[0]) == round, let last = UInt64(fields[1]) else {
                throw ValidationError("Unexpected report from the client process: \(line)")
            }
            if round >= warmUp { latencies.append(Double(last &- sent) / 1e6) }
        }
        return Measurement(
            p50: quantile(latencies, 0.5), p99: quantile(latencies, 0.99), max: latencies.max() ?? 0,
            idleMemory: idleMemory)
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
