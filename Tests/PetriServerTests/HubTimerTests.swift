import PetriHub
import PetriHubTesting
import PetriPeer
import PetriProtocol
import PetriSimulation
import Testing

/// Timers on the manual clock, in both setups: question time limits and auto-run fire exactly when
/// the clock is moved, never on their own, and rate limits refill with the clock.
@Suite struct HubTimerTests {
    private static let moths: JSONValue = .object(["population": .number(60), "reproductiveChance": .number(0.6)])

    /// A lesson with its teacher attached and one student joined.
    private func lesson(on server: any HubTestServer) async throws -> (teacher: ProtocolPeer, student: ProtocolPeer) {
        let teacher = try await server.connect()
        let (code, token) = try await teacher.createLesson(.camouflage, Self.moths)
        _ = try await teacher.attach(.teach(code: code, token: token, lastSeen: nil))
        let student = try await server.connect(from: "10.0.0.2")
        _ = try await student.attach(.join(code: code, name: "Ada"))
        return (teacher, student)
    }

    @Test(arguments: HubSetup.both) func aQuestionLocksWhenItsTimeLimitPassesOnTheClockAndNotBefore(in setup: HubSetup)
        async throws
    {
        let clock = ManualClock()
        let server = try await setup.start(clock: clock)
        let (teacher, student) = try await lesson(on: server)
        // Given a question with a 30-second time limit
        try teacher.send(
            .ask(QuestionSpec(metric: "meanTrait", kind: .number(tolerance: nil), horizon: 3, timeLimit: 30)))
        let question = try await student.expect("question") { if case .question(let q) = $0 { q } else { nil } }
        await clock.waitForSleepers(1)

        // When 29 seconds pass, the student can still answer
        clock.advance(by: 29)
        try student.send(.answer(question: question.id, prediction: .number(50)))
        _ = try await student.expect("answerAccepted") { if case .answerAccepted = $0 { true } else { nil } }

        // and when the 30th passes, the question locks for the time limit
        clock.advance(by: 1)
        let reason = try await teacher.expect("questionLocked") {
            if case .questionLocked(question.id, let reason, _) = $0 { reason } else { nil }
        }
        #expect(reason == .timeLimit)
        try student.send(.answer(question: question.id, prediction: .number(60)))
        #expect(try await student.expectError().code == .lateAnswer)
        await server.stop()
    }

    @Test(arguments: HubSetup.both) func autoRunStepsOncePerIntervalOfTheClockAndStopsWhenPaused(in setup: HubSetup)
        async throws
    {
        let clock = ManualClock()
        let server = try await setup.start(clock: clock)
        let (teacher, student) = try await lesson(on: server)
        // Given the lesson runs at 2 generations a second
        try teacher.send(.run(rate: 2))
        _ = try await teacher.expect("running") { if case .running = $0 { true } else { nil } }
        await clock.waitForSleepers(1)

        // When half a second passes, one generation is stepped; after another, the next
        clock.advance(by: 0.5)
        try await student.waitForGeneration(1)
        await clock.waitForSleepers(1)
        clock.advance(by: 0.5)
        try await student.waitForGeneration(2)

        // And once paused, no timer is left to step it
        try teacher.send(.pause)
        _ = try await teacher.expect("paused") { if case .paused = $0 { true } else { nil } }
        #expect(clock.sleeperCount == 0)
        await server.stop()
    }

    @Test(arguments: HubSetup.both) func theMessageRateRefillsWithTheClockAndAFloodIsDisconnected(in setup: HubSetup)
        async throws
    {
        let clock = ManualClock()
        let server = try await setup.start(clock: clock) {
            $0.messageBurst = 5; $0.messagesPerSecond = 1
        }
        let peer = try await server.connect()
        // Given a connection that used its burst of 5
        for _ in 0..<5 { try peer.send(.ping) }
        for _ in 0..<5 { _ = try await peer.expect("pong") { if case .pong = $0 { true } else { nil } } }
        // When it sends a sixth at once, it is refused as rate-limited
        try peer.send(.ping)
        #expect(try await peer.expectError().code == .rateLimited)
        // and one second later it may send one more
        clock.advance(by: 1)
        try peer.send(.ping)
        let reply = try await peer.next()
        #expect({ if case .pong = reply { true } else { false } }())
        // A flood is refused, then disconnected with 1008
        for _ in 0..<200 { try peer.send(.ping) }
        var limited = 0
        while let message = try await peer.next() {
            if case .error(let e) = message, e.code == .rateLimited { limited += 1 }
        }
        #expect(limited > 0)
        #expect(peer.closed?.code == .policyViolation)
        await server.stop()
    }
}
