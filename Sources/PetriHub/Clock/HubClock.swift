import Foundation
import PetriProtocol

/// Where the server's time comes from: wall-clock milliseconds for answer times and
/// deadlines, and sleeping for timers. Injected so tests run on a manual clock.
package protocol HubClock: Sendable {
    /// The current time.
    func now() -> Timestamp
    /// Returns at or after `deadline`, or throws `CancellationError` when the task is cancelled.
    func sleep(until deadline: Timestamp) async throws
}

/// The machine's real-time clock.
package struct SystemClock: HubClock {
    package init() {}

    package func now() -> Timestamp {
        var ts = timespec()
        clock_gettime(CLOCK_REALTIME, &ts)
        return Timestamp(millisecondsSince1970: Int64(ts.tv_sec) * 1000 + Int64(ts.tv_nsec) / 1_000_000)
    }

    package func sleep(until deadline: Timestamp) async throws {
        let wait = deadline.milliseconds(since: now())
        if wait > 0 { try await Task.sleep(for: .milliseconds(wait)) }
    }
}
