import Testing

@testable import PetriProtocol

@Suite("Rate limits: a token bucket driven by a manual clock")
struct TokenBucketTests {
    let start = Timestamp(millisecondsSince1970: 1_000_000)

    @Test func aBurstIsAllowedThenTheRateRefills() {
        // Given a bucket of 3 refilling at 2 per second
        var bucket = TokenBucket(capacity: 3, refillPerSecond: 2)

        // When 4 arrive at once, Then 3 pass and the 4th is refused
        let burst = (0..<4).map { _ in bucket.take(at: start) }
        #expect(burst == [true, true, true, false])

        // When half a second passes, Then exactly one more passes
        let later = start.adding(milliseconds: 500)
        #expect(bucket.allows(at: later))
        let afterHalfSecond = [bucket.take(at: later), bucket.take(at: later)]
        #expect(afterHalfSecond == [true, false])

        // When ten seconds pass, Then it is full again but never above capacity
        let muchLater = start.adding(seconds: 10)
        #expect(bucket.isFull(at: muchLater))
        let secondBurst = (0..<4).map { _ in bucket.take(at: muchLater) }
        #expect(secondBurst == [true, true, true, false])
    }

    @Test func askingWhetherItAllowsDoesNotTakeAnything() {
        // Given a bucket of one
        var bucket = TokenBucket(capacity: 1, refillPerSecond: 1)

        // When asked twice, Then the token is still there to take, once
        #expect(bucket.allows(at: start) && bucket.allows(at: start))
        let taken = bucket.take(at: start)
        #expect(taken)
        #expect(!bucket.allows(at: start))
    }

    @Test func aClockThatStepsBackwardsRefillsNothing() {
        // Given an empty bucket
        var bucket = TokenBucket(capacity: 2, refillPerSecond: 1)
        _ = bucket.take(at: start)
        _ = bucket.take(at: start)

        // When the clock goes back a minute, then forward half a second, Then nothing refilled
        let results = [
            bucket.take(at: start.adding(seconds: -60)), bucket.take(at: start.adding(milliseconds: 500)),
            bucket.take(at: start.adding(seconds: 1)),
        ]
        // And a full second after the last real time, one token is back
        #expect(results == [false, false, true])
    }

    @Test func aConnectionGetsErrorsThenIsClosedForSustainedAbuse() {
        // Given a limit of 2 back to back, 1 per second, closing after 3 refusals
        var limit = ConnectionRateLimit(burst: 2, perSecond: 1, refusalsBeforeClose: 3, refusalsForgivenPerSecond: 0.1)

        // When 6 messages arrive at once
        let verdicts = (0..<6).map { _ in limit.check(at: start) }

        // Then 2 pass, 3 get a rate-limited error, and then the connection is closed
        #expect(Array(verdicts.prefix(2)) == [.allow, .allow])
        for verdict in verdicts[2..<5] {
            guard case .refuse(let error) = verdict else {
                Issue.record("expected a refusal, got \(verdict)")
                continue
            }
            #expect(
                error
                    == ProtocolError(
                        .rateLimited, "Too many messages: at most 1 per second. Slow down or you will be disconnected.")
            )
        }
        #expect(verdicts[5] == .disconnect)
    }

    @Test func aClientThatBacksOffRecovers() {
        // Given a client that was refused twice
        var limit = ConnectionRateLimit(burst: 1, perSecond: 1, refusalsBeforeClose: 2, refusalsForgivenPerSecond: 1)
        _ = limit.check(at: start)
        _ = limit.check(at: start)

        // When it waits ten seconds, Then it is allowed and forgiven
        let verdict = limit.check(at: start.adding(seconds: 10))
        #expect(verdict == .allow)
        #expect(limit.patience.isFull(at: start.adding(seconds: 10)))
    }
}
