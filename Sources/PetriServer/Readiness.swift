import PetriHub
import Synchronization

/// Whether the server can take writes, as `/readyz` reports it.
///
/// The HTTP handler runs on the transport's service thread and must not wait for the
/// database, so a background task probes storage every `interval` and this holds the answer.
/// A probe can pass while the disk is full (it writes nothing), so the lessons' own writes
/// count too: the first failed write makes it not ready until a write succeeds again.
public final class Readiness: Sendable {
    private let ready = Atomic<Bool>(false)
    private let writeFailed = Atomic<Bool>(false)

    public init() {}

    public var isReady: Bool { ready.load(ordering: .relaxed) && !writeFailed.load(ordering: .relaxed) }

    /// Records whether a lesson's write to storage succeeded (called by the hub after each write).
    public func storageWrote(_ succeeded: Bool) { writeFailed.store(!succeeded, ordering: .relaxed) }

    /// Probes `storage` now and then every `interval` until the task is cancelled.
    public func watch(_ storage: any LessonStorage, every interval: Duration = .seconds(2)) async {
        while !Task.isCancelled {
            ready.store(await storage.isWritable(), ordering: .relaxed)
            try? await Task.sleep(for: interval)
        }
    }

    /// Sets the state directly (tests; and "not ready" while shutting down).
    public func set(_ value: Bool) { ready.store(value, ordering: .relaxed) }
}
