import Foundation
import PetriHubTesting
import PetriPeer
import PetriProtocol
import PetriSimulation
import PetriTransport
import PetriWebSocket
import Testing

@testable import PetriHub
@testable import PetriServer

/// The limits live in one place (PetriProtocol's ``ProtocolLimits``), the server and transport
/// use them, and PROTOCOL.md and the shipped configuration file state them.
@Suite struct LimitsDocumentTests {
    private static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    private static func grouped(_ value: Int) -> String {
        let digits = String(value)
        var out = ""
        for (index, character) in digits.enumerated() {
            if index > 0 && (digits.count - index) % 3 == 0 { out.append(",") }
            out.append(character)
        }
        return out
    }

    @Test func serverAndTransportDefaultsComeFromProtocolLimits() {
        let server = ServerConfiguration()
        let hub = HubConfiguration()
        let defaults = ProtocolLimits.Defaults.self
        #expect(server.websocket.maxMessageBytes == defaults.frameBytes)
        #expect(WebSocketServer.Configuration().maxMessageBytes == defaults.frameBytes)
        #expect(server.hubConfiguration().messageBurst == Double(defaults.messageBurst))
        #expect(server.hubConfiguration().messagesPerSecond == Double(defaults.messagesPerSecond))
        #expect(server.hubConfiguration().failedJoinBurst == Double(defaults.failedJoinBurst))
        #expect(server.hubConfiguration().secondsPerFailedJoin == Double(defaults.secondsPerFailedJoin))
        #expect(hub.messageBurst == Double(defaults.messageBurst))
        #expect(hub.messagesPerSecond == Double(defaults.messagesPerSecond))
        #expect(hub.failedJoinBurst == Double(defaults.failedJoinBurst))
        #expect(hub.secondsPerFailedJoin == Double(defaults.secondsPerFailedJoin))
    }

    @Test func protocolDocumentStatesTheShippedDefaults() throws {
        let text = try String(
            contentsOf: Self.root.appendingPathComponent("Sources/PetriProtocol/PROTOCOL.md"), encoding: .utf8)
        let defaults = ProtocolLimits.Defaults.self
        let standard = ProtocolLimits.standard.maxMessageBytes
        let file = ProtocolLimits.lessonFile.maxMessageBytes
        let expected = [
            "\(standard / 1024) KiB (\(Self.grouped(standard)) bytes)",
            "`import` may be up to \(file / 1_048_576) MiB (\(Self.grouped(file)) bytes)",
            "The socket's cap is \(defaults.frameBytes / 1_048_576) MiB (\(Self.grouped(defaults.frameBytes)) bytes, server default",
            "bursts of \(defaults.messageBurst), \(defaults.messagesPerSecond) per second sustained (server defaults)",
            "Bursts of \(defaults.failedJoinBurst), then one per \(defaults.secondsPerFailedJoin) seconds (server default)",
            "\(ProtocolLimits.standard.maxDepth) levels of objects/arrays",
        ]
        for sentence in expected { #expect(text.contains(sentence), "PROTOCOL.md does not say: \(sentence)") }
    }

    @Test func shippedConfigurationFileStatesTheDefaults() throws {
        let text = try String(contentsOf: Self.root.appendingPathComponent("Config/petri.yaml"), encoding: .utf8)
        let lines = Set(text.split(separator: "\n").map(String.init))
        let server = ServerConfiguration()
        for line in [
            "  maxMessageBytes: \(server.websocket.maxMessageBytes)",
            "  messagesPerSecond: \(server.limits.messagesPerSecond)",
            "  messageBurst: \(server.limits.messageBurst)",
            "  failedJoinsPerMinute: \(server.limits.failedJoinsPerMinute)",
            "  maxLessons: \(server.limits.maxLessons)",
            "  keepEndedLessonsDays: \(server.data.keepEndedLessonsDays)",
        ] {
            #expect(lines.contains(line), "Config/petri.yaml does not say: \(line)")
        }
    }

    @Test func anImportOfHundredsOfKibibytesIsTakenOverTheSocket() async throws {
        // Given a lesson file of about 120 KiB (thousands of toggles), over a real socket,
        let server = try await TestServer.start()
        let client = try await TestClient(try await WebSocketClient.start(), url: server.url)
        var actions: [TimedAction] = []
        for x in 0..<60 { for y in 0..<40 { actions.append(TimedAction(generation: 0, action: .toggle(x: x, y: y))) } }
        let definition = LessonDefinition(model: .life, seed: 7, parameters: .object([:]), actions: actions)
        let message = ClientMessage.importLesson(teacherKey: testTeacherKey, definition: definition, options: nil)
        let size = try ProtocolEncoder().encode(message).count
        #expect(size > 100 * 1024)

        // when the teacher imports it, the lesson is created.
        try client.send(message)
        let created = try await client.expect("created") { if case .created(let code, _) = $0 { code } else { nil } }
        #expect(created.description.count == JoinCode.length)
        await server.stop()
    }

    @Test func aLargeMessageThatIsNotAnImportIsTooLargeAndTheConnectionStays() async throws {
        let server = InProcessHub()
        let peer = server.connect()
        let name = String(repeating: "a", count: 20_000)
        peer.sendRaw(#"{"type":"join","code":"ABCDEF","name":"\#(name)"}"#)
        let error = try await peer.expectError()
        #expect(error.code == .tooLarge)
        let pong = try await peer.answers(to: .ping)
        #expect(pong.isEmpty)
        await server.stop()
    }
}
