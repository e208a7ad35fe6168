import Foundation
import PetriHub
import PetriHubTesting
import PetriPeer
import PetriProtocol
import PetriTransport
import PetriWebSocket
import Testing

@testable import PetriServer

@Suite struct HostileInputTests {
    /// Sends each input on one connection and returns the error code it got back.
    private func codes(for inputs: [String], on client: TestClient) async throws -> [String] {
        var result: [String] = []
        for input in inputs {
            client.sendRaw(input)
            result.append(try await client.expectError().code.rawValue)
        }
        return result
    }

    @Test(.timeLimit(.minutes(1))) func everyKindOfMalformedOrHostileInputGetsItsErrorAndNothingElseBreaks()
        async throws
    {
        let server = try await TestServer.start()
        let client = try await WebSocketClient.start()
        let teacher = try await TestClient(client, url: server.url)
        let (code, token) = try await teacher.createLesson(.camouflage, .object(["population": .number(40)]))
        _ = try await teacher.attach(.teach(code: code, token: token, lastSeen: nil))
        let bystander = try await TestClient(client, url: server.url)
        _ = try await bystander.attach(.join(code: code, name: "Bystander"))
        let hostile = try await TestClient(client, url: server.url)

        // Given inputs a careless or malicious client might send before joining
        let deep = String(repeating: "[", count: 100) + String(repeating: "]", count: 100)
        let beforeJoining: [(String, String)] = [
            ("", "malformed-json"),
            ("hello", "malformed-json"),
            ("{", "malformed-json"),
            ("[1,2]", "malformed-json"),
            ("{}", "missing-field"),
            (#"{"type":42}"#, "invalid-field"),
            (#"{"type":"fly"}"#, "unknown-type"),
            (#"{"type":"step"}"#, "missing-field"),
            (#"{"type":"step","count":5}"#, "not-joined"),
            (#"{"type":"ping","x":\#(deep)}"#, "too-deep"),
            (#"{"type":"join","code":"ABC","name":"\#(String(repeating: "x", count: 20_000))"}"#, "too-large"),
            (#"{"type":"join","code":"AB","name":"x"}"#, "invalid-field"),
            (#"{"type":"join","code":"ZZZZZZ","name":"x"}"#, "unknown-lesson"),
            (#"{"type":"join","code":"\#(code)","name":"\#(String(repeating: "n", count: 500))"}"#, "too-long"),
            (#"{"type":"join","code":"\#(code)","name":"\u001b[2J\u0007\u202e"}"#, "invalid-name"),
            (#"{"type":"resume","code":"\#(code)","token":"short"}"#, "invalid-field"),
            (#"{"type":"teach","code":"\#(code)","token":"AAAAAAAAAAAAAAAAAAAAAA"}"#, "unknown-token"),
            (#"{"type":"create","key":"nope","model":"dragons"}"#, "invalid-field"),
            (#"{"type":"create","key":"nope","model":"life"}"#, "not-authorised"),
            ("{\"type\":\"ping\",\"note\":\"raw\u{01}control\"}", "malformed-json"),
        ]
        // And inputs after joining as a student
        let afterJoining: [(String, String)] = [
            (#"{"type":"step","count":5}"#, "not-authorised"),
            (#"{"type":"answer","question":99,"number":1}"#, "unknown-question"),
            (#"{"type":"answer","question":1,"number":1,"choice":2}"#, "invalid-field"),
            (#"{"type":"hint","question":1}"#, "unknown-question"),
            (#"{"type":"join","code":"\#(code)","name":"again"}"#, "already-joined"),
            (#"{"type":"history","from":10,"to":2}"#, "out-of-range"),
        ]

        // When they are sent, each gets its error
        #expect(try await codes(for: beforeJoining.map(\.0), on: hostile) == beforeJoining.map(\.1))
        _ = try await hostile.attach(.join(code: code, name: "Hostile"))
        let after = try await codes(for: afterJoining.map(\.0), on: hostile)
        #expect(after == afterJoining.map(\.1), "got \(after)")
        #expect(beforeJoining.count + afterJoining.count >= 25)

        // And a binary frame is refused too
        hostile.sendRaw(OutboundMessage(binary: [1, 2, 3]))
        #expect(try await hostile.expectError().code == .malformedJSON)

        // Then the hostile connection is still usable, and everyone else is still served
        try hostile.send(.ping)
        _ = try await hostile.expect { if case .pong = $0 { true } else { nil } }
        try teacher.send(.step(count: 1))
        let stats = try await bystander.expect { if case .stats(_, let s) = $0 { s } else { nil } }
        #expect(stats.generation == 1)
        await client.shutdown()
        await server.stop()
    }

    @Test(.timeLimit(.minutes(1))) func aFloodIsRefusedThenDisconnected() async throws {
        let server = try await TestServer.start {
            $0.messageBurst = 5; $0.messagesPerSecond = 1
        }
        let client = try await WebSocketClient.start()
        let flooder = try await TestClient(client, url: server.url)
        // When a client sends 200 pings at once
        for _ in 0..<200 { try flooder.send(.ping) }
        // Then it gets pongs, then rate-limited errors, and is finally closed with 1008
        var pongs = 0
        var limited = 0
        while let message = try await flooder.next() {
            switch message {
            case .pong: pongs += 1
            case .error(let e) where e.code == .rateLimited: limited += 1
            default: break
            }
        }
        #expect(pongs == 5)
        #expect(limited > 0)
        #expect(flooder.closed?.0 == .policyViolation)
        await client.shutdown()
        await server.stop()
    }
}
