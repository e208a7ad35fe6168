import ArgumentParser
import CEpoll
import Foundation
import PetriBenchmarks
import PetriHub
import PetriPeer
import PetriProtocol
import PetriServer
import PetriTransport
import PetriWebSocket
import Synchronization

#if canImport(Glibc)
    import Glibc
#endif

/// `petri-bench memory`: what each student costs the server, layer by layer.
///
/// The server runs here, the students in a child process (`petri-bench memory-students`). The
/// layers are built one after another over the same connections, and the server's memory read
/// after each: the transport's connections alone (accepted, nobody reading their events), then
/// a hub session serving each one (`Hub.startSession`: its state and handler, no task while
/// idle), then one message each
/// (a `ping`, answered: buffers the first message leaves behind), then every student
/// joined (roster entry, tokens, log entry, the lesson's tables, the welcome), then every
/// student gone again: what stays is the lesson's own record of them (roster, tokens), so the
/// join splits into what the lesson keeps and what lives only as long as the connection.
///
/// Each layer is read two ways: resident memory (what the class benchmark reports) and the
/// bytes malloc has handed out and not had back (`mallinfo2`, every arena), which sees live
/// memory only: no freed pages kept, no thread stacks.
struct BenchMemory: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "memory",
        abstract: "Measure the server's memory per student, part by part (students in a separate process)."
    )

    @Option(help: "Students in the class.")
    var students = 10_000
    @Option(help: "Creatures the camouflage lesson holds (its snapshot is in every welcome).")
    var population = 1000
    @Flag(help: "Keep lessons in memory instead of SQLite (the log then stays in memory too).")
    var inMemory = false

    func validate() throws {
        guard (1...19_000).contains(students) else {
            throw ValidationError("--students must be between 1 and 19000, but was \(students).")
        }
        try CamouflageBenchmark.check(population: population)
    }

    func run() async throws {
        say(MachineInfo.current.line)
        var webSocket = WebSocketServer.Configuration.benchmark(roomyQueues: false)
        webSocket.maxConnectionsPerAddress = 0
        let server = try await WebSocketServer.start(webSocket)
        let key = TeacherKey.generate()
        let scratch = try BenchScratchStorage(inMemory: inMemory)
        defer { scratch.remove() }
        let hub = Hub(
            transport: server, storage: scratch.storage, clock: SystemClock(), teacherKey: key,
            configuration: .benchmark)

        // Connections are held aside until the serving layer starts; the teacher's is served at once.
        let hold = ConnectionHold()
        let sessions = SessionCount()
        let (toServe, serve) = AsyncStream.makeStream(of: Connection.self)
        let accepting = Task {
            for await connection in server.connections where !hold.keep(connection) { serve.yield(connection) }
            serve.finish()
        }
        let serving = Task {
            for await connection in toServe {
                sessions.started()
                hub.startSession(connection) { sessions.ended() }
            }
        }
        // As `petri serve` does: what each layer's burst freed goes back to the system once it is over.
        let trimming = Task { await MemoryTrim.run() }
        defer { trimming.cancel() }
        let url = "ws://127.0.0.1:\(server.port)/"

        // The teacher, in this process, reading (and dropping) everything the lesson tells it.
        let client = try await WebSocketClient.start()
        let link = try await client.connect(to: url)
        let teacherEvents = EventReader(link.events)
        let teacher = ProtocolPeer(
            send: { client.send($0, to: link.id, policy: .reliable) },
            close: { client.close(link.id, code: $0, reason: $1) }, receive: { await teacherEvents.next() })
        let parameters = try JSONValue(
            encoding: CamouflageBenchmark(population: population, generations: 1, seed: 1).parameters())
        try teacher.send(.create(teacherKey: key, model: .camouflage, parameters: parameters, seed: 1, options: nil))
        let (code, token) = try await teacher.expectReply {
            if case .created(let c, let t) = $0 { (c, t) } else { nil }
        }
        try teacher.send(.teach(code: code, token: token, lastSeen: nil))
        _ = try await teacher.expectReply { if case .welcome = $0 { true } else { nil } }
        let teacherReading = Task { while await teacherEvents.next() != nil {} }
        try await settle()
        let base = MemoryReading()

        hold.holding = true
        let child = try ChildLines(
            ["memory-students", "--url", url, "--code", code.text, "--students", String(students)],
            input: true)
        defer { child.stop() }
        guard await child.next() == "ready" else { throw ValidationError("The student process did not connect.") }
        while hold.count < students { try await Task.sleep(for: .milliseconds(10)) }
        try await settle()
        let connected = MemoryReading()

        for connection in hold.release() { serve.yield(connection) }
        while sessions.running < students + 1 { try await Task.sleep(for: .milliseconds(10)) }
        try await settle()
        let served = MemoryReading()

        child.send("ping\n")
        while let line = await child.next(), line != "ponged" {}
        try await settle()
        let pinged = MemoryReading()

        child.send("join\n")
        while let line = await child.next(), line != "joined" {
            if line.hasPrefix("error") { FileHandle.standardError.write(Data("students: \(line)\n".utf8)) }
        }
        try await settle()
        let joined = MemoryReading()

        child.send("leave\n")
        while sessions.running > 1 { try await Task.sleep(for: .milliseconds(10)) }
        try await settle()
        let left = MemoryReading()

        teacher.close()
        await hub.stopAll()
        await server.shutdown()
        await accepting.value
        await serving.value
        teacherReading.cancel()
        await client.shutdown()

        let parts: [(name: String, key: String, rss: Int?, heap: Int)] = [
            (
                "transport connection (accepted, events unread)", "connection", connected.rss - base.rss,
                connected.heap - base.heap
            ),
            (
                "hub session serving it (handler, idle)", "session", served.rss - connected.rss,
                served.heap - connected.heap
            ),
            ("first message answered (a ping)", "message", pinged.rss - served.rss, pinged.heap - served.heap),
            (
                "joined, while connected (lesson's tables, queues)", "attached", nil,
                (joined.heap - pinged.heap) - (left.heap - base.heap)
            ),
            ("joined, kept after leaving (roster, tokens, log)", "roster", nil, left.heap - base.heap),
        ]
        say("\(students) students; server memory per student, by layer:")
        say("  layer                                              resident   malloc'd")
        for part in parts {
            let rss = part.rss.map { kib($0) } ?? "-"
            say(
                "  " + part.name.padding(toLength: 50, withPad: " ", startingAt: 0)
                    + rss.leftPadded(9) + kib(part.heap).leftPadded(11))
        }
        let beyond = joined.rss - connected.rss
        say(
            "  total: resident \(kib(joined.rss - base.rss)) (as bench class counts it), malloc'd \(kib(joined.heap - base.heap)); beyond the transport's connection: resident \(kib(beyond)), malloc'd \(kib(joined.heap - connected.heap))"
        )
        func perStudent(_ bytes: Int) -> Int { bytes / students }
        let partsJSON = parts.map { #""\#($0.key)":\#(perStudent($0.heap))"# }.joined(separator: ",")
        say(
            MachineInfo.current.annotating(
                #"{"benchmark":"memory","storage":"\#(inMemory ? "memory" : "sqlite")","students":\#(students),"residentBytesPerStudent":\#(perStudent(joined.rss - base.rss)),"residentBeyondConnection":\#(perStudent(beyond)),"connectionResident":\#(perStudent(connected.rss - base.rss)),"mallocBytesPerStudent":{\#(partsJSON)}}"#
            ))

        func kib(_ bytes: Int) -> String { fixed(Double(bytes) / Double(students) / 1024) + " KiB" }
    }

    /// Lets transient work (welcomes being written, the store's group commit) finish, and the
    /// server give back what it freed (``MemoryTrim``), before a reading.
    private func settle() async throws { try await Task.sleep(for: .milliseconds(1000)) }

    private func say(_ line: String) { print(line) }
}

