/// How often a lesson saves a durable checkpoint, so that a restart replays only the log after it.
///
/// A checkpoint is the whole lesson (see ``PetriLesson/Lesson/encodeState()``), written beside
/// the log once `everyEntries` entries or `everyGenerations` stepped generations have been
/// stored since the last one, whichever comes first; the entries' count rises with the last
/// checkpoint's size (`bytesPerEntry`, below). These are not the in-memory checkpoints that make
/// rewinds fast (``PetriLesson/LessonConfiguration/checkpointInterval``).
package struct CheckpointPolicy: Sendable, Hashable {
    /// Log entries between checkpoints: a restart replays at most about this many.
    var everyEntries: Int
    /// Generations stepped between checkpoints (one `step` entry can advance up to 100).
    var everyGenerations: Int
    /// Checkpoints kept per lesson; older ones are deleted as a new one is stored.
    var keep: Int
    /// Checkpoint bytes each log entry pays for: after a checkpoint of B bytes the entries' rule
    /// waits for at least B / bytesPerEntry entries, however small `everyEntries` is (the
    /// generations' rule is unchanged: replaying generations costs stepping them again). A checkpoint is the whole
    /// class (roster, every answer: about 36 bytes per entry in a class of 10,000), so without
    /// this a large class rewrote its whole lesson every `everyEntries` answers and the bytes
    /// written grew with the square of the lesson's length (measured: Sources/petri-bench/PERFORMANCE.md,
    /// "A whole class").
    var bytesPerEntry: Int

    /// - Parameters:
    ///   - everyEntries: Entries between checkpoints (at least 1).
    ///   - everyGenerations: Generations stepped between checkpoints (at least 1).
    ///   - keep: Checkpoints kept per lesson (at least 1).
    ///   - bytesPerEntry: Checkpoint bytes each log entry pays for (at least 1; `Int.max` turns
    ///     the size rule off).
    package init(everyEntries: Int = 5_000, everyGenerations: Int = 1_000, keep: Int = 1, bytesPerEntry: Int = 64) {
        self.everyEntries = max(1, everyEntries)
        self.everyGenerations = max(1, everyGenerations)
        self.keep = max(1, keep)
        self.bytesPerEntry = max(1, bytesPerEntry)
    }
}
