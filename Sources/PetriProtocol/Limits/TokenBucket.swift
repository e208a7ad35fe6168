import PetriWords

/// A token bucket: `capacity` tokens, refilled continuously at `refillPerSecond`.
///
/// A pure value that takes the time as an argument, so tests drive it with a manual clock.
/// The server keeps one per connection (messages) and one per remote address (failed joins).
package struct TokenBucket: Sendable, Hashable {
    package let capacity: Double
    package let refillPerSecond: Double
    /// Tokens available at ``updatedAt``.
    package private(set) var tokens: Double
    /// When ``tokens`` was last brought up to date (nil: never used, so full).
    private(set) var updatedAt: Timestamp?

    /// Creates a full bucket.
    ///
    /// - Parameters:
    ///   - capacity: The burst size (at least 1).
    ///   - refillPerSecond: The sustained rate (positive).
    package init(capacity: Double, refillPerSecond: Double) {
        self.capacity = max(1, capacity)
        self.refillPerSecond = max(0, refillPerSecond)
        self.tokens = self.capacity
    }

    /// Takes `cost` tokens if there are enough; otherwise takes nothing.
    ///
    /// - Parameters:
    ///   - cost: Tokens to take (1 per message).
    ///   - now: The server's time.
    /// - Returns: Whether the action is allowed.
    package mutating func take(_ cost: Double = 1, at now: Timestamp) -> Bool {
        tokens = available(at: now)
        updatedAt = max(now, updatedAt ?? now)
        guard tokens >= cost else { return false }
        tokens -= cost
        return true
    }

    /// Whether `cost` tokens are available, without taking them (e.g. before trying a join).
    ///
    /// - Parameters:
    ///   - cost: Tokens that would be taken.
    ///   - now: The server's time.
    package func allows(_ cost: Double = 1, at now: Timestamp) -> Bool { available(at: now) >= cost }

    /// Whether the bucket is full again, so whoever owns it can forget it (e.g. an idle address).
    package func isFull(at now: Timestamp) -> Bool { available(at: now) >= capacity }

    private func available(at now: Timestamp) -> Double {
        guard let updatedAt else { return tokens }
        // A clock that steps backwards refills nothing rather than draining the bucket.
        let elapsed = Double(max(0, now.milliseconds(since: updatedAt))) / 1000
        return min(capacity, tokens + elapsed * refillPerSecond)
    }
}

/// A connection's message limit: an error for each message over the rate, then a close when
/// the client keeps going.
///
/// Each refused message also drains a second, slower bucket ("patience"); when that is empty
/// the client has kept sending well past the limit and the server closes the connection
/// (close code 1008, policy violation). Patience refills, so a client that backs off recovers.
package struct ConnectionRateLimit: Sendable, Hashable {
    /// What to do with a message.
    package enum Verdict: Sendable, Hashable {
        /// Handle it.
        case allow
        /// Answer with this `rate-limited` error and drop the message.
        case refuse(ProtocolError)
        /// Close the connection with code 1008 (policy violation).
        case disconnect
    }

    package private(set) var messages: TokenBucket
    private(set) var patience: TokenBucket

    /// - Parameters:
    ///   - burst: Messages allowed back to back.
    ///   - perSecond: Messages allowed per second, sustained.
    ///   - refusalsBeforeClose: Refused messages tolerated before closing.
    ///   - refusalsForgivenPerSecond: How fast refusals are forgotten.
    package init(
        burst: Double = 30, perSecond: Double = 10, refusalsBeforeClose: Double = 20,
        refusalsForgivenPerSecond: Double = 0.5
    ) {
        messages = TokenBucket(capacity: burst, refillPerSecond: perSecond)
        patience = TokenBucket(capacity: refusalsBeforeClose, refillPerSecond: refusalsForgivenPerSecond)
    }

    /// Decides what to do with a message that arrived at `now`.
    ///
    /// - Parameter now: The server's time.
    package mutating func check(at now: Timestamp) -> Verdict {
        if messages.take(at: now) { return .allow }
        guard patience.take(at: now) else { return .disconnect }
        return .refuse(
            ProtocolError(
                .rateLimited,
                ProtocolWords.word(
                    "protocol.message.tooMany", ["rate": .decimal(NumberText.format(messages.refillPerSecond))])))
    }
}
