import Foundation
import PetriProtocol
import PetriServer
import PetriSimulation
import PetriTransport
import PetriWebSocket
import Testing

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
}
