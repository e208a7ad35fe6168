import PetriProtocol
import PetriSimulation
import PetriWords

/// Rewind, checkpoint and restore.
///
/// Jumping back changes what happened after the jump point, so questions are settled by one
/// rule: a question still waiting for its outcome survives only if it was asked on the part
/// of history that is kept (rewind: asked at or before the target generation; restore: asked
/// before the checkpoint was saved). Others are cancelled with a message and score nothing.
/// Resolved questions keep their scores, and a locked question never reopens, since the class
/// has seen generations past the one it was asked at. Auto-run pauses.
extension Lesson {
    /// The teacher goes back `count` generations, exactly (checkpoint + replay of the action log).
    mutating func rewind(count: Int) throws(ProtocolError) -> [Effect] {
        try checkNoHunt()
        guard run.generation > 0 else {
            throw ProtocolError(.outOfRange, LessonWords.word("lesson.rewind.atStart"))
        }
        guard (1...run.generation).contains(count) else {
            throw ProtocolError(
                .outOfRange,
                LessonWords.word(
                    "lesson.rewind.outOfRange", ["generation": .int(run.generation), "count": .int(count)]))
        }
        let target = run.generation - count
        var effects: [Effect] = []
        stopRunning(into: &effects)
        cancelUnresolved(
            where: { $0.askedAt > target },
            reason: LessonWords.word("lesson.cancelled.rewound", ["generation": .int(target)]),
            into: &effects)
        run.rewind(to: target)
        // A round hunted at the target or later went with the steps undone (its population is no longer the
        // lesson's), so its record goes too: the report tells what the population on the screen went through.
        huntRecords.removeAll { $0.generation >= target }
        timeline += 1
        effects += [
            .broadcast(.rewound(position)),
            .broadcast(.stats(timeline: timeline, stats: run.history[target])),
            .broadcastSnapshot(snapshotHeader, run.model.snapshot()),
        ]
        return effects
    }

    /// The teacher saves the current state as the checkpoint (replacing any earlier one).
    mutating func saveCheckpoint() -> [Effect] {
        savedCheckpoint = SavedCheckpoint(run: run, nextQuestion: questions.count + 1, huntRecords: huntRecords)
        return [.reply(.checkpointSaved(generation: run.generation))]
    }

    /// The teacher goes back to the checkpoint; clients get the history from where it differs.
    mutating func restoreCheckpoint() throws(ProtocolError) -> [Effect] {
        try checkNoHunt()
        guard let saved = savedCheckpoint else {
            throw ProtocolError(.noCheckpoint, LessonWords.word("lesson.restore.none"))
        }
        var effects: [Effect] = []
        stopRunning(into: &effects)
        cancelUnresolved(
            where: { $0.id.rawValue >= saved.nextQuestion },
            reason: LessonWords.word("lesson.cancelled.restored"),
            into: &effects)
        let shared = min(run.history.count, saved.run.history.count)
        let divergence = (0..<shared).first { run.history[$0] != saved.run.history[$0] } ?? shared
        run = saved.run
        huntRecords = saved.huntRecords
        timeline += 1
        effects.append(.broadcast(.restored(position)))
        effects += historyPages(from: min(divergence, run.generation)).map { .broadcast(.history($0)) }
        effects.append(.broadcastSnapshot(snapshotHeader, run.model.snapshot()))
        return effects
    }

    /// Cancels every open or locked question that matches.
    mutating func cancelUnresolved(where matches: (Question) -> Bool, reason: Word, into effects: inout [Effect]) {
        for index in questions.indices where questions[index].isUnresolved && matches(questions[index]) {
            if questions[index].state == .open, questions[index].deadline != nil {
                effects.append(.cancelDeadline(questions[index].id))
            }
            questions[index].state = .cancelled
            effects.append(.broadcast(.questionCancelled(question: questions[index].id, reason: Sentence(reason))))
        }
    }
}
