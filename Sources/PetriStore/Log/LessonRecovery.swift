/// What it takes to rebuild one lesson after a restart, read from one consistent snapshot.
///
/// Restore ``checkpoint`` (or start from the lesson's definition when there is none), apply
/// ``entries`` in order, and the lesson is back at the generation and state hash it had.
package struct LessonRecovery: Sendable, Hashable {
    /// The lesson.
    var lesson: StoredLesson
    /// Its newest checkpoint; nil if it has none.
    package var checkpoint: StoredCheckpoint?
    /// The log entries after the checkpoint (all of them without one), in order.
    var entries: [StoredLogEntry]

    package init(lesson: StoredLesson, checkpoint: StoredCheckpoint?, entries: [StoredLogEntry]) {
        self.lesson = lesson
        self.checkpoint = checkpoint
        self.entries = entries
    }
}
