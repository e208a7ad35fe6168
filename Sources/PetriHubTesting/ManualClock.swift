import PetriHub
import PetriProtocol
import Synchronization

/// A clock that moves only when a test moves it: ``advance(by:)`` sets the time forward and
/// resumes, in deadline order, every sleeper whose deadline has come, so timers (question time
/// limits, auto-run) fire exactly when the test says and never on their own.
///
/// ```swift
/// let clock = ManualClock()
/// await clock.waitForSleepers(1)   // the lesson armed its timer
/// clock.advance(by: 30)            // the timer fires
/// ```
package final class ManualClock: HubClock {
    private struct Sleeper {
        var deadline: Int64
        var continuation: CheckedContinuation<Void, any Error>
    }

    private struct State {
        var now: Int64
        var nextSleeper = 0
        var sleepers: [Int: Sleeper] = [:]
        /// Tests waiting for a number of sleepers to be armed.
        var watchers: [(count: Int, continuation: CheckedContinuation<Void, Never>)] = []
    }

    private let state: Mutex<State>

    /// - Parameter start: The first time the clock reads (a fixed instant in November 2023 by default).
    package init(start: Timestamp = Timestamp(millisecondsSince1970: 1_700_000_000_000)) {
        state = Mutex(State(now: start.millisecondsSince1970))
    }

    package func now() -> Timestamp { Timestamp(millisecondsSince1970: state.withLock { $0.now }) }

    /// How many tasks are asleep on this clock now.
    package var sleeperCount: Int { state.withLock { $0.sleepers.count } }

    /// Moves the time forward by `seconds` and wakes every sleeper whose deadline has come,
    /// earliest deadline first.
    package func advance(by seconds: Double) {
        let due = state.withLock { s -> [Sleeper] in
            s.now += Int64((seconds * 1000).rounded())
            let now = s.now
            let keys = s.sleepers.filter { $0.value.deadline <= now }
                .sorted { ($0.value.deadline, $0.key) < ($1.value.deadline, $1.key) }.map(\.key)
            return keys.compactMap { s.sleepers.removeValue(forKey: $0) }
        }
        for sleeper in due { sleeper.continuation.resume() }
    }

    /// Returns once at least `count` tasks are asleep on this clock (a timer was armed).
    package func waitForSleepers(_ count: Int) async {
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            let ready = state.withLock { s -> Bool in
                if s.sleepers.count >= count { return true }
                s.watchers.append((count, continuation))
                return false
            }
            if ready { continuation.resume() }
        }
    }

    package func sleep(until deadline: Timestamp) async throws {
        let id = state.withLock { s -> Int in
            defer { s.nextSleeper += 1 }
            return s.nextSleeper
        }
        try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, any Error>) in
                let (resumeNow, ready) = state.withLock { s -> (Bool, [CheckedContinuation<Void, Never>]) in
                    if Task.isCancelled || deadline.millisecondsSince1970 <= s.now { return (true, []) }
                    s.sleepers[id] = Sleeper(deadline: deadline.millisecondsSince1970, continuation: continuation)
                    let count = s.sleepers.count
                    let ready = s.watchers.filter { $0.count <= count }.map(\.continuation)
                    s.watchers.removeAll { $0.count <= count }
                    return (false, ready)
                }
                if resumeNow {
                    if Task.isCancelled {
                        continuation.resume(throwing: CancellationError())
                    } else {
                        continuation.resume()
                    }
                }
                for watcher in ready { watcher.resume() }
            }
        } onCancel: {
            let sleeper = state.withLock { $0.sleepers.removeValue(forKey: id) }
            sleeper?.continuation.resume(throwing: CancellationError())
        }
    }
}
