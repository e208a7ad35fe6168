import PetriHubTesting
import PetriPeer
import PetriProtocol
import PetriTransport
import Testing

@testable import PetriHub

/// The surprising corners PROTOCOL.md now states, each pinned down.
@Suite struct ProtocolEdgeCaseTests {
    private func attachedTeacher(on server: InProcessHub) async throws -> (ProtocolPeer, JoinCode, AccessToken) {
        let (code, token) = try await server.connect().createLesson()
        let teacher = server.connect()
        let attached = try await teacher.answers(to: .teach(code: code, token: token, lastSeen: nil))
        #expect(attached.contains { if case .welcome = $0 { true } else { false } })
        return (teacher, code, token)
    }

    @Test func binaryFramesAndTopLevelArraysGetMalformedJSONAndTheConnectionStays() async throws {
        let server = InProcessHub()
        let peer = server.connect()
        peer.sendRaw(OutboundMessage(binary: Array(#"{"type":"ping"}"#.utf8)))
        #expect(try await peer.expectError().code == .malformedJSON)
        peer.sendRaw(#"[{"type":"ping"}]"#)
        #expect(try await peer.expectError().code == .malformedJSON)
        #expect(try await peer.answers(to: .ping).isEmpty)
        await server.stop()
    }

    @Test func setParameterResendsTheSameGenerationsStats() async throws {
        let server = InProcessHub()
        let (teacher, _, _) = try await attachedTeacher(on: server)
        let answers = try await teacher.answers(to: .setParameter(name: "rule", value: .text("B36/S23")))
        let applied = answers.firstIndex { if case .actionApplied = $0 { true } else { false } }
        let stats = answers.enumerated().compactMap { index, message in
            if case .stats(let timeline, let stats) = message { (index, timeline, stats.generation) } else { nil }
        }
        #expect(applied != nil)
        #expect(stats.count == 1)
        #expect(stats.first.map { $0.0 > (applied ?? .max) } == true)
        #expect(stats.first?.1 == 0)
        #expect(stats.first?.2 == 0)
        await server.stop()
    }

    @Test func aSecondTeachConnectionKeepsTheFirstAndBothHearTheLesson() async throws {
        let server = InProcessHub()
        let (first, code, token) = try await attachedTeacher(on: server)
        let second = server.connect()
        _ = try await second.answers(to: .teach(code: code, token: token, lastSeen: nil))
        try second.send(.step(count: 1))
        for connection in [first, second] {
            let snapshot = try await connection.expect {
                if case .snapshot(let header, _) = $0, header.generation == 1 { true } else { nil }
            }
            #expect(snapshot == true)
        }
        #expect(first.closed == nil)
        await server.stop()
    }

    @Test func aCloneStartsAtTheCurrentGenerationWithNoStudentsOrQuestions() async throws {
        let server = InProcessHub()
        let (teacher, code, _) = try await attachedTeacher(on: server)
        _ = try await server.connect().answers(to: .join(code: code, name: "Ada"))
        try teacher.send(.step(count: 3))
        let changes = [ParameterChange("rule", .text("B36/S23"))]
        let cloned = try await teacher.answers(to: .clone(changes: changes))
        let created = try #require(
            cloned.compactMap { if case .created(let c, let t) = $0 { (c, t) } else { nil } }.first)
        #expect(created.0 != code)
        let answers = try await server.connect().answers(to: .teach(code: created.0, token: created.1, lastSeen: nil))
        let welcomes = answers.compactMap { message -> Welcome? in if case .welcome(let w) = message { w } else { nil }
        }
        let welcome = try #require(welcomes.first)
        #expect(welcome.position == TimelinePosition(timeline: 0, generation: 3))
        #expect(welcome.roster?.isEmpty == true)
        #expect(welcome.questions.isEmpty)
        await server.stop()
    }
}
