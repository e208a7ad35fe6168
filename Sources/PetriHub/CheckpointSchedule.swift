import PetriStorage

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
    /// The size of the newest checkpoint encoded (0 before the first since the lesson started).
    private(set) var lastBytes = 0

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
    mutating func stored(_ entries: [LogEntryToStore]) {
        for entry in entries {
            stepped += max(0, entry.generation - generation)
            generation = entry.generation
        }
    }

    /// Whether a lesson whose log ends at `last` should save one now.
    func isDue(at last: Int) -> Bool {
        guard saving == nil, last > sequence else { return false }
        // Entries replay in microseconds, so many may wait for a large checkpoint; stepped
        // generations cost stepping them again, so their bound stands whatever the size.
        let entries = max(policy.everyEntries, lastBytes / policy.bytesPerEntry)
        return last - sequence >= entries || stepped >= policy.everyGenerations
    }

    /// A checkpoint at `last` is on its way.
    mutating func started(at last: Int) {
        sequence = last
        stepped = 0
    }

    /// The checkpoint on its way was encoded into `bytes` (stored or not: its cost was paid).
    mutating func finished(bytes: Int) {
        saving = nil
        lastBytes = bytes
    }
}
