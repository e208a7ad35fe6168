import Foundation
import PetriStorage
import Testing

@testable import PetriHub
@testable import PetriServer

@Suite struct ReadinessTests {
    @Test func readinessIsNotReadyFromAFailedWriteUntilAWriteSucceeds() {
        let readiness = Readiness()
        readiness.set(true)
        readiness.storageWrote(false)
        #expect(!readiness.isReady)
        readiness.storageWrote(true)
        #expect(readiness.isReady)
    }

    @Test func aPassingProbeAnswersAFailedWriteSoReadinessComesBackWithNoLessonWriting() async {
        // Given a store that takes writes, and a lesson's write that failed (the disk was full)
        let readiness = Readiness()
        let storage = InMemoryLessonStorage()
        await readiness.probe(storage)
        readiness.storageWrote(false)
        #expect(!readiness.isReady)

        // When the next probe passes (space was freed), with no lesson writing since
        await readiness.probe(storage)

        // Then the server is ready again
        #expect(readiness.isReady)
    }

    @Test(.timeLimit(.minutes(1))) func readyzFailsOnceTheDataDirectoryCannotBeWritten() async throws {
        let executable = try #require(petriExecutable(), "build the petri executable first (swift build)")
        guard let curl = DeployTools.find("curl") else {
            print("skipped: curl is not installed, so /readyz was not checked over HTTP")
            return
        }
        // Given a server whose data directory is writable
        let data = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: data) }
        let (server, url) = try await PetriProcess.serve(data: data, teacherKey: testTeacherKey, executable: executable)
        let readyz = url.replacingOccurrences(of: "ws://", with: "http://") + "readyz"
        func status() throws -> String {
            try DeployTools.run(curl, ["-s", "-o", "/dev/null", "-w", "%{http_code}", readyz]).output
        }
        #expect(await eventually { (try? status()) == "200" })

        // When the directory disappears (root ignores permission bits, so removal is the test
        // that works for every user: new files can no longer be created there)
        try FileManager.default.removeItem(atPath: data)

        // Then /readyz answers 503 within the probe's interval, while /healthz stays 200
        #expect(await eventually { (try? status()) == "503" })
        let health = try DeployTools.run(
            curl,
            ["-s", "-o", "/dev/null", "-w", "%{http_code}", readyz.replacingOccurrences(of: "readyz", with: "healthz")])
        #expect(health.output == "200")
        await server.crash()
    }
}

/// Polls `condition` for up to 10 s (the readiness probe runs every 2 s; nothing to await here).
func eventually(_ condition: () -> Bool) async -> Bool {
    for _ in 0..<200 {
        if condition() { return true }
        try? await Task.sleep(for: .milliseconds(50))
    }
    return condition()
}