/// The server's memory at one moment.
private struct MemoryReading {
    /// Resident bytes (VmRSS).
    let rss: Int
    /// Bytes malloc has handed out and not had back, in every arena (small blocks and mmapped ones).
    let heap: Int

    init() {
        rss = residentBytes()
        let info = mallinfo2()
        heap = Int(info.uordblks) + Int(info.hblkhd)
    }
}

/// The connections accepted while ``holding``, kept aside until ``release()``.
///
/// The accepting task calls `keep`, the benchmark's own task the rest: the state is behind a lock.
private final class ConnectionHold: Sendable {
    private struct State {
        var holding = false
        var held: [Connection] = []
    }
    private let state = Mutex(State())

    var holding: Bool {
        get { state.withLock { $0.holding } }
        set { state.withLock { $0.holding = newValue } }
    }

    var count: Int { state.withLock { $0.held.count } }

    /// Keeps `connection` aside and returns true while holding; false (serve it now) otherwise.
    func keep(_ connection: Connection) -> Bool {
        state.withLock { state in
            guard state.holding else { return false }
            state.held.append(connection)
            return true
        }
    }

    /// Stops holding and hands back every connection held.
    func release() -> [Connection] {
        state.withLock { state in
            state.holding = false
            defer { state.held = [] }
            return state.held
        }
    }
}

/// One connection's events, read by one task at a time (the teacher's peer, then a task that drains them).
final class EventReader: @unchecked Sendable {
    // @unchecked Sendable: the iterator is read by the teacher's peer until its welcome, and only
    // after that by the draining task (started once the peer's last read has returned).
    private var iterator: ConnectionEvents.AsyncIterator

    init(_ events: ConnectionEvents) { iterator = events.makeAsyncIterator() }

    func next() async -> ConnectionEvent? { await iterator.next() }
}

private final class SessionCount: Sendable {
    private let value = Mutex(0)
    var running: Int { value.withLock { $0 } }
    func started() { value.withLock { $0 += 1 } }
    func ended() { value.withLock { $0 -= 1 } }
}

extension String {
    fileprivate func leftPadded(_ width: Int) -> String {
        count >= width ? self : String(repeating: " ", count: width - count) + self
    }
}
