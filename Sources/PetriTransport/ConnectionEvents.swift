import Synchronization

/// One connection's events, in order: read by iterating, or handed to a handler that runs only
/// while there is something to handle.
///
/// An `AsyncStream` needs a task waiting on it for as long as the connection lives, and a task
/// keeps the memory its deepest frames ever needed until it ends: a few KiB for every idle
/// student of a class. A server instead calls ``handle(state:with:ended:)``: when an event
/// arrives and no drain is running, one short task starts, handles the buffered events one by
/// one in order and ends when none is left. An idle connection then costs this object and the
/// handler's state, a few hundred bytes. Clients, tests and the terminal keep iterating:
///
/// ```swift
/// for await event in connection.events { ... }          // one consumer that waits
/// connection.events.handle(state: Session()) { session, event in ... } ended: { ... }
/// ```
///
/// A connection's events have one consumer, either an iterator or a handler, chosen by the first
/// call to ``makeAsyncIterator()`` or ``handle(state:with:ended:)``; events that arrive before it
/// is chosen are kept for it. After ``ConnectionEvent/closed(_:reason:)`` the transport finishes
/// the events: an iterator then returns nil, a handler's `ended` runs and its state is released.
///
/// Thread-safe: the transport yields from its own thread, the consumer reads from any task.
package final class ConnectionEvents: AsyncSequence, Sendable {
    package typealias Element = ConnectionEvent
    package typealias Failure = Never

    private enum Consumer {
        /// Nobody has claimed the events yet: they wait in the buffer.
        case unclaimed
        /// An iterator reads them; `waiting` is its `next()` while the buffer is empty.
        case iterator(waiting: CheckedContinuation<ConnectionEvent?, Never>?)
        /// A handler takes them; `drain` is the task handling them, while one runs.
        case handler(any EventHandler, drain: Task<Void, Never>?)
        /// The consumer has gone (cancelled, or the handler ended): events are dropped.
        case gone
    }

    private struct State {
        var consumer = Consumer.unclaimed
        var buffer = EventBuffer()
        /// The transport said there will be no more events.
        var finished = false

        /// The next event for an iterator, `.wait` when it must wait for one.
        mutating func ready() -> Ready {
            if let event = buffer.popFirst() { return .event(event) }
            if finished { return .end }
            if case .gone = consumer { return .end }
            return .wait
        }
    }

    private let state = Mutex(State())

    /// Events for a transport to produce into (``yield(_:)``, ``finish()``).
    package init() {}

    // MARK: - The transport's side

    /// Delivers one event to the consumer, or keeps it for the consumer in order.
    ///
    /// Ignored after ``finish()`` or once the consumer has gone.
    package func yield(_ event: ConnectionEvent) {
        let waiting = state.withLock { s -> CheckedContinuation<ConnectionEvent?, Never>? in
            guard !s.finished else { return nil }
            switch s.consumer {
            case .gone:
                return nil
            case .iterator(let waiting?):
                s.consumer = .iterator(waiting: nil)
                return waiting
            case .handler(let handler, drain: nil):
                s.buffer.append(event)
                s.consumer = .handler(handler, drain: startDrain(handler))
                return nil
            case .unclaimed, .iterator(waiting: nil), .handler:
                s.buffer.append(event)
                return nil
            }
        }
        waiting?.resume(returning: event)
    }

    /// Ends the events: an iterator returns nil once it has read the buffered ones, a handler
    /// ends once it has handled them. Idempotent.
    package func finish() {
        let (waiting, ended) = state.withLock {
            s -> (CheckedContinuation<ConnectionEvent?, Never>?, (any EventHandler)?) in
            guard !s.finished else { return (nil, nil) }
            s.finished = true
            switch s.consumer {
            case .iterator(let waiting?):
                s.consumer = .iterator(waiting: nil)
                return (waiting, nil)
            case .handler(let handler, drain: nil):
                // No drain running means nothing buffered: a buffered event always has a drain.
                s.consumer = .gone
                return (nil, handler)
            case .unclaimed, .iterator(waiting: nil), .handler, .gone:
                return (nil, nil)
            }
        }
        waiting?.resume(returning: nil)
        ended?.ended()
    }

    // MARK: - A handler

    /// Hands every event, in order, to `body`, each in a short task that runs only while events
    /// are waiting; no task exists while the connection is idle.
    ///
    /// At most one drain runs at a time, so `body` sees the events one after another, each after
    /// the previous call returned, and it alone reads and changes `state`. Events that arrived
    /// before this call are handled first. `ended` runs once, after the last event was handled
    /// (the transport finished the events) or after ``cancel()`` (at once when the events were
    /// cancelled before this call); then `state`, `body` and `ended` are released.
    ///
    /// - Parameters:
    ///   - state: What the handler keeps between events (e.g. a session), passed to `body`.
    ///   - body: Handles one event.
    ///   - ended: Runs when no event will follow.
    /// - Precondition: Nobody has iterated the events or handled them yet.
    package func handle<State: Sendable>(
        state: State, with body: @escaping @Sendable (inout State, ConnectionEvent) async -> Void,
        ended: @escaping @Sendable () -> Void = {}
    ) {
        let handler = Handler(state: state, body: body, ended: ended)
        let endsNow = self.state.withLock { s -> Bool in
            switch s.consumer {
            case .unclaimed: break
            case .gone: return true
            case .iterator, .handler:
                preconditionFailure("A connection's events have one consumer; they are already being read.")
            }
            if !s.buffer.isEmpty {
                s.consumer = .handler(handler, drain: startDrain(handler))
                return false
            }
            if s.finished {
                s.consumer = .gone
                return true
            }
            s.consumer = .handler(handler, drain: nil)
            return false
        }
        if endsNow { handler.ended() }
    }

    /// Stops delivering: buffered and later events are dropped. A handler's running event (if
    /// any) is cancelled and its `ended` runs once that event returns (at once when none runs);
    /// an iterator's `next()` returns nil.
    package func cancel() {
        let (waiting, drain, ended) = state.withLock {
            s -> (CheckedContinuation<ConnectionEvent?, Never>?, Task<Void, Never>?, (any EventHandler)?) in
            let consumer = s.consumer
            s.consumer = .gone
            s.buffer = EventBuffer()
            switch consumer {
            case .iterator(let waiting): return (waiting, nil, nil)
            case .handler(_, let drain?): return (nil, drain, nil)
            case .handler(let handler, drain: nil): return (nil, nil, handler)
            case .unclaimed, .gone: return (nil, nil, nil)
            }
        }
        waiting?.resume(returning: nil)
        drain?.cancel()
        ended?.ended()
    }

    /// Starts the task that handles the buffered events (called under the lock, when none runs).
    private func startDrain(_ handler: any EventHandler) -> Task<Void, Never> {
        Task { await self.drain(handler) }
    }

    private func drain(_ handler: any EventHandler) async {
        while let event = nextForDrain(handler) { await handler.handle(event) }
    }

    /// The next event for the running drain, or nil when it should end: no event is buffered
    /// (decided under the same lock that ``yield(_:)`` takes, so an event arriving now starts a
    /// new drain), the events finished, or the consumer was cancelled.
    private func nextForDrain(_ handler: any EventHandler) -> ConnectionEvent? {
        let (event, ends) = state.withLock { s -> (ConnectionEvent?, Bool) in
            guard case .handler = s.consumer else { return (nil, true) }
            if let event = s.buffer.popFirst() { return (event, false) }
            if s.finished {
                s.consumer = .gone
                return (nil, true)
            }
            s.consumer = .handler(handler, drain: nil)
            return (nil, false)
        }
        if ends { handler.ended() }
        return event
    }

    // MARK: - An iterator

    /// Reads the events in order; `next()` returns nil after the last, or once the reading task
    /// is cancelled (the events are then dropped, as an `AsyncStream`'s are).
    package struct AsyncIterator: AsyncIteratorProtocol {
        fileprivate let events: ConnectionEvents

        package mutating func next() async -> ConnectionEvent? { await events.next() }
    }

    /// - Precondition: No handler takes the events.
    package func makeAsyncIterator() -> AsyncIterator {
        state.withLock { s in
            switch s.consumer {
            case .unclaimed: s.consumer = .iterator(waiting: nil)
            case .iterator, .gone: break
            case .handler: preconditionFailure("A connection's events have one consumer; a handler takes them.")
            }
        }
        return AsyncIterator(events: self)
    }

    private enum Ready {
        case event(ConnectionEvent)
        case end
        case wait
    }

    private func next() async -> ConnectionEvent? {
        switch state.withLock({ $0.ready() }) {
        case .event(let event): return event
        case .end: return nil
        case .wait: break
        }
        return await withTaskCancellationHandler {
            await withCheckedContinuation { (continuation: CheckedContinuation<ConnectionEvent?, Never>) in
                let answer = state.withLock { s -> ConnectionEvent?? in
                    switch s.ready() {
                    case .event(let event): return .some(event)
                    case .end: return .some(nil)
                    case .wait: break
                    }
                    // Checked under the lock: a cancellation before this finds no continuation to resume.
                    if Task.isCancelled {
                        s.consumer = .gone
                        return .some(nil)
                    }
                    if case .iterator(waiting: .some) = s.consumer {
                        preconditionFailure("Two tasks are reading one connection's events at once.")
                    }
                    s.consumer = .iterator(waiting: continuation)
                    return nil
                }
                if let answer { continuation.resume(returning: answer) }
            }
        } onCancel: {
            let waiting = state.withLock { s -> CheckedContinuation<ConnectionEvent?, Never>? in
                guard case .iterator(let waiting) = s.consumer else { return nil }
                s.consumer = .gone
                s.buffer = EventBuffer()
                return waiting
            }
            waiting?.resume(returning: nil)
        }
    }
}

