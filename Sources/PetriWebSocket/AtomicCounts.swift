import PetriTransport
import Synchronization

/// Counters written by the service thread and read from anywhere.
final class AtomicCounts: Sendable {
    let open = Atomic<Int>(0)
    let accepted = Atomic<Int>(0)
    let closed = Atomic<Int>(0)
    let messagesIn = Atomic<Int>(0)
    let bytesIn = Atomic<Int>(0)
    let messagesOut = Atomic<Int>(0)
    let bytesOut = Atomic<Int>(0)
    let coalesced = Atomic<Int>(0)
    let slowClosed = Atomic<Int>(0)
    let refused = Atomic<Int>(0)
    let badInput = Atomic<Int>(0)
    /// Live: changed by every message queued, written or dropped (service thread only writes it).
    let queuedBytes = Atomic<Int>(0)
    let largestQueueBytes = Atomic<Int>(0)

    var snapshot: TransportCounts {
        var c = TransportCounts()
        c.open = open.load(ordering: .relaxed)
        c.accepted = accepted.load(ordering: .relaxed)
        c.closed = closed.load(ordering: .relaxed)
        c.messagesIn = messagesIn.load(ordering: .relaxed)
        c.bytesIn = bytesIn.load(ordering: .relaxed)
        c.messagesOut = messagesOut.load(ordering: .relaxed)
        c.bytesOut = bytesOut.load(ordering: .relaxed)
        c.coalesced = coalesced.load(ordering: .relaxed)
        c.slowClosed = slowClosed.load(ordering: .relaxed)
        c.refused = refused.load(ordering: .relaxed)
        c.badInput = badInput.load(ordering: .relaxed)
        c.queuedBytes = queuedBytes.load(ordering: .relaxed)
        c.largestQueueBytes = largestQueueBytes.load(ordering: .relaxed)
        return c
    }
}

extension Atomic where Value == Int {
    func increment(by n: Int = 1) { wrappingAdd(n, ordering: .relaxed) }
    func decrement() { wrappingSubtract(1, ordering: .relaxed) }
}
