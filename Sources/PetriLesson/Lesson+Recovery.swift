import PetriProtocol
import PetriSimulation

/// Where a restart's replay of a lesson's log stopped, because an entry no longer applied.
package struct ReplayStop: Sendable, Hashable {
    /// The entry that did not apply.
    package var entry: Int
    /// The last entry that did: the lesson stands as it was after it.
    package var lastGood: Int
    /// The lesson's generation after the last good entry.
    package var generation: Int
    /// Why the entry did not apply, as a sentence.
    package var reason: String

    package init(entry: Int, lastGood: Int, generation: Int, reason: String) {
        self.entry = entry
        self.lastGood = lastGood
        self.generation = generation
        self.reason = reason
    }
}

/// Rebuilding a lesson whose log has an entry that no longer applies (written by an older
/// build that accepted what this one refuses, or damaged): the lesson stops at the last good
/// entry instead of not restoring at all, so the teacher can go on from there.
extension Lesson {
    /// Like ``rebuild(definition:teacherToken:configuration:log:source:)``, but stops at the first entry
    /// that does not apply and says where.
    ///
    /// - Throws: only when the definition itself cannot be used.
    package static func rebuildToLastGoodEntry(
        definition: LessonDefinition, teacherToken: AccessToken, configuration: LessonConfiguration,
        log: [LessonLogEntry], source: Model.Source
    ) throws(ProtocolError) -> (Lesson, ReplayStop?) {
        var lesson = try Lesson(
            definition: definition, teacherToken: teacherToken, configuration: configuration, source: source)
        let stop = lesson.replayToLastGoodEntry(log)
        return (lesson, stop)
    }

    /// Like ``rebuild(checkpoint:teacherToken:configuration:log:source:)``, but stops at the first entry
    /// that does not apply and says where.
    ///
    /// - Throws: `invalid-definition` when the checkpoint does not restore (rebuild from the whole log instead).
    package static func rebuildToLastGoodEntry(
        checkpoint: LessonCheckpoint, teacherToken: AccessToken, configuration: LessonConfiguration,
        log: [LessonLogEntry], source: Model.Source
    ) throws(ProtocolError) -> (Lesson, ReplayStop?) {
        var lesson = try Lesson(
            restoring: checkpoint, teacherToken: teacherToken, configuration: configuration, source: source)
        let stop = lesson.replayToLastGoodEntry(log)
        return (lesson, stop)
    }

    /// Leaves log entries up to `sequence` behind unreplayed: the next entry this lesson writes is
    /// `sequence + 1`, after the stored ones it skipped (which stay in the log, unread).
    ///
    /// - Parameter sequence: The last entry stored in the log; never less than the lesson's own.
    package mutating func skipLogEntries(through sequence: Int) {
        logSequence = max(logSequence, sequence)
    }

    private mutating func replayToLastGoodEntry(_ log: [LessonLogEntry]) -> ReplayStop? {
        var stop: ReplayStop?
        for entry in log {
            guard entry.sequence == logSequence + 1 else {
                stop = ReplayStop(
                    entry: entry.sequence, lastGood: logSequence, generation: run.generation,
                    reason: "the log skips from entry \(logSequence) to \(entry.sequence)")
                break
            }
            if let error = handle(entry.command, from: entry.actor, at: entry.time).rejection {
                stop = ReplayStop(
                    entry: entry.sequence, lastGood: logSequence, generation: run.generation, reason: error.message)
                break
            }
        }
        markEveryoneOffline()
        return stop
    }
}