/// What a handler does with each event (``ConnectionEvents/handle(state:with:ended:)``).
private protocol EventHandler: AnyObject, Sendable {
    func handle(_ event: ConnectionEvent) async
    func ended()
}

private final class Handler<State: Sendable>: EventHandler, @unchecked Sendable {
    // @unchecked Sendable: `state` is read and changed only in `handle`, which only a drain
    // calls, and ConnectionEvents runs at most one drain at a time: a drain starts only when the
    // previous one has said, under the events' lock, that it is done, so each drain's calls
    // happen after the previous drain's. The other properties are constants.
    private var state: State
    private let body: @Sendable (inout State, ConnectionEvent) async -> Void
    private let onEnd: @Sendable () -> Void

    init(
        state: State, body: @escaping @Sendable (inout State, ConnectionEvent) async -> Void,
        ended: @escaping @Sendable () -> Void
    ) {
        self.state = state
        self.body = body
        self.onEnd = ended
    }

    func handle(_ event: ConnectionEvent) async { await body(&state, event) }

    func ended() { onEnd() }
}

/// A first-in first-out queue of events; empty, it holds no storage.
private struct EventBuffer {
    private var events: [ConnectionEvent] = []
    /// Where the first event not yet taken is.
    private var head = 0

    var isEmpty: Bool { head == events.count }

    mutating func append(_ event: ConnectionEvent) { events.append(event) }

    mutating func popFirst() -> ConnectionEvent? {
        guard head < events.count else { return nil }
        let event = events[head]
        head += 1
        if head == events.count {
            self = EventBuffer()
        } else if head >= 32, head * 2 >= events.count {
            events.removeFirst(head)
            head = 0
        }
        return event
    }
}
