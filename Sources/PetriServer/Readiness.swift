import PetriHub
import PetriStorage
import Synchronization

/// Whether the server can take writes, as `/readyz` reports it.
///
/// The HTTP handler runs on the transport's service thread and must not wait for the
/// database, so a background task probes storage every `interval` and this holds the answer.
/// A lesson's failed write makes it not ready at once (the probe may not have run yet), until a
/// later write succeeds: a lesson's, or the probe's own, which writes to the store too. So
/// readiness comes back as soon as the store takes writes again (disk space freed), even when
/// no lesson is writing any more.
final class Readiness: Sendable {
    private let ready = Atomic<Bool>(false)
    /// Lessons' failed writes so far, and how many of them a later successful write has answered.
    private let failedWrites = Atomic<Int>(0)
    private let answeredFailures = Atomic<Int>(0)

    init() {}

    var isReady: Bool {
        ready.load(ordering: .relaxed)
            && answeredFailures.load(ordering: .relaxed) >= failedWrites.load(ordering: .relaxed)
    }

    /// Records whether a lesson's write to storage succeeded (called by the hub after each write).
    func storageWrote(_ succeeded: Bool) {
        if succeeded {
            answered(upTo: failedWrites.load(ordering: .relaxed))
        } else {
            failedWrites.add(1, ordering: .relaxed)
        }
    }

    /// Probes `storage` now and then every `interval` until the task is cancelled.
    func watch(_ storage: any LessonStorage, every interval: Duration = .seconds(2)) async {
        while !Task.isCancelled {
            await probe(storage)
            try? await Task.sleep(for: interval)
        }
    }

    /// Probes `storage` once: a probe that passes answers the failed writes made before it began.
    func probe(_ storage: any LessonStorage) async {
        let failuresBefore = failedWrites.load(ordering: .relaxed)
        let writable = await storage.isWritable()
        ready.store(writable, ordering: .relaxed)
        if writable { answered(upTo: failuresBefore) }
    }

    /// Sets the state directly (tests; and "not ready" while shutting down).
    func set(_ value: Bool) { ready.store(value, ordering: .relaxed) }

    private func answered(upTo count: Int) {
        var current = answeredFailures.load(ordering: .relaxed)
        while current < count {
            let (exchanged, original) = answeredFailures.compareExchange(
                expected: current, desired: count, ordering: .relaxed)
            if exchanged { return }
            current = original
        }
    }
}
