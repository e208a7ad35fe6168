import PetriProtocol
import PetriSimulation
import Testing

@testable import PetriTerminal

/// A random source that always gives the same number: 0 gives the shortest backoff, .max the longest.
struct FixedRandom: RandomNumberGenerator, Sendable {
    var value: UInt64
    mutating func next() -> UInt64 { value }
}

@Suite struct ClientSessionTests {
    let code = Fixtures.code
    let token = Fixtures.token

    func at(_ seconds: Double) -> Moment {
        Moment(
            monotonic: .milliseconds(Int(seconds * 1000)),
            wall: Fixtures.now.adding(milliseconds: Int64(seconds * 1000)))
    }

    func welcome(token: AccessToken?, generation: Int = 12, score: Int = 0) -> ServerMessage {
        .welcome(
            Welcome(
                role: .student,
                you: StudentProfile(student: StudentID(4), name: "Ada", token: token, score: score, streak: 0),
                model: .camouflage, metrics: CamouflageModel.metrics, parameters: .object([:]),
                position: TimelinePosition(timeline: 1, generation: generation), running: nil, runOver: nil,
                ended: false,
                options: LessonOptions(), questions: [], answers: [],
                leaderboard: Leaderboard(top: [], you: nil, students: 1), historyFrom: 0, missed: false, roster: nil,
                checkpoint: nil))
    }

    func joined(random: UInt64 = 0) -> ClientSession {
        var session = ClientSession(
            entry: .student(code: code, name: "Ada", token: nil), random: FixedRandom(value: random))
        _ = session.start(at: at(0))
        _ = session.connected(at: at(0.1))
        _ = session.received(welcome(token: token), at: at(0.2))
        return session
    }

