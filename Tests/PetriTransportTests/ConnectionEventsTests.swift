import Foundation
import Synchronization
import Testing

@testable import PetriTransport

/// A connection's events reach one consumer in order: an iterator that waits, or a handler that
/// runs only while events are waiting, one drain at a time.
@Suite struct ConnectionEventsTests {
    /// What a test handler saw, shared between the handler's drains and the test.
    private final class Record: Sendable {
        private struct State {
            var handled: [Int] = []
            var running = 0
            var mostAtOnce = 0
        }
        private let state = Mutex(State())

        var handled: [Int] { state.withLock { $0.handled } }
        var mostAtOnce: Int { state.withLock { $0.mostAtOnce } }

        func began() {
            state.withLock { s in
                s.running += 1
                s.mostAtOnce = max(s.mostAtOnce, s.running)
            }
        }

        /// Ends one event's handling; returns how many events have been handled.
        func finished(_ number: Int) -> Int {
            state.withLock { s in
                s.running -= 1
                s.handled.append(number)
                return s.handled.count
            }
        }
    }

    /// A numbered event.
    private static func event(_ number: Int) -> ConnectionEvent { .text(TextFrame("\(number)")) }

    private static func number(_ event: ConnectionEvent) -> Int? {
        guard case .text(let frame) = event else { return nil }
        return Int(String(decoding: frame.bytes, as: UTF8.self))
    }

    @Test(.timeLimit(.minutes(1))) func eventsYieldedFromSeveralThreadsAreHandledInOrderOneDrainAtATime() async {
        // Given events handled by a handler that yields in the middle of each event
        let events = ConnectionEvents()
        let record = Record()
        let total = 20_000
        let (allHandled, handledAll) = AsyncStream.makeStream(of: Void.self)
        let (endedStream, ended) = AsyncStream.makeStream(of: Void.self)
        events.handle(state: 0) { count, event in
            record.began()
            await Task.yield()
            count += 1
            if record.finished(Self.number(event) ?? -1) == total {
                handledAll.yield()
                handledAll.finish()
            }
        } ended: {
            ended.finish()
        }
        // When four threads yield events at once, each number taken in the order it is yielded
        let yielded = Mutex<[Int]>([])
        let next = Mutex(0)
        let threads = 4
        let (doneStream, done) = AsyncStream.makeStream(of: Void.self)
        for _ in 0..<threads {
            Thread {
                while true {
                    let taken = next.withLock { n -> Bool in
                        guard n < total else { return false }
                        yielded.withLock { $0.append(n) }
                        events.yield(Self.event(n))
                        n += 1
                        return true
                    }
                    guard taken else { break }
                }
                done.yield()
            }.start()
        }
        var finishedThreads = 0
        for await _ in doneStream {
            finishedThreads += 1
            if finishedThreads == threads { break }
        }
        for await _ in allHandled {}
        events.finish()
        for await _ in endedStream {}
        // Then every event was handled, in the order yielded, and never two at once
        let handled = record.handled
        let order = yielded.withLock { $0 }
        #expect(handled.count == total)
        #expect(order.count == total)
        let firstOutOfOrder = handled.indices.first { $0 < order.count && handled[$0] != order[$0] }
        #expect(firstOutOfOrder == nil, "the first event out of order is the \(firstOutOfOrder ?? 0)th")
        #expect(record.mostAtOnce == 1)
    }

    @Test(.timeLimit(.minutes(1))) func eventsYieldedBeforeTheHandlerAttachesAreHandledFirst() async {
        // Given three events that arrived before anyone consumed them
        let events = ConnectionEvents()
        for n in 1...3 { events.yield(Self.event(n)) }
        // When a handler attaches, and two more events arrive, then the close
        let record = Record()
        let (endedStream, ended) = AsyncStream.makeStream(of: Void.self)
        events.handle(state: ()) { _, event in
            record.began()
            _ = record.finished(Self.number(event) ?? 0)
        } ended: {
            ended.finish()
        }
        for n in 4...5 { events.yield(Self.event(n)) }
        events.yield(.closed(.normal, reason: "bye"))
        events.finish()
        for await _ in endedStream {}
        // Then all of them were handled, in order, the close last
        #expect(record.handled == [1, 2, 3, 4, 5, 0])
    }

