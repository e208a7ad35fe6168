import PetriHubTesting
import PetriPeer
import PetriProtocol
import PetriTransport
import Testing

@testable import PetriHub

struct DiskFull: Error {}

/// Every request gets an answer, storage failures are retryable, and the failed-attempt limiter
/// tells a guesser nothing while never refusing a valid token (rough edges found by testing from outside).
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

    @Test func aLimitedAddressLearnsNothingFromAGuessButAValidTokenStillGetsIn() async throws {
        // Given a live lesson and an address that has used up its tries on codes that name no lesson,
        let server = InProcessHub()
        let (code, token) = try await server.connect(from: "10.0.0.9").createLesson()
        let wrong = try JoinCode(code.description == "ABCDEF" ? "ABCDEG" : "ABCDEF")
        func firstError(_ message: ClientMessage) async throws -> ProtocolError.Code? {
            let answers = try await server.connect(from: "10.0.0.9").answers(to: message)
            if case .error(let e)? = answers.first { return e.code }
            return nil
        }
        for _ in 0..<10 { #expect(try await firstError(.join(code: wrong, name: "Typo")) == .unknownLesson) }
        #expect(try await firstError(.join(code: wrong, name: "Typo")) == .rateLimited)

        // then a guess at the live code gets the same answer as a guess at a dead one, whatever it sends,
        let guess = try AccessToken(randomBytes: Array(repeating: 7, count: 16))
        for message: ClientMessage in [
            .join(code: code, name: "Ada"), .resume(code: code, token: guess, lastSeen: nil),
            .teach(code: code, token: guess, lastSeen: nil), .observe(code: code, token: guess, lastSeen: nil),
            .resume(code: wrong, token: guess, lastSeen: nil),
        ] {
            #expect(try await firstError(message) == .rateLimited, "\(message)")
        }

        // while the teacher's valid token still gets in from that address.
        let taught = try await server.connect(from: "10.0.0.9").answers(
            to: .teach(code: code, token: token, lastSeen: nil))
        #expect(taught.contains { if case .welcome = $0 { true } else { false } })
        // Another address is not affected.
        let joined = try await server.connect(from: "10.0.0.10").answers(to: .join(code: code, name: "Ada"))
        #expect(joined.contains { if case .welcome = $0 { true } else { false } })
        await server.stop()
    }

    @Test func wrongTokensForDifferentLessonsCountInOneBucketPerAddress() async throws {
        // Given two live lessons and an address sending wrong tokens to both, by every attaching message
        let server = InProcessHub { $0.failedJoinBurst = 4 }
        let (first, _) = try await server.connect(from: "10.0.0.1").createLesson()
        let (second, _) = try await server.connect(from: "10.0.0.1").createLesson()
        let guess = try AccessToken(randomBytes: Array(repeating: 9, count: 16))
        var codes: [ProtocolError.Code] = []
        for message: ClientMessage in [
            .resume(code: first, token: guess, lastSeen: nil), .teach(code: second, token: guess, lastSeen: nil),
            .observe(code: first, token: guess, lastSeen: nil), .resume(code: second, token: guess, lastSeen: nil),
            .observe(code: second, token: guess, lastSeen: nil),
        ] {
            let answers = try await server.connect(from: "10.0.0.2").answers(to: message)
            if case .error(let e)? = answers.first { codes.append(e.code) }
        }
        // Then the four tries are shared by both lessons: the fifth wrong token is refused as limited
        #expect(codes == [.unknownToken, .unknownToken, .unknownToken, .unknownToken, .rateLimited])
        await server.stop()
    }

    @Test func wrongTeacherKeysAreLimitedPerAddressAndThenEvenTheRightKeyWaits() async throws {
        // Given an address guessing the teacher key with create, import and describeModels
        let server = InProcessHub { $0.failedJoinBurst = 3 }
        let guesser = server.connect(from: "10.0.0.66")
        let definition = LessonDefinition(model: .life, seed: 1, parameters: .object([:]))
        var codes: [ProtocolError.Code] = []
        for message: ClientMessage in [
            .create(teacherKey: "guess1", model: .life, parameters: nil, seed: nil, options: nil),
            .importLesson(teacherKey: "guess2", definition: definition, options: nil),
            .describeModels(teacherKey: "guess3"),
            .create(teacherKey: "guess4", model: .life, parameters: nil, seed: nil, options: nil),
            .create(teacherKey: InProcessHub.teacherKey, model: .life, parameters: nil, seed: nil, options: nil),
        ] {
            if case .error(let e)? = try await guesser.answers(to: message).first { codes.append(e.code) }
        }
        // Then the first three are wrong keys, and after that every key is refused, the right one too,
        #expect(codes == [.notAuthorised, .notAuthorised, .notAuthorised, .rateLimited, .rateLimited])
        #expect(await server.hub.lessonCount == 0)
        // until the bucket refills; other addresses were never affected.
        let teacher = server.connect(from: "10.0.0.1")
        _ = try await teacher.createLesson()
        server.clock.advance(by: 6)
        _ = try await guesser.createLesson()
        #expect(await server.hub.lessonCount == 2)
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
