import Foundation
import PetriHubTesting
import PetriPeer
import PetriProtocol
import PetriWebSocket
import Testing

/// No secret reaches the log, at any level.
@Suite struct LogSecrecyTests {
    @Test(.timeLimit(.minutes(1)), arguments: ["debug", "trace"])
    func aDebugLogHoldsNeitherTheTeacherKeyNorAnyToken(level: String) async throws {
        let executable = try #require(petriExecutable(), "build the petri executable first (swift build)")
        // Given `petri serve` at log level debug (or trace), its log going to a file
        let data = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: data) }
        let log = URL(fileURLWithPath: data).appendingPathComponent("serve.log")
        let key = "secret-teacher-key-\(UUID().uuidString)"
        let child = try PetriProcess(
            ["serve", "--port", "0", "--data", data, "--log-level", level, "--teacher-key", key],
            executable: executable, standardError: log)
        var lines = child.lines.makeAsyncIterator()
        var url: String?
        while url == nil, let line = await lines.next() {
            url = line.split(separator: " ").first { $0.hasPrefix("ws://") }.map(String.init)
        }
        let serverURL = try #require(url)

        // When a teacher creates a lesson and teaches it, a student joins and resumes, and the server stops
        let client = try await WebSocketClient.start()
        let teacher = try await ProtocolPeer(client, client.connect(to: serverURL))
        let (code, teacherToken) = try await teacher.createLesson(.life, teacherKey: key)
        _ = try await teacher.attach(.teach(code: code, token: teacherToken, lastSeen: nil))
        let student = try await ProtocolPeer(client, client.connect(to: serverURL))
        let welcome = try await student.attach(.join(code: code, name: "Ada"))
        let studentToken = try #require(welcome.you?.token)
        student.close()
        let again = try await ProtocolPeer(client, client.connect(to: serverURL))
        _ = try await again.attach(.resume(code: code, token: studentToken, lastSeen: nil))
        kill(child.process.processIdentifier, SIGTERM)
        #expect(await child.waitForExit(within: 10) == 0)
        await client.shutdown()

        // Then the log says what happened at debug level, and holds none of the secrets
        let text = try String(contentsOf: log, encoding: .utf8)
        #expect(text.contains("debug"), "the log has no debug lines:\n\(text)")
        for (name, secret) in [
            ("teacher key", key), ("teacher token", teacherToken.secret), ("resume token", studentToken.secret),
        ] {
            #expect(!text.contains(secret), "the log holds the \(name):\n\(text)")
        }
    }
}
