import Testing

@testable import PetriTerminal

@Suite struct ReconnectPolicyTests {
    let policy = ReconnectPolicy()

    @Test func delaysDoubleFromHalfASecondWithJitterBetweenHalfAndAll() {
        for (attempt, base) in [(1, 500), (2, 1000), (3, 2000), (4, 4000), (5, 8000)] {
            #expect(policy.delay(attempt: attempt, jitter: 0) == .milliseconds(base / 2))
            #expect(policy.delay(attempt: attempt, jitter: 1) == .milliseconds(base))
            #expect(policy.delay(attempt: attempt, jitter: 0.5) == .milliseconds(base * 3 / 4))
        }
    }

    @Test func delaysStopGrowingAtTheMaximum() {
        #expect(policy.delay(attempt: 20, jitter: 1) == .seconds(30))
        #expect(policy.delay(attempt: 1000, jitter: 0) == .seconds(15))
    }

    @Test func theReasonSetsTheLeastDelay() {
        #expect(policy.delay(attempt: 1, floor: ReconnectPolicy.Reason.busy.floor, jitter: 1) == .seconds(5))
        #expect(
            policy.delay(attempt: 1, floor: ReconnectPolicy.Reason.restarting.floor, jitter: 1) == .milliseconds(500))
        #expect(policy.delay(attempt: 2, floor: ReconnectPolicy.Reason.tooSlow.floor, jitter: 1) == .seconds(4))
    }
}
