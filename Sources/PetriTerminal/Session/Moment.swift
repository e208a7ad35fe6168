import PetriProtocol

/// A point in time as the session sees it: monotonic for timers, wall-clock for people.
struct Moment: Sendable, Hashable {
    /// Time since the runner started, from a monotonic clock (timeouts, backoff).
    var monotonic: Duration
    /// Local wall-clock time (notices, and estimating the server's clock for time limits).
    var wall: Timestamp

    /// A moment on both clocks.
    init(monotonic: Duration, wall: Timestamp) {
        self.monotonic = monotonic
        self.wall = wall
    }

    /// This moment `duration` later on both clocks.
    func advanced(by duration: Duration) -> Moment {
        Moment(
            monotonic: monotonic + duration,
            wall: wall.adding(milliseconds: Int64((duration / .milliseconds(1)).rounded())))
    }
}
