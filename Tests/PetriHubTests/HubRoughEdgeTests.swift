import PetriHubTesting
import PetriPeer
import PetriProtocol
import PetriTransport
import Testing

@testable import PetriHub

struct DiskFull: Error {}

/// Every request gets an answer, storage failures are retryable, and the failed-join limiter
/// never refuses a valid code or token (rough edges found by testing from outside).
@Suite struct HubRoughEdgeTests {
    @Test func teachAndResumeRightAfterTheLessonStoppedAreAnswered() async throws {
        // Given a lesson whose actor has stopped (as `end` stops it) but which the hub has not
        // forgotten yet: the window in which a request used to get no answer at all.
        let server = InProcessHub()
        let teacher = server.connect()
        let (code, token) = try await teacher.createLesson()
        let student = server.connect()
        try student.send(.join(code: code, name: "Ada"))
        let resumeToken = try #require(
            try await student.expect { if case .welcome(let w) = $0 { w.you?.token } else { nil } } ?? nil)
        let host = try #require(await server.hub.host(for: code))
        await host.stop()

        // When a teacher and a student come back in that window,
        let teach = try await server.connect().answers(to: .teach(code: code, token: token, lastSeen: nil))
        let resume = try await server.connect().answers(to: .resume(code: code, token: resumeToken, lastSeen: nil))

        // then each gets an error that says the lesson ended.
        for answers in [teach, resume] {
            guard case .error(let error)? = answers.first else {
                Issue.record("no answer before pong: \(answers)")
                continue
            }
            #expect(error.code == .lessonEnded)
        }
        await server.stop()
    }

    @Test func aFailedWriteAnswersTheRequestClosesWith4014AndReloadingAnswersRetry() async throws {
        // Given a lesson with its teacher attached, and a disk that stops taking writes,
        let storage = GatedStorage()
        let server = InProcessHub(storage: storage)
        let creator = server.connect()
        let (code, token) = try await creator.createLesson()
        let teacher = server.connect()
        try teacher.send(.teach(code: code, token: token, lastSeen: nil))
        _ = try await teacher.expect { if case .welcome(let w) = $0 { w } else { nil } }
        await storage.failWrites(with: DiskFull())
        await storage.hold()

        // when the teacher steps,
        try teacher.send(.step(count: 1))

        // then the step is answered with a retryable error before the close, which says 4014,
        let error = try await teacher.expectError()
        #expect(error.code == .lessonReloading)
        while try await teacher.next() != nil {}
        #expect(teacher.closed?.code == .storageUnavailable)
        // readiness was told at the first failed write,
        #expect(server.writes.last == false)
        // and while the lesson is being rebuilt its code answers `lesson-reloading`, not `unknown-lesson`.
        var waiting = storage.recoveryWaiting.makeAsyncIterator()
        await waiting.next()
        let during = try await server.connect().answers(to: .teach(code: code, token: token, lastSeen: nil))
        guard case .error(let reloading)? = during.first else {
            Issue.record("no answer while reloading: \(during)")
            return
        }
        #expect(reloading.code == .lessonReloading)

        // Once storage works again the lesson is back and a write clears the failure.
        await storage.failWrites(with: nil)
        await storage.release()
        let back = server.connect()
        var attached = false
        while !attached {
            // Until the rebuild registers the lesson, the answer is `lesson-reloading`; never anything else.
            let answers = try await back.answers(to: .teach(code: code, token: token, lastSeen: nil))
            attached = answers.contains { if case .welcome = $0 { true } else { false } }
            if !attached {
                guard case .error(let e)? = answers.first, e.code == .lessonReloading else {
                    Issue.record("unexpected answer while reloading: \(answers)")
                    return
                }
            }
        }
        try back.send(.step(count: 1))
        _ = try await back.expect { if case .snapshot(let h, _) = $0, h.generation == 1 { true } else { nil } }
        #expect(server.writes.last == true)
        await server.stop()
    }

    @Test func mistypedCodesFromOneAddressNeverLockOutAValidCodeOrToken() async throws {
        // Given a class behind one address that mistyped codes more often than the limit allows,
        let server = InProcessHub()
        let (code, token) = try await server.connect(from: "10.0.0.9").createLesson()
        let wrong = try JoinCode(code.description == "ABCDEF" ? "ABCDEG" : "ABCDEF")
        for _ in 0..<12 {
            _ = try await server.connect(from: "10.0.0.9").answers(to: .join(code: wrong, name: "Typo"))
        }
        let refused = try await server.connect(from: "10.0.0.9").answers(to: .join(code: wrong, name: "Typo"))
        guard case .error(let refusal)? = refused.first else {
            Issue.record("an unknown code over the limit was not refused: \(refused)")
            return
        }
        #expect(refusal.code == .rateLimited)

        // then a join with the valid code and the teacher with a valid token still get in,
        let joined = try await server.connect(from: "10.0.0.9").answers(to: .join(code: code, name: "Ada"))
        #expect(joined.contains { if case .welcome = $0 { true } else { false } })
        let taught = try await server.connect(from: "10.0.0.9").answers(
            to: .teach(code: code, token: token, lastSeen: nil))
        #expect(taught.contains { if case .welcome = $0 { true } else { false } })

        // while wrong tokens for that lesson are counted per address and code, and then refused.
        let guess = try AccessToken(randomBytes: Array(repeating: 7, count: 16))
        var codes: [ProtocolError.Code] = []
        for _ in 0..<12 {
            let answers = try await server.connect(from: "10.0.0.9").answers(
                to: .resume(code: code, token: guess, lastSeen: nil))
            if case .error(let e)? = answers.first { codes.append(e.code) }
        }
        #expect(codes.count == 12)
        #expect(codes.prefix(10).allSatisfy { $0 == .unknownToken })
        #expect(codes.suffix(2).allSatisfy { $0 == .rateLimited })
        // A valid token is still let in after that.
        let again = try await server.connect(from: "10.0.0.9").answers(
            to: .teach(code: code, token: token, lastSeen: nil))
        #expect(again.contains { if case .welcome = $0 { true } else { false } })
        await server.stop()
    }

    @Test func joinWithoutANameIsAMissingField() async throws {
        let server = InProcessHub()
        let (code, _) = try await server.connect().createLesson()
        let answers = try await server.connect().answers(to: .join(code: code, name: nil))
        guard case .error(let error)? = answers.first else {
            Issue.record("no error: \(answers)")
            return
        }
        #expect(error.code == .missingField)
        #expect(error.message.contains("name"))
        await server.stop()
    }
}
