import ArgumentParser
import Foundation
import PetriBenchmarks
import PetriHub
import PetriLoad
import PetriPeer
import PetriProtocol
import PetriServer
import PetriStorage
import PetriTransport
import PetriWebSocket

#if canImport(Glibc)
    import Glibc
#endif

/// `petri-bench slow-readers`: what students who ask for history and never read cost the server.
///
/// The server runs here with the shipped limits (the hub's message rate, `websocket.maxQueueBytes`,
/// `websocket.maxTotalQueueBytes`); a teacher in this process steps a camouflage lesson to a long
/// history, then each reader (a raw socket in this process, its receive buffer shrunk, never read)
/// joins and asks for the history pages in order, one request after another, as fast as the hub's
/// burst allows. The figure is the server's peak resident memory (VmHWM) against the budget, with the
/// outbound bytes the transport counted at their highest and the readers it closed as slow.
struct BenchSlowReaders: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "slow-readers",
        abstract: "Measure the server's peak memory while students ask for history and never read."
    )

    @Option(help: "Readers: students who join, ask for every history page and never read.")
    var readers = 150
    @Option(help: "Generations the lesson has stepped (its history; a page holds 500, the hub keeps 8 encoded).")
    var generations = 2000
    @Option(help: "History requests each reader sends (the hub's burst is 40).")
    var requests = 40
    @Option(help: "websocket.maxTotalQueueBytes in MiB (0: no budget).")
    var budgetMiB = 128

    func validate() throws {
        guard (1...1000).contains(readers) else {
            throw ValidationError("--readers must be between 1 and 1000, but was \(readers).")
        }
        guard (500...200_000).contains(generations) else {
            throw ValidationError("--generations must be between 500 and 200000, but was \(generations).")
        }
        guard (1...1000).contains(requests) else {
            throw ValidationError("--requests must be between 1 and 1000, but was \(requests).")
        }
        guard budgetMiB >= 0 else { throw ValidationError("--budget-mib must be 0 or more, but was \(budgetMiB).") }
    }

    func run() async throws {
        say(MachineInfo.current.line)
        var webSocket = WebSocketServer.Configuration(host: "127.0.0.1", port: 0)
        webSocket.maxTotalQueueBytes = budgetMiB << 20
        let server = try await WebSocketServer.start(webSocket)
        let key = TeacherKey.generate()
        let hub = Hub(
            transport: server, storage: InMemoryLessonStorage(), clock: SystemClock(), teacherKey: key,
            configuration: HubConfiguration())
        let serving = Task { for await connection in server.connections { hub.startSession(connection) {} } }
        let trimming = Task { await MemoryTrim.run() }
        defer { trimming.cancel() }

        // The teacher steps the lesson to its history, 100 generations a message, within the hub's rate.
        let client = try await WebSocketClient.start()
        let link = try await client.connect(to: "ws://127.0.0.1:\(server.port)/")
        let events = EventReader(link.events)
        let teacher = ProtocolPeer(
            send: { client.send($0, to: link.id, policy: .reliable) },
            close: { client.close(link.id, code: $0, reason: $1) }, receive: { await events.next() })
        try teacher.send(.create(teacherKey: key, model: .camouflage, parameters: nil, seed: 1, options: nil))
        let (code, token) = try await teacher.expectReply {
            if case .created(let c, let t) = $0 { (c, t) } else { nil }
        }
        try teacher.send(.teach(code: code, token: token, lastSeen: nil))
        _ = try await teacher.expectReply { if case .welcome = $0 { true } else { nil } }
        var stepped = 0
        while stepped < generations {
            let count = min(100, generations - stepped)
            try teacher.send(.step(count: count))
            stepped = try await teacher.expect {
                if case .stats(_, let s) = $0, s.generation >= stepped + count { s.generation } else { nil }
            }
            try await Task.sleep(for: .milliseconds(60))
        }
        try teacher.send(.history(from: 0, to: 499))
        let pageBytes = try await teacher.expectReply {
            if case .history(let page) = $0 { try JSONEncoder().encode(page).count } else { nil }
        }
        let teacherReading = Task { while await events.next() != nil {} }
        let before = residentBytes()
        say(
            "lesson: \(generations) generations, a history page of 500 about \(pageBytes / 1024) KiB; resident \(before >> 20) MiB before the readers"
        )

        // The readers: each joins, then asks for the pages from the first on (wrapping round), as a
        // class catching up does, and never reads.
        let pages = (generations + 499) / 500
        let started = ContinuousClock.now
        var sockets: [Int32] = []
        defer { for fd in sockets { close(fd) } }
        var peakQueued = 0
        for reader in 0..<readers {
            guard let fd = Self.connect(port: server.port) else {
                throw ValidationError("Reader \(reader) could not connect: errno \(errno).")
            }
            sockets.append(fd)
            var text = [#"{"code":"\#(code.text)","name":"reader \#(reader)","type":"join"}"#]
            for r in 0..<requests {
                let from = (r % pages) * 500
                text.append(#"{"from":\#(from),"to":\#(min(from + 499, generations)),"type":"history"}"#)
            }
            var bytes: [UInt8] = []
            for t in text { bytes += ClientFrame.masked(opcode: 1, payload: Array(t.utf8)) }
            Self.writeAll(fd, bytes)
            peakQueued = max(peakQueued, server.counts.queuedBytes)
        }

        // Until the server has done what it will: nothing more written or closed for two seconds.
        var last = (server.counts.bytesOut, server.counts.slowClosed)
        var quiet = 0
        while quiet < 20, ContinuousClock.now - started < .seconds(120) {
            try await Task.sleep(for: .milliseconds(100))
            peakQueued = max(peakQueued, server.counts.queuedBytes)
            let now = (server.counts.bytesOut, server.counts.slowClosed)
            quiet = now == last ? quiet + 1 : 0
            last = now
        }
        let counts = server.counts
        let peak = peakResidentBytes()
        say(
            "\(readers) readers, \(requests) history requests each, budget \(budgetMiB) MiB: peak resident \(peak >> 20) MiB (\((peak - before) >> 20) MiB over the lesson alone), resident now \(residentBytes() >> 20) MiB"
        )
        say(
            "  outbound bytes counted: at most \(peakQueued >> 20) MiB seen, \(counts.queuedBytes >> 20) MiB now; \(counts.slowClosed) readers closed as slow, \(counts.open - 1) still open"
        )
        say(
            MachineInfo.current.annotating(
                #"{"benchmark":"slow-readers","readers":\#(readers),"requests":\#(requests),"generations":\#(generations),"pageBytes":\#(pageBytes),"budgetBytes":\#(budgetMiB << 20),"residentBeforeBytes":\#(before),"peakResidentBytes":\#(peak),"peakQueuedBytes":\#(peakQueued),"slowClosed":\#(counts.slowClosed)}"#
            ))

        for fd in sockets { close(fd) }
        sockets = []
        teacher.close()
        await hub.stopAll()
        await server.shutdown()
        await serving.value
        teacherReading.cancel()
        await client.shutdown()
    }

    /// A blocking socket to the server with a 4 KiB receive buffer (a reader that stalls at once), upgraded.
    private static func connect(port: Int) -> Int32? {
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard fd >= 0 else { return nil }
        var size: Int32 = 4096
        setsockopt(fd, SOL_SOCKET, SO_RCVBUF, &size, socklen_t(MemoryLayout<Int32>.size))
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = in_port_t(UInt16(port).bigEndian)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                Glibc.connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
            }
        }
        guard connected == 0 else {
            close(fd)
            return nil
        }
        let request =
            "GET / HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n"
            + "Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\nSec-WebSocket-Version: 13\r\n"
            + "Sec-WebSocket-Protocol: petri.v1\r\n\r\n"
        writeAll(fd, Array(request.utf8))
        // The 101's head, byte by byte, so nothing after it is read.
        var head: [UInt8] = []
        var byte: UInt8 = 0
        while !(head.count >= 4 && head.suffix(4).elementsEqual([13, 10, 13, 10])), head.count < 8192 {
            guard read(fd, &byte, 1) == 1 else {
                close(fd)
                return nil
            }
            head.append(byte)
        }
        guard String(decoding: head, as: UTF8.self).hasPrefix("HTTP/1.1 101") else {
            close(fd)
            return nil
        }
        return fd
    }

    private static func writeAll(_ fd: Int32, _ bytes: [UInt8]) {
        var offset = 0
        while offset < bytes.count {
            let n = bytes[offset...].withUnsafeBytes { send(fd, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
            guard n > 0 else { return }
            offset += n
        }
    }
}

/// This process's peak resident memory in bytes (VmHWM in /proc/self/status).
func peakResidentBytes() -> Int {
    guard let status = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8),
        let line = status.split(separator: "\n").first(where: { $0.hasPrefix("VmHWM:") })
    else { return 0 }
    return (line.split(separator: " ").compactMap { Int($0) }.first ?? 0) * 1024
}
