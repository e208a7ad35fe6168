import Foundation
import PetriTransport
import PetriWebSocket
import Testing

@Suite struct ServeTests {
    @Test(.timeLimit(.minutes(1)), arguments: [SIGTERM, SIGINT])
    func aSignalClosesClientsWithRestartAndExitsZero(signal: Int32) async throws {
        let executable = try #require(petriExecutable(), "build the petri executable first (swift build)")
        // Given `petri serve` on a free port with two clients connected
        let data = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: data) }
        let child = try PetriProcess(
            ["serve", "--port", "0", "--data", data, "--teacher-key", "k"], executable: executable)
        var lines = child.lines.makeAsyncIterator()
        var url: String?
        while url == nil, let line = await lines.next() {
            url = line.split(separator: " ").first { $0.hasPrefix("ws://") }.map(String.init)
        }
        let serverURL = try #require(url)
        let client = try await WebSocketClient.start()
        let first = try await client.connect(to: serverURL)
        let second = try await client.connect(to: serverURL)

        // When the process gets the signal
        let start = ContinuousClock.now
        kill(child.process.processIdentifier, signal)

        // Then every client hears 4012 "server restarting" and the process exits 0, quickly
        for connection in [first, second] {
            var events = connection.events.makeAsyncIterator()
            var last: ConnectionEvent?
            while let e = await events.next() { last = e }
            #expect(last == .closed(.serverRestarting, reason: "server restarting"))
        }
        #expect(await child.waitForExit(within: 5) == 0)
        #expect(ContinuousClock.now - start < .seconds(5))
        await client.shutdown()
    }

    @Test(.timeLimit(.minutes(1)))
    func aGeneratedKeyIsNotPrintedButWhereToReadItIs() async throws {
        let executable = try #require(petriExecutable(), "build the petri executable first (swift build)")
        // Given a first start with no teacher key configured (its standard output goes to the journal under systemd)
        let data = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: data) }
        let child = try PetriProcess(["serve", "--port", "0", "--data", data], executable: executable)
        var printed: [String] = []
        for await line in child.lines {
            printed.append(line)
            if line.contains("ws://") { break }
        }
        kill(child.process.processIdentifier, SIGTERM)
        _ = await child.waitForExit(within: 10)

        // Then the key is in the data directory's key file, and the output names that file but not the key
        let file = data + "/teacher.key"
        let key = try String(contentsOfFile: file, encoding: .utf8).trimmingCharacters(in: .whitespacesAndNewlines)
        #expect(!key.isEmpty)
        #expect(!printed.contains { $0.contains(key) }, "the key was printed: \(printed)")
        #expect(printed.contains { $0.contains(file) }, "no line says where the key is: \(printed)")
    }

    @Test func everySubcommandHasHelp() async throws {
        let executable = try #require(petriExecutable(), "build the petri executable first (swift build)")
        for command in [
            ["--help"], ["serve", "--help"], ["join", "--help"], ["teach", "--help"], ["teach", "new", "--help"],
            ["config", "check", "--help"], ["store", "--help"], ["store", "copy", "--help"],
        ] {
            let child = try PetriProcess(command, executable: executable)
            var output: [String] = []
            for await line in child.lines { output.append(line) }
            #expect(await child.waitForExit(within: 10) == 0, "\(command)")
            #expect(output.contains { $0.hasPrefix("USAGE:") }, "\(command) printed no usage")
        }
    }
}