    @Test(.timeLimit(.minutes(1))) func anIteratorReadsEveryEventInOrderAndThenTheEnd() async {
        // Given events, some yielded before the iterator exists
        let events = ConnectionEvents()
        events.yield(Self.event(1))
        var iterator = events.makeAsyncIterator()
        #expect(await iterator.next().flatMap(Self.number) == 1)
        // When more arrive while it waits, from another task, and the events finish
        let producer = Task {
            for n in 2...100 { events.yield(Self.event(n)) }
            events.yield(.closed(.goingAway, reason: "shutdown"))
            events.finish()
        }
        var read: [Int] = []
        var last: ConnectionEvent?
        while let event = await iterator.next() {
            if let n = Self.number(event) { read.append(n) } else { last = event }
        }
        await producer.value
        // Then it read every one in order, the close last, and then nil for good
        #expect(read == Array(2...100))
        #expect(last == .closed(.goingAway, reason: "shutdown"))
        #expect(await iterator.next() == nil)
    }

    @Test(.timeLimit(.minutes(1))) func forAwaitStillReadsAConnectionsEvents() async {
        // Given events finished after two messages
        let events = ConnectionEvents()
        events.yield(.text(TextFrame("a")))
        events.yield(.binary([1]))
        events.finish()
        // When read with for-await
        var read: [ConnectionEvent] = []
        for await event in events { read.append(event) }
        // Then both arrive, in order
        #expect(read == [.text(TextFrame("a")), .binary([1])])
    }

    @Test(.timeLimit(.minutes(1))) func cancellingTheReadingTaskEndsItsIteration() async {
        // Given a task waiting for an event that never comes
        let events = ConnectionEvents()
        let (startedStream, started) = AsyncStream.makeStream(of: Void.self)
        let reader = Task {
            var iterator = events.makeAsyncIterator()
            started.finish()
            return await iterator.next()
        }
        for await _ in startedStream {}
        // When the task is cancelled
        reader.cancel()
        // Then its wait ends with nil, and later events are dropped
        #expect(await reader.value == nil)
        events.yield(Self.event(1))
        var iterator = events.makeAsyncIterator()
        #expect(await iterator.next() == nil)
    }

    /// Something a handler's state holds, which says when it is freed.
    private final class Tracked: Sendable {
        let freed: AsyncStream<Void>.Continuation
        init(_ freed: AsyncStream<Void>.Continuation) { self.freed = freed }
        deinit { freed.finish() }
    }

    @Test(.timeLimit(.minutes(1))) func aFinishedConnectionsHandlerAndStateAreFreed() async {
        // Given a handler whose state holds an object, and whose closure refers to the events
        // themselves (as a server's session refers to what serves it)
        let events = ConnectionEvents()
        let (freedStream, freed) = AsyncStream.makeStream(of: Void.self)
        events.handle(state: Tracked(freed)) { [events] _, _ in _ = events }
        // When the connection closes and its events finish
        events.yield(.closed(.normal, reason: ""))
        events.finish()
        // Then the state is freed: nothing keeps the handler once the events have ended
        for await _ in freedStream {}
    }

    @Test(.timeLimit(.minutes(1))) func cancellingAHandlerWhileItHandlesAnEventEndsItOnceTheEventReturns() async {
        // Given a handler busy with an event that waits until its task is cancelled
        let events = ConnectionEvents()
        let (busyStream, busy) = AsyncStream.makeStream(of: Void.self)
        let (endedStream, ended) = AsyncStream.makeStream(of: Void.self)
        let handled = Mutex(0)
        events.handle(state: ()) { _, _ in
            handled.withLock { $0 += 1 }
            let (never, _) = AsyncStream.makeStream(of: Void.self)
            busy.finish()
            for await _ in never {}
        } ended: {
            ended.finish()
        }
        events.yield(Self.event(1))
        events.yield(Self.event(2))
        for await _ in busyStream {}
        // When the events are cancelled
        events.cancel()
        // Then the running event returns, the handler ends, and the buffered event is dropped
        for await _ in endedStream {}
        #expect(handled.withLock { $0 } == 1)
    }

    @Test(.timeLimit(.minutes(1))) func eventsCancelledBeforeAHandlerAttachesEndItAtOnce() async {
        // Given events cancelled before anyone consumed them
        let events = ConnectionEvents()
        events.yield(Self.event(1))
        events.cancel()
        // When a handler attaches
        let handled = Mutex(0)
        let endedNow = Mutex(false)
        events.handle(state: ()) { _, _ in
            handled.withLock { $0 += 1 }
        } ended: {
            endedNow.withLock { $0 = true }
        }
        // Then it has already ended, having handled nothing
        #expect(endedNow.withLock { $0 })
        #expect(handled.withLock { $0 } == 0)
    }
}
