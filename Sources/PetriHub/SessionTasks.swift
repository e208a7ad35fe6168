import PetriTransport
import Synchronization

/// The tasks serving a server's connections, one per connection, and a way to wait for all of them.
///
/// A task group would do the same, but the runtime's task group finds a finished child by
/// walking its list of children: when thousands of connections close at once (a class
/// leaving, a shutdown), each removal scans thousands, and that scan was 13% of the server's
/// time in a 10,000-student run. Here each session's task is kept in a dictionary under its
/// own number, so a session's end costs the same however many are open.
///
/// Thread-safe: every method may be called from any task.
///
/// ```swift
/// let sessions = SessionTasks()
/// for await connection in server.connections { sessions.start { await hub.serve(connection) } }
/// await sessions.allEnded()
/// ```
public final class SessionTasks: Sendable {
    private struct State {
        var next = 0
        var running: [Int: Task<Void, Never>] = [:]
        /// Callers of ``allEnded()`` waiting for ``running`` to empty.
        var waiting: [CheckedContinuation<Void, Never>] = []
        /// Set by ``cancelAll()``: sessions started later begin cancelled.
        var cancelled = false
    }

    private let state = Mutex(State())

    public init() {}

    /// How many sessions are still running.
    public var count: Int { state.withLock { $0.running.count } }

    /// Runs `body` in a new task (one session), tracked until it returns.
    public func start(_ body: @escaping @Sendable () async -> Void) {
        state.withLock { s in
            let number = s.next
            s.next += 1
            // Created under the lock, so the task's own `ended` (which takes the lock) finds its entry.
            let task = Task {
                await body()
                self.ended(number)
            }
            if s.cancelled { task.cancel() }
            s.running[number] = task
        }
    }

    /// Returns once no session is running (at once if none is).
    public func allEnded() async {
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            state.withLock { s in
                if s.running.isEmpty {
                    continuation.resume()
                } else {
                    s.waiting.append(continuation)
                }
            }
        }
    }

    /// Cancels every running session and any started from now on.
    public func cancelAll() {
        let tasks = state.withLock { s in
            s.cancelled = true
            return Array(s.running.values)
        }
        for task in tasks { task.cancel() }
    }

    private func ended(_ number: Int) {
        let waiting = state.withLock { s -> [CheckedContinuation<Void, Never>] in
            s.running[number] = nil
            guard s.running.isEmpty else { return [] }
            defer { s.waiting = [] }
            return s.waiting
        }
        for continuation in waiting { continuation.resume() }
    }
}

extension Hub {
    /// Serves every connection of `connections`, each in its own task (``serve(_:)``), until the
    /// stream finishes and every session has ended.
    ///
    /// Cancelling the caller cancels every session. A graceful shutdown finishes the stream and
    /// closes the connections (``ServerTransport``'s shutdown); this returns once each session
    /// has handled its close.
    ///
    /// ```swift
    /// let serving = Task { await hub.serve(connections: server.connections) }
    /// ```
    public nonisolated func serve(connections: AsyncStream<Connection>) async {
        let sessions = SessionTasks()
        await withTaskCancellationHandler {
            for await connection in connections {
                sessions.start { await self.serve(connection) }
            }
            await sessions.allEnded()
        } onCancel: {
            sessions.cancelAll()
        }
    }
}
