import PetriHubTesting
import PetriPeer
import PetriProtocol
import PetriTransport
import Testing

@testable import PetriHub

/// An ended lesson stays readable for the retention period, then answers `lesson-expired`.
@Suite struct EndedLessonTests {
    /// A lesson with one student, ended by its teacher; returns the codes and tokens.
    private func endedLesson(on server: InProcessHub) async throws -> (JoinCode, AccessToken, AccessToken) {
        let creator = server.connect()
        let (code, token) = try await creator.createLesson()
        let teacher = server.connect()
        try teacher.send(.teach(code: code, token: token, lastSeen: nil))
        _ = try await teacher.expect { if case .welcome(let w) = $0 { w } else { nil } }
        let student = server.connect()
        try student.send(.join(code: code, name: "Ada"))
        let resume = try #require(
            try await student.expect { if case .welcome(let w) = $0 { w.you?.token } else { nil } } ?? nil)
        try teacher.send(.step(count: 2))
        try teacher.send(.end)
        _ = try await teacher.expect { if case .lessonEnded = $0 { true } else { nil } }
        while try await teacher.next() != nil {}
        #expect(teacher.closed?.code.rawValue == LessonCloseCode.lessonEnded.rawValue)
        return (code, token, resume)
    }

    private func welcomeIn(_ answers: [ServerMessage]) -> Welcome? {
        answers.compactMap { if case .welcome(let w) = $0 { w } else { nil } }.first
    }

    @Test func teacherAttachesToAnEndedLessonReadOnlyAndExports() async throws {
        let server = InProcessHub()
        let (code, token, _) = try await endedLesson(on: server)

        // When the teacher comes back after the end,
        let teacher = server.connect()
        let attached = try await teacher.answers(to: .teach(code: code, token: token, lastSeen: nil))
        // then the welcome shows the final state,
        let welcome = try #require(welcomeIn(attached))
        #expect(welcome.ended)
        #expect(welcome.position.generation == 2)
        // the results and the lesson file still export,
        let results = try await teacher.answers(to: .exportResults)
        #expect(
            results.contains { if case .results(let csv) = $0 { csv.hasPrefix("student,question") } else { false } })
        let file = try await teacher.answers(to: .export)
        #expect(file.contains { if case .definition = $0 { true } else { false } })
        // and a change is refused with a clear error.
        let step = try await teacher.answers(to: .step(count: 1))
        guard case .error(let error)? = step.first else {
            Issue.record("step after end was not refused: \(step)")
            return
        }
        #expect(error.code == .lessonEnded)
        await server.stop()
    }

    @Test func studentResumingAnEndedLessonSeesTheirClosingResult() async throws {
        let server = InProcessHub()
        let (code, _, resume) = try await endedLesson(on: server)
        let answers = try await server.connect().answers(to: .resume(code: code, token: resume, lastSeen: nil))
        #expect(welcomeIn(answers)?.ended == true)
        #expect(answers.contains { if case .closing = $0 { true } else { false } })
        await server.stop()
    }

    @Test func endedLessonStaysReadableAfterARestartAndExpiresAfterTheRetention() async throws {
        // Given an ended lesson and a server restarted on the same storage,
        let server = InProcessHub()
        let (code, token, _) = try await endedLesson(on: server)
        await server.stop()
        let day = 86_400.0
        let again = try await server.restarted { $0.endedLessonRetentionSeconds = 2 * day }

        // then the teacher can still attach a day later,
        again.clock.advance(by: day)
        let attached = try await again.connect().answers(to: .teach(code: code, token: token, lastSeen: nil))
        #expect(welcomeIn(attached)?.ended == true)

        // and once the retention is over the code answers `lesson-expired`, for good.
        again.clock.advance(by: 1.5 * day)
        for _ in 0..<2 {
            let expired = try await again.connect().answers(to: .teach(code: code, token: token, lastSeen: nil))
            guard case .error(let error)? = expired.first else {
                Issue.record("no error after the retention: \(expired)")
                continue
            }
            #expect(error.code == .lessonExpired)
        }
        // A restart after that does not bring it back.
        await again.stop()
        let third = try await again.restarted { $0.endedLessonRetentionSeconds = 2 * day }
        #expect(await third.hub.lessonCount == 0)
        await third.stop()
    }

    @Test func expiredLessonsAreFreedWhenTheNextLessonStarts() async throws {
        // Given an ended lesson held for its retention period,
        let server = InProcessHub { $0.endedLessonRetentionSeconds = 60 }
        let (code, token, _) = try await endedLesson(on: server)
        #expect(await server.hub.lessonCount == 1)

        // when the period is over and another lesson is created, the ended one is dropped from memory
        server.clock.advance(by: 61)
        _ = try await server.connect().createLesson()
        #expect(await server.hub.lessonCount == 1)
        #expect(await server.hub.isExpired(code))
        // and its code answers `lesson-expired`.
        let answers = try await server.connect().answers(to: .teach(code: code, token: token, lastSeen: nil))
        guard case .error(let error)? = answers.first else {
            Issue.record("no error: \(answers)")
            return
        }
        #expect(error.code == .lessonExpired)
        await server.stop()
    }

    @Test func aLessonPastItsRetentionIsErasedFromStorageAndOneWithinItIsKept() async throws {
        // Given two ended lessons, one ended 61 s before the other, kept 60 s
        let server = InProcessHub { $0.endedLessonRetentionSeconds = 60 }
        let (old, _, _) = try await endedLesson(on: server)
        server.clock.advance(by: 61)
        let (recent, token, _) = try await endedLesson(on: server)
        let stored = await server.storage.inner.lessons(endedSince: Timestamp(millisecondsSince1970: 0))
        #expect(stored.count == 2)

        // When the hub sweeps on its clock
        let erased = await server.hub.eraseExpiredLessons()

        // Then the older lesson is gone from storage with its log, and the recent one is kept, still readable
        let oldID = try #require(stored.first { $0.record.code == old }?.record.id)
        #expect(erased == [oldID])
        let left = await server.storage.inner.lessons(endedSince: Timestamp(millisecondsSince1970: 0))
        #expect(left.map(\.record.code) == [recent])
        #expect(await server.storage.inner.log(ofLesson: oldID).isEmpty)
        _ = try await server.connect().attach(.teach(code: recent, token: token, lastSeen: nil))
        // And a second sweep erases nothing more
        #expect(await server.hub.eraseExpiredLessons().isEmpty)
        await server.stop()
    }
}
