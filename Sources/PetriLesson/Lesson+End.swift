import PetriProtocol
import PetriSimulation

extension Lesson {
    /// The teacher ends the lesson: timers stop, unresolved questions are cancelled, everyone
    /// gets the final leaderboard and each student a closing message that depends on their score.
    ///
    /// The server may close connections (``LessonCloseCode/lessonEnded``) once these are sent; an
    /// ended lesson still lets people in to look, and still exports.
    mutating func end() -> [Effect] {
        var effects: [Effect] = []
        stopRunning(into: &effects)
        cancelUnresolved(
            where: { _ in true }, reason: "The lesson ended before this question was resolved.", into: &effects)
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
            guard let standing = ranking.entry(for: student.id) else { continue }
            let possible = Scoring.maxPoints * scored.filter { $0.couldBeAnswered(by: student) }.count
            let closing = Closing(
                score: student.score, possible: possible, rank: standing.rank,
                message: ClosingMessage.message(score: student.score, possible: possible))
            effects.append(.send(.closing(closing), to: .student(student.id)))
        }
        effects.append(.send(.leaderboard(ranking.board(top: ranking.entries.count)), to: .teacher))
        return effects
    }
}
