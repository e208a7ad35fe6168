import ArgumentParser
import Foundation
import PetriBenchmarks
import PetriLoad
import PetriTransport
import PetriWebSocket

/// `petri-bench transport`: broadcast latency and idle memory of the WebSocket server, next to
/// the floor: the same broadcast by a server with no WebSocket library.
///
/// The server runs in this process; the clients run in a child process (`petri-bench
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
    @Option(
        help: """
            Timed broadcast rounds (after 10 warm-up rounds). The p99 of 1,000 rounds is the 10th slowest; of 200, \
            the 2nd, which a busy machine decides.
            """)
    var rounds = 1000
    @Option(help: "lws receive buffer per connection, in bytes.")
    var receiveBuffer = 1024
    @Option(help: "floor: also run the same rounds against a broadcaster with no WebSocket library; none: skip it.")
    var reference: Reference = .floor
    @Flag(help: "Put every round's latency in the JSON line (for pooling several runs).")
    var printRounds = false

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
        let warmUp = 10
        let baseline = residentBytes()
        let petriClients = try ChildLines([
            "transport-clients", "--url", "ws://127.0.0.1:\(server.port)/", "--clients", String(clients),
        ])
        defer { petriClients.stop() }

        // The floor in a process of its own, with its own client process: at 10,000 clients the
        // two servers' sockets would not fit one process's descriptor limit. Its clients connect
        // while Petri's do (setting up both one after the other took most of a 10,000-client run).
        var floor: (server: ChildLines, clients: ChildLines)?
        if reference == .floor {
            let floorServer = try ChildLines(
                [
                    "transport-floor", "--clients", String(clients), "--size", String(size), "--rounds",
                    String(warmUp + rounds),
                ],
                input: true)
            guard let portLine = await floorServer.next(), portLine.hasPrefix("port "),
                let port = Int(portLine.dropFirst(5))
            else { throw ValidationError("The floor process did not start.") }
            let floorClients = try ChildLines([
                "transport-clients", "--url", "ws://127.0.0.1:\(port)/", "--clients", String(clients),
            ])
            floor = (floorServer, floorClients)
        }
        defer {
            floor?.clients.stop()
            floor?.server.stop()
        }
        guard await petriClients.next() == "ready" else {
            throw ValidationError("The client process did not connect.")
        }
        let ids = await accepted.value
        let idleMemory = residentBytes() - baseline
        print(
            "\(clients) clients connected; server memory \(fixed(Double(idleMemory) / 1048576, 1)) MiB above baseline")
        if let floor {
            guard await floor.clients.next() == "ready", await floor.server.next() == "ready" else {
                throw ValidationError("The floor's client process did not connect.")
            }
        }

        // Rounds interleave one by one, so a change in the machine's load hits both servers
        // alike; who goes first alternates, so neither always follows the other's leftovers.
        var latencies: [Double] = []
        var floorLatencies: [Double] = []
        for round in 0..<(warmUp + rounds) {
            let petriFirst = round % 2 == 0
            if petriFirst || floor == nil {
                let petri = try await Self.petriRound(round, size: size, server: server, ids: ids, petriClients)
                if round >= warmUp { latencies.append(petri) }
            }
            if let floor {
                // The floor process has every round's frame built already: this line is its
                // wake-up, as lws_cancel_service is Petri's.
                let floorSent = monotonicNanoseconds()
                floor.server.send("\(round)\n")
                let floorLast = try await Self.lastReceipt(of: round, from: floor.clients)
                if round >= warmUp { floorLatencies.append(Double(floorLast &- floorSent) / 1e6) }
            }
            if !petriFirst, floor != nil {
                let petri = try await Self.petriRound(round, size: size, server: server, ids: ids, petriClients)
                if round >= warmUp { latencies.append(petri) }
            }
        }
        await server.shutdown()

        let petri = Measurement(latencies)
        let perConnection = Double(idleMemory) / Double(clients)
        print(
            "Petri: broadcast of \(size) B to \(clients) clients, \(rounds) rounds: p50 \(fixed(petri.p50)) ms, "
                + "p99 \(fixed(petri.p99)) ms, max \(fixed(petri.max)) ms")
        print("server memory per idle connection: \(fixed(perConnection / 1024)) KiB")
        var json =
            #"{"benchmark":"transport","clients":\#(clients),"size":\#(size),"rounds":\#(rounds),"p50Ms":\#(fixed(petri.p50, 3)),"p99Ms":\#(fixed(petri.p99, 3)),"maxMs":\#(fixed(petri.max, 3)),"p99Rank":\#(Measurement.roundsAtOrAboveP99(rounds)),"bytesPerIdleConnection":\#(Int(perConnection))"#
        if floor != nil {
            let floor = Measurement(floorLatencies)
            print(
                "floor (no WebSocket library), same clients and frames, rounds interleaved: p50 \(fixed(floor.p50)) ms, "
                    + "p99 \(fixed(floor.p99)) ms, max \(fixed(floor.max)) ms")
            print(
                "Petri / floor: p50 \(fixed(petri.p50 / floor.p50))×, p99 \(fixed(petri.p99 / floor.p99))×")
            json +=
                #","floorP50Ms":\#(fixed(floor.p50, 3)),"floorP99Ms":\#(fixed(floor.p99, 3)),"floorMaxMs":\#(fixed(floor.max, 3)),"p50Ratio":\#(fixed(petri.p50 / floor.p50, 3)),"p99Ratio":\#(fixed(petri.p99 / floor.p99, 3))"#
        }
        let rank = Measurement.roundsAtOrAboveP99(rounds)
        print(
            "p99 here is the \(Self.ordinal(rank)) slowest of \(rounds) rounds"
                + (rank < 10
                    ? "; it rests on fewer than 10 rounds and swings with the machine's load: raise --rounds to 1000 or pool runs (--print-rounds)"
                    : ""))
        if printRounds {
            json += #","latenciesMs":[\#(latencies.map { fixed($0, 3) }.joined(separator: ","))]"#
            if floor != nil {
                json += #","floorLatenciesMs":[\#(floorLatencies.map { fixed($0, 3) }.joined(separator: ","))]"#
            }
        }
        print(machine.annotating(json + "}"))
    }

    /// One of Petri's rounds: the time from the broadcast call to the last client's receipt, in ms.
    private static func petriRound(
        _ round: Int, size: Int, server: WebSocketServer, ids: [ConnectionID], _ clients: ChildLines
    ) async throws -> Double {
        let message = OutboundMessage(text: text(round: round, size: size))
        let sent = monotonicNanoseconds()
        server.broadcast(message, to: ids, policy: .reliable)
        let last = try await lastReceipt(of: round, from: clients)
        return Double(last &- sent) / 1e6
    }

    /// "10th", "2nd", "1st": for the p99 line.
    static func ordinal(_ n: Int) -> String {
        let suffix = (11...13).contains(n % 100) ? "th" : [1: "st", 2: "nd", 3: "rd"][n % 10] ?? "th"
        return "\(n)\(suffix)"
    }

    /// Round `round`'s message: its number, a space, then `x` up to `size` bytes.
    static func text(round: Int, size: Int) -> String {
        let header = "\(round) "
        return header + String(repeating: "x", count: max(0, size - header.utf8.count))
    }

    /// Waits for a client process's report of `round` and returns its last receipt's time.
    private static func lastReceipt(of round: Int, from clients: ChildLines) async throws -> UInt64 {
        guard let line = await clients.next() else { throw ValidationError("The client process ended early.") }
        let fields = line.split(separator: " ")
        guard fields.count == 2, Int(fields[0]) == round, let last = UInt64(fields[1]) else {
            throw ValidationError("Unexpected report from the client process: \(line)")
        }
        return last
    }

    /// Latency quantiles over the timed rounds, in milliseconds.
    struct Measurement {
        var p50: Double
        var p99: Double
        var max: Double

        init(_ latencies: [Double]) {
            p50 = quantile(latencies, 0.5)
            p99 = quantile(latencies, 0.99)
            max = latencies.max() ?? 0
        }

        /// How many of `rounds` rounds are at or above the nearest-rank p99 (1 = the slowest).
        static func roundsAtOrAboveP99(_ rounds: Int) -> Int {
            rounds - Swift.max(Int((0.99 * Double(rounds)).rounded(.up)) - 1, 0)
        }
    }
}

/// A child `petri` process whose output is read line by line (and whose input may be written).
final class ChildLines {
    private let process = Process()
    private let input: Pipe?
    private var reader: AsyncStream<String>.AsyncIterator

    /// Starts `petri` with `arguments`; `input` gives it a pipe on standard input.
    init(_ arguments: [String], input: Bool = false) throws {
        process.executableURL = URL(fileURLWithPath: "/proc/self/exe")
        process.arguments = arguments
        let output = Pipe()
        process.standardOutput = output
        self.input = input ? Pipe() : nil
        if let pipe = self.input { process.standardInput = pipe }
        reader = lines(of: output.fileHandleForReading).makeAsyncIterator()
        try process.run()
    }

    /// The next line the child printed, or nil once it closed its output.
    func next() async -> String? { await reader.next() }

    /// Writes `text` to the child's standard input.
    func send(_ text: String) { input?.fileHandleForWriting.write(Data(text.utf8)) }

    deinit { stop() }

    /// Ends the child and waits for it.
    func stop() {
        guard process.isRunning else { return }
        process.terminate()
        process.waitUntilExit()
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
