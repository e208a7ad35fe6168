import PetriTransport
import Synchronization

/// The sessions a hub is serving, and a way to wait for all of them to end.
///
/// A session owns no task while its connection is idle (``ConnectionEvents/handle(state:with:ended:)``),
/// so what is tracked is each connection's events, under its id: a session's end costs the same
/// however many are open (a class leaving at once ends thousands), and cancelling reaches every
/// event handler, including one handling an event right now.
///
/// Thread-safe: every method may be called from any task.
final class OpenSessions: Sendable {
    private struct State {
        var open: [ConnectionID: ConnectionEvents] = [:]
        /// Callers of ``allEnded()`` waiting for ``open`` to empty.
        var waiting: [CheckedContinuation<Void, Never>] = []
        /// Set by ``cancelAll()``: sessions opened later are cancelled at once.
        var cancelled = false
    }

    private let state = Mutex(State())

    init() {}

    /// How many sessions have not ended yet.
    var count: Int { state.withLock { $0.open.count } }

    /// Tracks a connection's session until ``ended(_:)``; cancels its events when ``cancelAll()``
    /// came first (its handler then ends as soon as it is installed).
    func opened(_ connection: Connection) {
        let cancelled = state.withLock { s in
            s.open[connection.id] = connection.events
            return s.cancelled
        }
        if cancelled { connection.events.cancel() }
    }

    /// The session of connection `id` has ended: its handler has handled its last event.
    func ended(_ id: ConnectionID) {
        let waiting = state.withLock { s -> [CheckedContinuation<Void, Never>] in
            s.open[id] = nil
            guard s.open.isEmpty else { return [] }
            defer { s.waiting = [] }
            return s.waiting
        }
        for continuation in waiting { continuation.resume() }
    }

    /// Returns once no session is open (at once if none is).
    func allEnded() async {
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            let now = state.withLock { s in
                guard !s.open.isEmpty else { return true }
                s.waiting.append(continuation)
                return false
            }
            if now { continuation.resume() }
        }
    }

    /// Cancels every open session (the event being handled, if any, then the session ends) and
    /// any opened from now on.
    func cancelAll() {
        let open = state.withLock { s in
            s.cancelled = true
            return Array(s.open.values)
        }
        for events in open { events.cancel() }
    }
}

extension Hub {
    /// Serves every connection of `connections` (``startSession(_:ended:)``) until the stream
    /// finishes and every session has ended.
    ///
    /// No task is kept per connection: each session's events are handled by a short task that
    /// runs only while its connection has something to handle. Cancelling the caller cancels
    /// every session. A graceful shutdown finishes the stream and closes the connections
    /// (``ServerTransport``'s shutdown); this returns once each session has handled its close.
    ///
    /// ```swift
    /// let serving = Task { await hub.serve(connections: server.connections) }
    /// ```
    package nonisolated func serve(connections: AsyncStream<Connection>) async {
        let sessions = OpenSessions()
        await withTaskCancellationHandler {
            for await connection in connections {
                sessions.opened(connection)
                startSession(connection) { [id = connection.id] in sessions.ended(id) }
            }
            await sessions.allEnded()
        } onCancel: {
            sessions.cancelAll()
        }
    }
}
