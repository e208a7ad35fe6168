import Foundation
import PetriProtocol
import PetriSimulation
import PetriTransport
import PetriWebSocket
import Synchronization
import Testing

@testable import PetriServer

#if canImport(Glibc)
    import Glibc
#endif

/// `petri serve` running out of something outside it: file descriptors, disk space, its PostgreSQL.
@Suite struct ResourceExhaustionTests {
    static let prlimit = DeployTools.find("prlimit")

    /// Starts `petri serve` on a free port, optionally under a lower open-files limit, and returns its URL.
    static func serve(
        data: String, openFiles: Int? = nil, environment: [String: String] = [:]
    ) async throws -> (PetriProcess, String) {
        let petri = try #require(petriExecutable(), "build the petri executable first (swift build)")
        let arguments = ["serve", "--port", "0", "--data", data, "--teacher-key", testTeacherKey]
        let child: PetriProcess
        if let openFiles {
            let prlimit = try #require(Self.prlimit)
            child = try PetriProcess(
                ["--nofile=\(openFiles):\(openFiles)", petri.path] + arguments,
                executable: URL(fileURLWithPath: prlimit), environment: environment, withStandardError: true)
        } else {
            child = try PetriProcess(arguments, executable: petri, environment: environment, withStandardError: true)
        }
        for await line in child.lines {
            if let url = line.split(separator: " ").first(where: { $0.hasPrefix("ws://") }) {
                return (child, String(url))
            }
        }
        throw ChildError.noBanner
    }

