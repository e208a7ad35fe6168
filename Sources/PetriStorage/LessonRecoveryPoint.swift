import PetriLesson

/// Where a restart picks a lesson up: its newest durable checkpoint and the log entries after it.
package struct LessonRecoveryPoint: Sendable, Hashable {
    /// The newest checkpoint; nil if the lesson has none (replay the whole log from its definition).
    package var checkpoint: LessonCheckpoint?
    /// The entries after the checkpoint's (all of them without one), in order.
    package var entries: [LessonLogEntry]

    package init(checkpoint: LessonCheckpoint?, entries: [LessonLogEntry]) {
        self.checkpoint = checkpoint
        self.entries = entries
    }
}
