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

@Suite struct LessonCapTests {
    @Test(.timeLimit(.minutes(1)))
    func createImportAndCloneStopAtTheCapUntilALessonEnds() async throws {
        // Given a server that runs at most two lessons, running two
        let server = InProcessHub { $0.maxLessons = 2 }
        let teacher = server.connect()
        let (code, token) = try await teacher.createLesson()
        _ = try await server.connect().createLesson()

        // When a third is created, imported or cloned, Then each is refused with too-many-lessons
        let definition = LessonDefinition(model: .life, seed: 1, parameters: .object([:]))
        for message: ClientMessage in [
            .create(teacherKey: InProcessHub.teacherKey, model: .life, parameters: nil, seed: nil, options: nil),
            .importLesson(teacherKey: InProcessHub.teacherKey, definition: definition, options: nil),
        ] {
            #expect(try await server.connect().answers(to: message).first == .error(Self.refusal(2)))
        }
        _ = try await teacher.attach(.teach(code: code, token: token, lastSeen: nil))
        try teacher.send(.clone(changes: []))
        #expect(try await teacher.expectError().code == .tooManyLessons)
        #expect(await server.hub.lessonCount == 2)

        // and once the teacher ends one, a new one can be created.
        try teacher.send(.end)
        // (The hub has counted the end once the lesson closes its connections with 4002.)
        while try await teacher.next() != nil {}
        #expect(teacher.closed?.code.rawValue == LessonCloseCode.lessonEnded.rawValue)
        _ = try await server.connect().createLesson()
        await server.stop()
    }

    static func refusal(_ running: Int) -> ProtocolError {
        ProtocolError(
            .tooManyLessons,
            "This server already runs \(running) lessons, its limit; end lessons you no longer need "
                + "(or ask whoever runs the server to raise limits.maxLessons), then try again.")
    }
}
