import PetriProtocol

extension Lesson {
    /// The class's leaderboard with the make-up students ranked among the class (what every leaderboard shows in a
    /// lesson whose `makeupRanking` is `withClass`): ordered as the class's is (higher score, then name, then id),
    /// equal scores sharing a rank, the make-up students counted in `students`.
    ///
    /// - Parameters:
    ///   - makeups: The make-up students.
    ///   - size: How many top lines (every line when nil, as the teacher's board has).
    ///   - forTeacher: Whether the names stay whole (the teacher's board); else they follow the `leaderboard` option.
    package func leaderboard(including makeups: [MakeupLine], top size: Int?, forTeacher: Bool) -> Leaderboard {
        var lines = roster.students.filter { !$0.isKicked }.map {
            LeaderboardEntry(rank: 0, student: $0.id, name: $0.name, score: $0.boardScore)
        }
        lines += makeups.map {
            LeaderboardEntry(rank: 0, student: $0.play.student, name: $0.play.name, score: boardScore(of: $0))
        }
        lines.sort { a, b in
            if a.score != b.score { return a.score > b.score }
            if a.name != b.name { return a.name < b.name }
            return a.student < b.student
        }
        for index in lines.indices {
            lines[index].rank =
                index > 0 && lines[index - 1].score == lines[index].score ? lines[index - 1].rank : index + 1
        }
        let board = Leaderboard(top: Array(lines.prefix(size ?? lines.count)), you: nil, students: lines.count)
        return forTeacher ? board : publicBoard(board)
    }
}
