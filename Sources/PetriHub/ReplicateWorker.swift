import Foundation
import PetriLesson
import PetriSimulation
import Synchronization

/// Says a running request of replicates should stop; checked by its threads before every generation.
package final class ReplicateCancellation: Sendable {
    private let flag = Atomic<Bool>(false)

    package init() {}

    func cancel() { flag.store(true, ordering: .relaxed) }

    var isCancelled: Bool { flag.load(ordering: .relaxed) }
}

/// What a running request of replicates reports, for tests and benchmarks that watch it.
package enum ReplicateProgress: Sendable, Hashable {
    /// `done` of `total` replicate-generations have been stepped.
    case stepped(done: Int, total: Int)
    /// Every replicate ran.
    case finished
    /// It stopped early: cancelled, superseded, or its lesson rewound, restored or ended.
    case cancelled
}

/// Runs replicates on threads of their own, never on Swift's cooperative pool.
///
/// A request is up to 200 × 200 generations of a whole population: seconds of CPU. On the cooperative
/// pool (one thread per core) it would hold a thread that lesson actors need, so a generation could wait
/// for it. Dedicated threads leave the pool to the lessons; the kernel shares the cores between them.
/// The indices are split into contiguous ranges, one per thread; each replicate depends only on its
/// seed, so the result is the same whatever the number of threads.
package enum ReplicateWorker {
    /// The default number of threads per request: all cores but one, which stays for the lessons.
    static var defaultThreads: Int { max(1, ProcessInfo.processInfo.activeProcessorCount - 1) }

    /// Starts `job` on `threads` threads and returns at once.
    ///
    /// - Parameters:
    ///   - finished: Called once, on one of the worker threads: the traces in index order, or nil when
    ///     `cancellation` stopped the work.
    ///   - progress: Told of every generation stepped and of the end (tests watch it).
    static func start<Model: SteppingModel>(
        _ job: ReplicateJob<Model>, threads: Int, cancellation: ReplicateCancellation,
        progress: (@Sendable (ReplicateProgress) -> Void)? = nil,
        finished: @escaping @Sendable ([ReplicateTrace]?) -> Void
    ) {
        let parts = split(job.count, into: max(1, threads))
        let collected = Collected(parts: parts.count)
        let total = job.count * job.horizon
        for (slot, range) in parts.enumerated() {
            let thread = Thread {
                let traces = job.run(
                    indices: range, shouldStop: { cancellation.isCancelled },
                    stepped: {
                        guard let progress else { return }
                        let now = collected.stepped()
                        progress(.stepped(done: now, total: total))
                    })
                guard let all = collected.deliver(traces, slot: slot) else { return }
                let result = all.contains(nil) || cancellation.isCancelled ? nil : all.flatMap { $0 ?? [] }
                progress?(result == nil ? .cancelled : .finished)
                finished(result)
            }
            thread.name = "petri-replicates"
            thread.start()
        }
    }

    /// Runs `job` on `threads` threads and waits for it (for benchmarks and tests).
    package static func run<Model: SteppingModel>(
        _ job: ReplicateJob<Model>, threads: Int, cancellation: ReplicateCancellation = ReplicateCancellation()
    ) async -> [ReplicateTrace]? {
        await withCheckedContinuation { continuation in
            start(job, threads: threads, cancellation: cancellation) { continuation.resume(returning: $0) }
        }
    }

    /// `count` indices in at most `parts` contiguous, non-empty ranges of near-equal size.
    static func split(_ count: Int, into parts: Int) -> [Range<Int>] {
        let n = min(parts, max(count, 1))
        return (0..<n).map { i in (count * i / n)..<(count * (i + 1) / n) }
    }

    /// Each thread's traces, until the last one arrives.
    private final class Collected: Sendable {
        private let slots: Mutex<(results: [[ReplicateTrace]?], waiting: Int)>
        private let steps = Atomic<Int>(0)

        /// Counts one generation stepped by any thread; returns the count so far.
        func stepped() -> Int { steps.add(1, ordering: .relaxed).newValue }

        init(parts: Int) { slots = Mutex((Array(repeating: nil, count: parts), parts)) }

        /// Stores one thread's result; the last thread gets every result (nil entries: cancelled).
        func deliver(_ traces: [ReplicateTrace]?, slot: Int) -> [[ReplicateTrace]?]? {
            slots.withLock { state in
                state.results[slot] = traces
                state.waiting -= 1
                return state.waiting == 0 ? state.results : nil
            }
        }
    }
}