    @Test func aNewStudentJoinsAndKeepsTheResumeToken() {
        // Given a student with no saved token
        var session = ClientSession(entry: .student(code: code, name: "Ada", token: nil), random: FixedRandom(value: 0))
        // When it starts and connects
        #expect(session.start(at: at(0)) == [.connect])
        #expect(session.connected(at: at(0.1)) == [.send(.join(code: code, name: "Ada"))])
        // Then the welcome's token is stored, and the student is online
        #expect(
            session.received(welcome(token: token), at: at(0.2)) == [.storeToken(token, code: code, role: .student)])
        #expect(session.status(at: at(0.3)) == .online)
    }

    @Test func aDroppedConnectionIsRetriedWithBackoffAndResumedWithTheTokenAndLastPosition() {
        var session = joined()
        // When the connection drops
        let actions = session.closed(code: 1006, reason: "", at: at(10))
        // Then the first retry waits half a second at the shortest jitter
        #expect(actions == [.retry(after: .milliseconds(250), ticket: 1)])
        #expect(session.status(at: at(10)) == .reconnecting(attempt: 1, seconds: 1, reason: "connection lost"))
        // And a stale ticket changes nothing; the right one reconnects
        #expect(session.retryDue(ticket: 0, at: at(11)).isEmpty)
        #expect(session.retryDue(ticket: 1, at: at(11)) == [.connect])
        // And the hello resumes with the token from the welcome and the position last seen
        #expect(
            session.connected(at: at(11.1))
                == [.send(.resume(code: code, token: token, lastSeen: TimelinePosition(timeline: 1, generation: 12)))])
        #expect(session.received(welcome(token: nil, generation: 14, score: 1010), at: at(11.2)).isEmpty)
        #expect(session.lesson.you?.score == 1010)
    }

    @Test func repeatedFailuresBackOffExponentiallyUpToTheCap() {
        var session = joined(random: .max)
        var delays: [Duration] = []
        var actions = session.closed(code: 1006, reason: "", at: at(1))
        for _ in 0..<9 {
            guard case .retry(let delay, let ticket) = actions.first else { Issue.record("expected a retry"); return }
            delays.append(delay)
            _ = session.retryDue(ticket: ticket, at: at(2))
            actions = session.connectFailed("no answer from the server", at: at(3))
        }
        let seconds = delays.map { Int(($0 / .milliseconds(1)).rounded()) }
        #expect(seconds == [500, 1000, 2000, 4000, 8000, 16000, 30000, 30000, 30000])
    }

    @Test func jitterSpreadsTheDelays() {
        var low = joined(random: 0)
        var high = joined(random: .max)
        #expect(low.closed(code: 1006, reason: "", at: at(1)) == [.retry(after: .milliseconds(250), ticket: 1)])
        #expect(high.closed(code: 1006, reason: "", at: at(1)) == [.retry(after: .milliseconds(500), ticket: 1)])
    }

    @Test(arguments: [(UInt16(4012), 500), (1001, 2000), (1008, 2000), (4013, 5000), (4014, 5000), (1011, 2000)])
    func closeCodesThatMeanComeBackRetryAfterTheirLeastDelay(code: UInt16, milliseconds: Int) {
        var session = joined(random: .max)
        #expect(
            session.closed(code: code, reason: "", at: at(1)) == [.retry(after: .milliseconds(milliseconds), ticket: 1)]
        )
    }

    @Test func beingKickedEndsTheClientAndForgetsTheToken() {
        var session = joined()
        let actions = session.closed(code: 4000, reason: "kicked", at: at(1))
        #expect(actions.first == .forgetToken(code: code, role: .student))
        guard case .finish(let end) = actions.last else { Issue.record("expected finish"); return }
        #expect(end.kind == .kicked && end.exitStatus == 1)
        #expect(end.message == "The teacher removed you from the lesson.")
    }

    @Test func beingReplacedEndsQuietly() {
        var session = joined()
        guard case .finish(let end) = session.closed(code: 4001, reason: "", at: at(1)).last else { return }
        #expect(end.kind == .replaced && end.exitStatus == 0)
    }

    @Test func theEndOfTheLessonEndsTheClientWithTheStudentsScore() {
        var session = joined()
        _ = session.received(
            .closing(Closing(score: 1510, possible: 2000, rank: 2, message: "Great predictions.")), at: at(1))
        guard case .finish(let end) = session.closed(code: 4002, reason: "", at: at(2)).last else {
            Issue.record("expected finish")
            return
        }
        #expect(end.kind == .lessonEnded && end.exitStatus == 0)
        #expect(end.message == "Lesson K7QX2M has ended. You scored 1510 of 2000 (rank 2). Great predictions.")
    }

    @Test func anUnknownCodeEndsWithASentenceThatSaysWhatToCheck() {
        var session = ClientSession(entry: .student(code: code, name: "Ada", token: nil), random: FixedRandom(value: 0))
        _ = session.start(at: at(0))
        _ = session.connected(at: at(0))
        // (No lesson has it, so it is tried as a make-up's code, which no make-up has either.)
        _ = session.received(.error(ProtocolError(.unknownLesson, "no such lesson")), at: at(0.1))
        let actions = session.received(.error(ProtocolError(.unknownMakeup, "no such make-up")), at: at(0.2))
        guard case .finish(let end) = actions.last else { Issue.record("expected finish"); return }
        #expect(
            end.message
                == "No lesson or make-up has the code K7QX2M; check the code on the board, or the one your teacher gave "
                + "for the make-up.")
        #expect(end.exitStatus == 1)
    }

    @Test func aStaleSavedTokenFallsBackToJoiningAfresh() {
        var session = ClientSession(
            entry: .student(code: code, name: "Ada", token: token), random: FixedRandom(value: 0))
        _ = session.start(at: at(0))
        #expect(session.connected(at: at(0)) == [.send(.resume(code: code, token: token, lastSeen: nil))])
        let actions = session.received(.error(ProtocolError(.unknownToken, "unknown")), at: at(0.1))
        #expect(actions == [.forgetToken(code: code, role: .student), .send(.join(code: code, name: "Ada"))])
    }

    @Test func tooManyFailedJoinsWaitsBeforeTryingAgain() {
        var session = ClientSession(
            entry: .student(code: code, name: "Ada", token: nil), random: FixedRandom(value: .max))
        _ = session.start(at: at(0))
        _ = session.connected(at: at(0))
        let actions = session.received(.error(ProtocolError(.rateLimited, "slow down")), at: at(0.1))
        #expect(actions == [.disconnect, .retry(after: .seconds(6), ticket: 1)])
    }

    @Test func aLessonBeingReloadedIsTriedAgainLater() {
        var session = ClientSession(
            entry: .student(code: code, name: "Ada", token: nil), random: FixedRandom(value: .max))
        _ = session.start(at: at(0))
        _ = session.connected(at: at(0))
        let actions = session.received(.error(ProtocolError(.lessonReloading, "try again")), at: at(0.1))
        #expect(actions == [.disconnect, .retry(after: .seconds(5), ticket: 1)])
    }

    @Test func aSilentConnectionIsPingedThenGivenUp() {
        var session = joined()
        #expect(session.tick(at: at(10)).isEmpty)
        #expect(session.tick(at: at(15.3)) == [.send(.ping)])
        #expect(session.tick(at: at(20)).isEmpty)
        #expect(session.tick(at: at(25.4)) == [.disconnect, .retry(after: .milliseconds(250), ticket: 1)])
    }

    @Test func anyMessageCountsAsLife() {
        var session = joined()
        #expect(session.tick(at: at(15.3)) == [.send(.ping)])
        _ = session.received(.pong, at: at(15.4))
        #expect(session.tick(at: at(25.5)).isEmpty)
    }

    @Test func aWelcomeThatNeverComesIsRetried() {
        var session = ClientSession(entry: .student(code: code, name: "Ada", token: nil), random: FixedRandom(value: 0))
        _ = session.start(at: at(0))
        _ = session.connected(at: at(0))
        #expect(session.tick(at: at(14)).isEmpty)
        #expect(session.tick(at: at(15)) == [.disconnect, .retry(after: .milliseconds(250), ticket: 1)])
    }

    @Test func answersTypedWhileOfflineAreSentAfterTheNextWelcome() {
        var session = joined()
        _ = session.closed(code: 1006, reason: "", at: at(1))
        let answer = ClientMessage.answer(question: QuestionID(3), prediction: .number(120))
        #expect(session.send(answer, at: at(1.1)).isEmpty)
        _ = session.retryDue(ticket: 1, at: at(2))
        _ = session.connected(at: at(2.1))
        #expect(session.received(welcome(token: nil), at: at(2.2)) == [.send(answer)])
    }

    @Test func creatingALessonStoresTheTeacherTokenAndAttaches() {
        let key = "key"
        var session = ClientSession(
            entry: .create(teacherKey: key, model: .life, parameters: nil, seed: 42, options: nil),
            random: FixedRandom(value: 0))
        _ = session.start(at: at(0))
        #expect(
            session.connected(at: at(0)) == [
                .send(.create(teacherKey: key, model: .life, parameters: nil, seed: 42, options: nil))
            ])
        let actions = session.received(.created(code: code, teacherToken: token), at: at(0.1))
        #expect(
            actions == [
                .storeToken(token, code: code, role: .teacher), .send(.teach(code: code, token: token, lastSeen: nil)),
            ])
        #expect(session.entry == .teacher(code: code, token: token))
    }

    @Test func quittingClosesAndFinishesOnce() {
        var session = joined()
        #expect(session.quit() == [.disconnect, .finish(SessionEnd(.quit, "", exitStatus: 0))])
        #expect(session.quit().isEmpty)
        #expect(session.closed(code: 1000, reason: "", at: at(1)).isEmpty)
    }
}
