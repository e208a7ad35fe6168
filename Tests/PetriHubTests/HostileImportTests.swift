import PetriHubTesting
import PetriPeer
import PetriProtocol
import PetriTransport
import Synchronization
import Testing

@testable import PetriHub

/// Large `import` messages from people without the teacher key cost no decoding and cannot hold
/// up the lessons being served.
@Suite struct HostileImportTests {
    /// An `import` over the standard 16 KiB limit: a small definition padded with whitespace.
    static func largeImport(key: String, bytes: Int = 64 * 1024) -> String {
        let head = #"{"type":"import","key":"\#(key)","definition":{"format":"petri.lesson.v1","model":"life","#
        let tail = #""seed":"7","parameters":{},"actions":[],"generation":0}}"#
        return head + String(repeating: " ", count: bytes - head.utf8.count - tail.utf8.count) + tail
    }

    @Test(.timeLimit(.minutes(1)))
    func badKeyImportsAreRefusedUndecodedAndLimitedPerAddressWhileAClassSteps() async throws {
        let decodes = Mutex(0)
        let server = InProcessHub {
            $0.largeImportBurst = 2
            $0.largeMessageDecoded = { decodes.withLock { $0 += 1 } }
        }
        // Given a class being stepped by its teacher
        let teacher = server.connect(from: "10.0.0.1")
        let (code, token) = try await teacher.createLesson()
        _ = try await teacher.attach(.teach(code: code, token: token, lastSeen: nil))

        // When six addresses each send three large imports with a wrong key, all at once, while the class steps
        let attackers = (0..<6).flatMap { a in (0..<3).map { _ in server.connect(from: "192.0.2.\(a)") } }
        for attacker in attackers { attacker.sendRaw(Self.largeImport(key: "guess")) }
        for generation in 1...5 {
            try teacher.send(.step(count: 1))
            try await teacher.waitForGeneration(generation)
        }
        var answers: [ProtocolError.Code] = []
        for attacker in attackers { answers.append(try await attacker.expectError().code) }

        // Then none of them was decoded: each was refused for its key, or, past two per address, as limited
        #expect(decodes.withLock { $0 } == 0)
        #expect(answers.filter { $0 == .notAuthorised }.count == 12)
        #expect(answers.filter { $0 == .rateLimited }.count == 6)

        // while a large import with the right key is decoded once and creates its lesson.
        let importer = server.connect(from: "10.0.0.2")
        importer.sendRaw(Self.largeImport(key: InProcessHub.teacherKey))
        _ = try await importer.expectReply("created") { if case .created = $0 { true } else { nil } }
        #expect(decodes.withLock { $0 } == 1)
        await server.stop()
    }

    @Test func aLargeMessageOfAnotherTypeIsTooLargeUndecoded() async throws {
        let decodes = Mutex(0)
        let server = InProcessHub { $0.largeMessageDecoded = { decodes.withLock { $0 += 1 } } }
        let someone = server.connect()
        someone.sendRaw(
            #"{"type":"create","key":"x","model":"life","parameters":{"pad":""# + String(repeating: "a", count: 20_000)
                + #""}}"#)
        #expect(try await someone.expectError().code == .tooLarge)
        #expect(decodes.withLock { $0 } == 0)
        await server.stop()
    }
}
