import PetriProtocol
import PetriSimulation
import PetriWords

extension Lesson {
    /// The teacher ends the lesson: timers stop, unresolved questions are cancelled, everyone
    /// gets the final leaderboard and each student a closing message that depends on their score.
    ///
    /// The server closes every connection (``LessonCloseCode/lessonEnded``) once these are sent, so
    /// from here on nobody is online (until someone comes back to look): a teacher or projector
    /// attaching afterwards is told so. An ended lesson still lets people in to look, and still exports.
    mutating func end() -> [Effect] {
        var effects: [Effect] = []
        stopRunning(into: &effects)
        if hunt != nil {
            hunt = nil
            effects.append(.cancelHuntEnd)
        }
        cancelUnresolved(
            where: { _ in true }, reason: LessonWords.word("lesson.cancelled.ended"), into: &effects)
        isEnded = true
        let ranking = Ranking(roster.students)
        let scored = questions.filter { $0.state == .resolved }
        effects.append(
            .broadcast(
                .lessonEnded(
                    LessonSummary(
                        leaderboard: publicBoard(ranking.board(top: configuration.options.leaderboardSize)),
                        questions: scored.count)
                )))
        for student in roster.students where student.isOnline && !student.isKicked {
            guard let closing = closing(for: student, ranking: ranking, scored: scored) else { continue }
            effects.append(.send(.closing(closing), to: .student(student.id)))
        }
        effects.append(.send(.leaderboard(ranking.board(top: ranking.entries.count)), to: .teacher))
        roster.markAllDisconnected()
        return effects
    }

    /// A student's closing result: score, what was possible, rank and a sentence. Sent at the
    /// end and again to a student who resumes an ended lesson.
    func closing(for student: Student, ranking: Ranking? = nil, scored: [Question]? = nil) -> Closing? {
        let ranking = ranking ?? Ranking(roster.students)
        let scored = scored ?? questions.filter { $0.state == .resolved }
        guard let standing = ranking.entry(for: student.id) else { return nil }
        let possible = Scoring.maxPoints * scored.filter { $0.couldBeAnswered(by: student) }.count
        return Closing(
            score: student.score, possible: possible, rank: standing.rank,
            message: ClosingMessage.message(score: student.score, possible: possible))
    }
}

/// A student's result as the lesson stands (at its end, their closing result), for a school's gradebook.
package struct StudentResult: Sendable, Hashable {
    /// The resume token the lesson holds for them (``TokenForm``'s held form).
    package var token: AccessToken
    package var name: String
    package var score: Int
    /// 1000 per scored question they could answer (joined before it locked): bonuses may take the score past it.
    package var possible: Int
    package var rank: Int
    /// Students ranked (everyone not removed).
    package var ranked: Int
}

extension Lesson {
    /// Every ranked student's result (removed students have none).
    package func studentResults() -> [StudentResult] {
        let ranking = Ranking(roster.students)
        let scored = questions.filter { $0.state == .resolved }
        return roster.students.compactMap { student in
            guard let closing = closing(for: student, ranking: ranking, scored: scored) else { return nil }
            return StudentResult(
                token: student.token, name: student.name, score: closing.score, possible: closing.possible,
                rank: closing.rank, ranked: ranking.entries.count)
        }
    }
}
