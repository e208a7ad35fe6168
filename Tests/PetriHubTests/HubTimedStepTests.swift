import PetriHubTesting
import PetriPeer
import PetriProtocol
import Synchronization
import Testing

@testable import PetriHub

/// An auto-running lesson tells the hub's step observer when each timed step was due and when the
/// lesson took it, so how late timers fire is measured where the step happens.
@Suite struct HubTimedStepTests {
    @Test func eachTimedStepIsReportedWithWhenItWasDueAndWhenItWasTaken() async throws {
        let steps = Mutex<[TimedStep]>([])
        let clock = ManualClock()
        let server = InProcessHub(clock: clock) { configuration in
            configuration.stepObserver = { step in steps.withLock { $0.append(step) } }
        }
        let teacher = server.connect()
        let (code, token) = try await teacher.createLesson()
        _ = try await teacher.attach(.teach(code: code, token: token, lastSeen: nil))
        let start = clock.now()

        // When the lesson runs at one generation per second and its timer fires a quarter second late,
        try teacher.send(.run(rate: 1))
        await clock.waitForSleepers(1)
        clock.advance(by: 1.25)
        _ = try await teacher.expectReply { if case .snapshot(let h, _) = $0, h.generation == 1 { true } else { nil } }

        // then the observer was told of that step: due a second after the start, taken at 1.25 s.
        let told = steps.withLock { $0 }
        #expect(told.count == 1)
        #expect(told.first?.code == code)
        #expect(told.first?.generation == 1)
        #expect(told.first?.scheduled == start.adding(milliseconds: 1000))
        #expect(told.first?.taken == start.adding(milliseconds: 1250))

        // A teacher's own step is not a timed one.
        try teacher.send(.pause)
        try teacher.send(.step(count: 1))
        _ = try await teacher.expectReply { if case .snapshot(let h, _) = $0, h.generation == 2 { true } else { nil } }
        #expect(steps.withLock { $0.count } == 1)
        await server.stop()
    }
}
