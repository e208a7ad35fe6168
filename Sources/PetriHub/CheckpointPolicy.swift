/// How often a lesson saves a durable checkpoint, so that a restart replays only the log after it.
///
/// A checkpoint is the whole lesson (see ``PetriLesson/Lesson/encodeState()``), written beside
/// the log once `everyEntries` entries or `everyGenerations` stepped generations have been
/// stored since the last one, whichever comes first. These are not the in-memory checkpoints
/// that make rewinds fast (``PetriLesson/LessonConfiguration/checkpointInterval``).
public struct CheckpointPolicy: Sendable, Hashable {
    /// Log entries between checkpoints: a restart replays at most about this many.
    public var everyEntries: Int
    /// Generations stepped between checkpoints (one `step` entry can advance up to 100).
    public var everyGenerations: Int
    /// Checkpoints kept per lesson; older ones are deleted as a new one is stored.
    public var keep: Int

    /// - Parameters:
    ///   - everyEntries: Entries between checkpoints (at least 1).
    ///   - everyGenerations: Generations stepped between checkpoints (at least 1).
    ///   - keep: Checkpoints kept per lesson (at least 1).
    public init(everyEntries: Int = 5_000, everyGenerations: Int = 1_000, keep: Int = 1) {
        self.everyEntries = max(1, everyEntries)
        self.everyGenerations = max(1, everyGenerations)
        self.keep = max(1, keep)
    }
}
