import PetriProtocol
import PetriSimulation

// Erasing a student (the teacher's `eraseStudent`): what a lesson forgets of them, and what it keeps.
//
// Gone: their name (the roster slot keeps only its number), the reasons they typed, their line in the
// roster, the leaderboard, the report and the results CSV, and their resume token's use (they are
// removed for good, as by `kick`). Kept, nameless: the slot's score and the values of their answers,
// which the class's anonymous statistics go on counting (answer spreads, the class's calibration and expected
// points: `Student.countsInClass`) but no live count of who is here, and the simulation as it was:
// the simulation never depended on who answered, so its state hash does not change. A student the teacher had
// removed before erasing them loses their answers too: a removed student's answers no longer counted, and
// erasing must not bring them back into the counts.
//
// The lesson itself does no I/O: the `eraseStored` effect asks the server to rewrite what storage
// holds (its log and checkpoints replaced by a checkpoint of the erased lesson), once the command's
// entry is stored.
extension Lesson {
    /// Erases a student: see the comment above.
    ///
    /// Erasing a student again changes nothing here and rewrites storage again (after a failed rewrite).
    ///
    /// - Throws: `unknown-student` for an id that names nobody.
    mutating func erase(_ id: StudentID) throws(ProtocolError) -> [Effect] {
        guard let student = roster[id] else {
            throw ProtocolError(
                .unknownStudent, LessonWords.word("lesson.student.unknown", ["student": .int(id.rawValue)]))
        }
        let wasRemoved = student.isKicked
        roster.erase(id)
        for index in questions.indices {
            questions[index].reasons[id] = nil
            if wasRemoved { questions[index].answers[id] = nil }
        }
        var effects: [Effect] = [.eraseStored(id)]
        if student.isOnline { effects.append(.disconnect(id, .kicked)) }
        effects.append(.send(.studentErased(student: id), to: .teacher))
        effects.append(.broadcast(.leaderboard(leaderboard())))
        if configuration.options.leaderboard != .names {
            let ranking = Ranking(roster.students)
            effects.append(.send(.leaderboard(ranking.board(top: ranking.entries.count)), to: .teacher))
        }
        effects.append(classSizeEffect)
        return effects
    }

    /// How many students the teacher erased (the nameless slots the lesson keeps).
    package var erasedCount: Int { roster.students.reduce(0) { $0 + ($1.isErased ? 1 : 0) } }
}
