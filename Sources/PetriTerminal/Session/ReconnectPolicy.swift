/// How long to wait before each reconnection attempt: exponential backoff with jitter.
///
/// Attempt *n* (from 1) waits `base = min(maximumDelay, max(floor, initialDelay) × multiplier^(n−1))`
/// times a factor between ½ and 1 drawn from the session's random source ("equal jitter"), so a
/// classroom of clients that lost the server together does not come back in lock step.
struct ReconnectPolicy: Sendable, Hashable {
    /// The base delay before the first retry.
    var initialDelay: Duration
    /// The longest base delay.
    var maximumDelay: Duration
    /// How much the base delay grows per failed attempt.
    var multiplier: Double

    /// The defaults: ½ s, doubling, at most 30 s.
    init(
        initialDelay: Duration = .milliseconds(500), maximumDelay: Duration = .seconds(30), multiplier: Double = 2
    ) {
        self.initialDelay = initialDelay
        self.maximumDelay = maximumDelay
        self.multiplier = multiplier
    }

    /// The wait before attempt `attempt`.
    ///
    /// - Parameters:
    ///   - attempt: 1 for the first retry after a loss.
    ///   - floor: The least base delay the reason calls for (e.g. 5 s after "try again later").
    ///   - jitter: A number in 0..<1 from the random source.
    func delay(attempt: Int, floor: Duration = .zero, jitter: Double) -> Duration {
        let start = max(floor, initialDelay)
        let growth = pow(multiplier, Double(max(0, min(attempt - 1, 30))))
        let base = min(maximumDelay, start * growth)
        return base * (0.5 + 0.5 * min(max(jitter, 0), 1))
    }

    /// Why the connection is being retried, which sets the least delay.
    enum Reason: Sendable, Hashable {
        /// The connection dropped, or could not be made.
        case lost
        /// The server is restarting (close 4012): come back soon.
        case restarting
        /// The server is shutting down (1001) or hit an error (1011).
        case goingAway
        /// The server is overloaded (4013).
        case busy
        /// The server closed us for falling behind or sending too fast (1008).
        case tooSlow
        /// Too many failed joins from this address.
        case rateLimited

        /// The least base delay for this reason.
        var floor: Duration {
            switch self {
            case .lost, .restarting: .zero
            case .goingAway, .tooSlow: .seconds(2)
            case .busy: .seconds(5)
            case .rateLimited: .seconds(6)
            }
        }
    }
}

private func pow(_ x: Double, _ n: Double) -> Double {
    var result = 1.0
    for _ in 0..<Int(n) { result *= x }
    return result
}
