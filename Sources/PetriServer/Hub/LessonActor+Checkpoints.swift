import Logging
import PetriLesson
import PetriProtocol
import PetriSimulation

/// When a lesson last saved a durable checkpoint, and how much it has done since.
struct CheckpointSchedule: Sendable {
    let policy: CheckpointPolicy
    /// The log entry of the newest checkpoint stored or being stored.
    private(set) var sequence: Int
    /// Generations stepped in the entries stored since (rewinds count nothing).
    private(set) var stepped = 0
    /// The generation after the last stored entry.
    private var generation: Int
    /// The checkpoint being encoded and stored, if any; at most one at a time.
    var saving: Task<Void, Never>?

    /// - Parameters:
    ///   - policy: How often to save one.
    ///   - checkpoint: The log entry and generation of the lesson's newest durable checkpoint;
    ///     (0, 0) for none (a restart would replay from its definition at generation 0).
    ///   - generation: The lesson's generation now.
    init(policy: CheckpointPolicy, checkpoint: (sequence: Int, generation: Int), generation: Int) {
        self.policy = policy
        sequence = checkpoint.sequence
        // An imported lesson starts far from generation 0: a restart would step all the way.
        stepped = max(0, generation - checkpoint.generation)
        self.generation = generation
    }

    /// Counts the generations that stored entries stepped.
    mutating func stored(_ entries: [StoredEntry]) {
        for entry in entries {
            stepped += max(0, entry.generation - generation)
            generation = entry.generation
        }
    }

    /// Whether a lesson whose log ends at `last` should save one now.
    func isDue(at last: Int) -> Bool {
        guard saving == nil, last > sequence else { return false }
        return last - sequence >= policy.everyEntries || stepped >= policy.everyGenerations
    }

    /// A checkpoint at `last` is on its way.
    mutating func started(at last: Int) {
        sequence = last
        stepped = 0
    }
}

extension LessonActor {
    /// Saves a durable checkpoint if enough has been stored since the last one.
    ///
    /// Call it after `entries` are stored, and before the lesson changes again: the checkpoint
    /// is the lesson exactly as of its last stored entry. Copying the lesson is cheap (its
    /// arrays and models share storage until changed); the encoding, which for a large board
    /// takes milliseconds, and the write happen in a task of their own, so the class is not
    /// kept waiting. Storage runs writes in order, so the checkpoint lands after its entries.
    /// A failed write is logged and tried again after another interval: the log still has
    /// everything.
    func checkpointIfDue(after entries: [StoredEntry]) {
        checkpoints.stored(entries)
        let last = lesson.lastLogSequence
        guard !stopped, checkpoints.isDue(at: last) else { return }
        checkpoints.started(at: last)
        let saved = lesson
        let (storage, clock, metrics, logger) = (services.storage, services.clock, services.metrics, logger)
        let (id, keep) = (record.id, checkpoints.policy.keep)
        checkpoints.saving = Task.detached(priority: .utility) {
            let started = ContinuousClock.now
            let checkpoint = saved.checkpoint()
            let encoded = started.duration(to: .now)
            do {
                try await storage.saveCheckpoint(checkpoint, ofLesson: id, at: clock.now(), keeping: keep)
                metrics.checkpointStored(bytes: checkpoint.state.count, encodeSeconds: encoded)
                logger.debug(
                    "Checkpoint stored",
                    metadata: [
                        "entry": "\(checkpoint.sequence)", "generation": "\(checkpoint.generation)",
                        "bytes": "\(checkpoint.state.count)", "encodeMs": "\(encoded.milliseconds)",
                    ])
            } catch {
                logger.warning(
                    "Could not store a checkpoint; a restart replays more of the log",
                    metadata: ["entry": "\(checkpoint.sequence)", "error": "\(error)"])
            }
            await self.checkpointFinished()
        }
    }

    private func checkpointFinished() {
        checkpoints.saving = nil
    }

    func shutDown() async {
        stop()
        await checkpoints.saving?.value
    }
}

extension Duration {
    /// Whole and fractional milliseconds, for logs.
    var milliseconds: Double {
        let (seconds, attoseconds) = components
        return Double(seconds) * 1000 + Double(attoseconds) / 1e15
    }
}