    @Test(
        .timeLimit(.minutes(2)),
        .enabled(if: prlimit != nil, "prlimit is not installed, so descriptor exhaustion was not tried"))
    func runningOutOfDescriptorsRefusesNewConnectionsWhileTheClassGoesOn() async throws {
        // Given a server allowed 256 open files, with a class connected
        let data = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: data) }
        let (server, url) = try await Self.serve(data: data, openFiles: 256)
        let port = try #require(URLComponents(string: url)?.port)
        let client = try await WebSocketClient.start()
        let teacher = try await TestClient(client, url: url)
        let (code, token) = try await teacher.createLesson(.islands, .object([:]), seed: 3)
        _ = try await teacher.attach(.teach(code: code, token: token, lastSeen: nil))
        let student = try await TestClient(client, url: url)
        _ = try await student.attach(.join(code: code, name: "Ada"))

        // When one client opens 400 plain TCP connections and holds them
        var flood: [Int32] = []
        defer { for fd in flood { close(fd) } }
        for _ in 0..<400 {
            let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
            var address = sockaddr_in()
            address.sin_family = sa_family_t(AF_INET)
            address.sin_port = in_port_t(UInt16(port).bigEndian)
            address.sin_addr.s_addr = inet_addr("127.0.0.1")
            _ = withUnsafePointer(to: &address) {
                $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                    connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
                }
            }
            flood.append(fd)
        }

        // Then the class keeps stepping, generation after generation
        for generation in 1...10 {
            try teacher.send(.step(count: 1))
            let stats = try await student.expect { if case .stats(_, let s) = $0 { s } else { nil } }
            #expect(stats.generation == generation)
        }
        // And the server is alive, and says what is happening once a second, not once per refusal
        #expect(server.process.isRunning)
        let warning = await Self.firstLine(of: server, containing: "file descriptors", within: 10)
        #expect(warning?.contains("Refused") == true, "no log line about file descriptors")
        for fd in flood { close(fd) }
        flood = []

        // And once the flood is gone, a new student joins
        var joined = false
        for _ in 0..<50 where !joined {
            if let late = try? await TestClient(client, url: url),
                (try? await late.attach(.join(code: code, name: "Bo"))) != nil
            {
                joined = true
            } else {
                try await Task.sleep(for: .milliseconds(100))
            }
        }
        #expect(joined)
        await client.shutdown()
        await server.crash()
    }

    @Test(
        .timeLimit(.minutes(2)),
        .enabled(if: prlimit != nil, "prlimit is not installed, so a full descriptor reserve was not tried"))
    func whenOtherDescriptorsFillTheReserveAcceptingPausesUntilTheyAreFree() async throws {
        // Given a server with a class connected
        let data = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: data) }
        let (server, url) = try await Self.serve(data: data)
        let pid = server.process.processIdentifier
        let port = try #require(URLComponents(string: url)?.port)
        let client = try await WebSocketClient.start()
        let teacher = try await TestClient(client, url: url)
        let (code, token) = try await teacher.createLesson(.islands, .object([:]), seed: 3)
        _ = try await teacher.attach(.teach(code: code, token: token, lastSeen: nil))
        let student = try await TestClient(client, url: url)
        _ = try await student.attach(.join(code: code, name: "Ada"))

        // When the descriptors it holds that are not new clients (the store, the log, the runtime's, the
        // class's) fill its reserve: its open-files limit is lowered, on the running process, to 28 above
        // the lowest free descriptor (the reserve under such a limit is 32)
        try Self.limitOpenFiles(of: pid, toLowestFreePlus: 28)

        // And 40 clients try to connect (their TCP handshakes complete in the kernel's queue)
        var waiting: [Int32] = []
        defer { for fd in waiting { close(fd) } }
        for _ in 0..<40 { waiting.append(try #require(Self.connectTCP(port: port))) }

        // Then the server says once a second that it paused accepting, and why
        let warning = await Self.firstLine(of: server, containing: "accepting paused", within: 10)
        #expect(warning?.contains("file descriptors") == true, "no log line about the pause")
        // And it did not accept and close them one after another: all but the first still wait
        let closed = waiting.filter { fd in
            var byte: UInt8 = 0
            return recv(fd, &byte, 1, Int32(MSG_PEEK | MSG_DONTWAIT)) >= 0 || errno != EAGAIN
        }
        #expect(closed.count <= 1, "\(closed.count) of 40 waiting connections were accepted and closed")
        // And the class keeps stepping, generation after generation
        for generation in 1...5 {
            try teacher.send(.step(count: 1))
            let stats = try await student.expect { if case .stats(_, let s) = $0 { s } else { nil } }
            #expect(stats.generation == generation)
        }
        #expect(server.process.isRunning)

        // When descriptors are free again (the limit raised back)
        try Self.limitOpenFiles(of: pid, to: 4096)
        for fd in waiting { close(fd) }
        waiting = []

        // Then it accepts again: a new student joins
        let late = try await TestClient(client, url: url)
        _ = try await late.attach(.join(code: code, name: "Bo"))
        await client.shutdown()
        await server.crash()
    }

    @Test(
        .timeLimit(.minutes(2)),
        .enabled(if: prlimit != nil, "prlimit is not installed, so running out of every descriptor was not tried"))
    func whenNoDescriptorIsLeftAFailedAcceptPausesAcceptingInsteadOfRetryingAtOnce() async throws {
        // Given a server with a teacher connected
        let data = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: data) }
        let (server, url) = try await Self.serve(data: data)
        let pid = server.process.processIdentifier
        let port = try #require(URLComponents(string: url)?.port)
        let client = try await WebSocketClient.start()
        let teacher = try await TestClient(client, url: url)
        let (code, _) = try await teacher.createLesson(.islands, .object([:]), seed: 3)

        // When something else has taken every descriptor, the reserve too: the open-files limit is
        // lowered, on the running process, to the lowest free descriptor
        try Self.limitOpenFiles(of: pid, toLowestFreePlus: 0)
        // And five clients try to connect
        var waiting: [Int32] = []
        defer { for fd in waiting { close(fd) } }
        for _ in 0..<5 { waiting.append(try #require(Self.connectTCP(port: port))) }

        // Then the server says accepting is paused, having failed to accept a few times, not in a loop
        // (lws retried a failed accept at once, round its loop: about 200,000 times a second)
        let lines = await Self.lines(of: server, through: "accepting paused", within: 10)
        // (With no descriptor at all, libdispatch's thread-pool monitor aborts the process with SIGILL when it
        // cannot open /proc, a documented limit of the runtime (Deploy/README.md) that the reserve exists to avoid;
        // on a loaded machine it can happen in this window. That outcome is recorded as known, not as this fix's.)
        if !server.process.isRunning, server.process.terminationReason == .uncaughtSignal,
            server.process.terminationStatus == SIGILL
        {
            withKnownIssue("libdispatch aborted with no descriptor free (SIGILL)", isIntermittent: true) {
                Issue.record("the server died of SIGILL in libdispatch with every descriptor taken")
            }
            return
        }
        #expect(lines.last?.contains("accepting paused") == true, "\(lines)")
        let failures = lines.compactMap { line -> Int? in
            guard let range = line.range(of: "Could not accept ") else { return nil }
            return Int(line[range.upperBound...].prefix { $0.isNumber })
        }
        #expect(!failures.isEmpty && failures.allSatisfy { $0 <= 5 }, "failed accepts per line: \(failures)")
        #expect(server.process.isRunning)

        // When descriptors are free again (the limit raised back)
        try Self.limitOpenFiles(of: pid, to: 4096)
        for fd in waiting { close(fd) }
        waiting = []

        // Then it accepts again: a student joins
        let student = try await TestClient(client, url: url)
        _ = try await student.attach(.join(code: code, name: "Ada"))
        await client.shutdown()
        await server.crash()
    }

    /// The child's lines up to and including the first that contains `text`, or all it wrote within `seconds`.
    /// Sets the running process `pid`'s open-files limit to `limit` descriptors.
    static func limitOpenFiles(of pid: Int32, to limit: Int) throws {
        let prlimit = try #require(Self.prlimit)
        let result = try DeployTools.run(prlimit, ["--pid", "\(pid)", "--nofile=\(limit):"])
        try #require(result.status == 0, "\(result.output)")
    }

    /// Sets the running process `pid`'s open-files limit to `extra` above its lowest free descriptor.
    static func limitOpenFiles(of pid: Int32, toLowestFreePlus extra: Int) throws {
        let open = try FileManager.default.contentsOfDirectory(atPath: "/proc/\(pid)/fd").compactMap { Int($0) }
        let lowestFree = (0...).first { !open.contains($0) } ?? 0
        try limitOpenFiles(of: pid, to: lowestFree + extra)
    }

    static func lines(of child: PetriProcess, through text: String, within seconds: Int) async -> [String] {
        final class Seen: Sendable { let lines = Mutex<[String]>([]) }
        let seen = Seen()
        await withTaskGroup(of: Void.self) { group in
            group.addTask {
                for await line in child.lines {
                    seen.lines.withLock { $0.append(line) }
                    if line.contains(text) { return }
                }
            }
            group.addTask { try? await Task.sleep(for: .seconds(seconds)) }
            await group.next()
            group.cancelAll()
        }
        return seen.lines.withLock { $0 }
    }

    /// A plain TCP connection to 127.0.0.1:`port` (nil if the kernel refuses it).
    static func connectTCP(port: Int) -> Int32? {
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = in_port_t(UInt16(port).bigEndian)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
            }
        }
        guard connected == 0 else {
            close(fd)
            return nil
        }
        return fd
    }

    /// The first line of the child's output (log included) that contains `text`, or nil after `seconds`.
    static func firstLine(of child: PetriProcess, containing text: String, within seconds: Int) async -> String? {
        await withTaskGroup(of: String?.self) { group in
            group.addTask {
                for await line in child.lines where line.contains(text) { return line }
                return nil
            }
            group.addTask {
                try? await Task.sleep(for: .seconds(seconds))
                return nil
            }
            let first = await group.next() ?? nil
            group.cancelAll()
            return first
        }
    }

    @Test(.timeLimit(.minutes(1))) func theDefaultPerAddressCapIsOnAndFitsASchoolBehindOneAddress() {
        // Given the shipped defaults
        let configuration = ServerConfiguration()

        // Then one address cannot hold every descriptor of the shipped unit (65,536), and a school of
        // 2,000 students behind one NAT address (each with its WebSocket and a page's loads) fits
        let cap = configuration.websocket.maxConnectionsPerAddress
        #expect(cap > 0 && cap < 65_536 / 4)
        #expect(cap >= 2 * 2000)
        #expect(configuration.webSocketConfiguration().maxConnectionsPerAddress == cap)
    }

    @Test(.timeLimit(.minutes(2)), .enabled(if: getuid() == 0, "mounting a small file system needs root"))
    func readinessComesBackWhenDiskSpaceDoes() async throws {
        // Given a server whose data directory is a 4 MiB file system of its own
        let data = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: data) }
        let mounted = try DeployTools.run("/bin/mount", ["-t", "tmpfs", "-o", "size=4m", "tmpfs", data])
        guard mounted.status == 0 else {
            print("skipped: could not mount a tmpfs (\(mounted.output)), so a full disk was not tried")
            return
        }
        defer { _ = try? DeployTools.run("/bin/umount", ["-l", data]) }
        let (server, url) = try await Self.serve(data: data + "/petri")
        let readyz = url.replacingOccurrences(of: "ws://", with: "http://") + "readyz"
        let curl = try #require(DeployTools.find("curl"))
        func status() -> String {
            (try? DeployTools.run(curl, ["-s", "-o", "/dev/null", "-w", "%{http_code}", readyz]).output) ?? ""
        }
        #expect(await eventually { status() == "200" })
        let client = try await WebSocketClient.start()
        var teacher = try await TestClient(client, url: url)
        let (code, token) = try await teacher.createLesson(.islands, .object([:]), seed: 3)
        _ = try await teacher.attach(.teach(code: code, token: token, lastSeen: nil))

        // When the file system fills up, the readiness probe sees it, the lesson's next writes fail (4014)
        let filler = data + "/filler"
        let fd = open(filler, O_CREAT | O_WRONLY, 0o600)
        let block = [UInt8](repeating: 7, count: 64 * 1024)
        while block.withUnsafeBytes({ write(fd, $0.baseAddress, $0.count) }) > 0 {}
        close(fd)
        #expect(await eventually { status() == "503" }, "the probe did not see the full disk")
        var refused = false
        for _ in 0..<200 where !refused {
            try? teacher.send(.step(count: 5))
            refused = (try? await teacher.expect { if case .stats = $0 { true } else { nil } }) == nil
        }
        #expect(refused, "the lesson never failed to write on a full disk")
        #expect(await eventually { status() == "503" })

        // Then, once space is freed, /readyz is 200 again with no restart, before any lesson writes again
        // (a load balancer must let the node back in for its classes to come back)
        try FileManager.default.removeItem(atPath: filler)
        #expect(await eventually { status() == "200" }, "/readyz stayed 503 after space came back")

        // And the lesson goes on
        var stepped = false
        for _ in 0..<50 where !stepped {
            guard let again = try? await TestClient(client, url: url),
                (try? await again.attach(.teach(code: code, token: token, lastSeen: nil))) != nil
            else {
                try await Task.sleep(for: .milliseconds(100))
                continue
            }
            teacher = again
            try teacher.send(.step(count: 1))
            stepped = (try? await teacher.expect { if case .stats = $0 { true } else { nil } }) != nil
        }
        #expect(stepped)
        #expect(status() == "200")
        await client.shutdown()
        await server.crash()
    }

    @Test(.timeLimit(.minutes(1))) func aRefusingPostgreSQLStopsTheServerWithASentenceAfterABoundedRetry() async throws
    {
        // Given a store URL whose port refuses connections, and 3 s allowed to reach it
        let petri = try #require(petriExecutable(), "build the petri executable first (swift build)")
        let data = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: data) }
        let started = ContinuousClock.now
        let child = try PetriProcess(
            ["serve", "--port", "0", "--data", data, "--teacher-key", testTeacherKey], executable: petri,
            environment: [
                "PETRI_STORE_URL": "postgres://petri:secret@127.0.0.1:1/petri?sslmode=disable",
                "PETRI_STORE_CONNECT_TIMEOUT_SECONDS": "3",
            ],
            withStandardError: true)

        // When it starts
        var output: [String] = []
        for await line in child.lines { output.append(line) }
        let status = await child.waitForExit(within: 10)

        // Then it says, while it retries and when it gives up, which PostgreSQL it cannot reach and why,
        // without the password, and exits non-zero after about the time allowed
        let text = output.joined(separator: "\n")
        #expect(status != nil && status != 0, "petri serve did not stop: \(text)")
        #expect(ContinuousClock.now - started < .seconds(20))
        #expect(text.contains("127.0.0.1:1"), "\(text)")
        #expect(text.contains("PostgreSQL"), "\(text)")
        #expect(text.contains("retrying"), "\(text)")
        #expect(text.contains("store.url"), "\(text)")
        #expect(!text.contains("secret"), "\(text)")
    }
}
