/// One line of the leaderboard.
package struct LeaderboardEntry: Sendable, Hashable, Codable {
    /// 1 for the highest score; equal scores share a rank and the next rank skips (1, 2, 2, 4).
    package var rank: Int
    package var student: StudentID
    package var name: String
    package var score: Int

    package init(rank: Int, student: StudentID, name: String, score: Int) {
        self.rank = rank
        self.student = student
        self.name = name
        self.score = score
    }
}

/// The top of the leaderboard, plus the receiver's own line when it is a student.
package struct Leaderboard: Sendable, Hashable, Codable {
    /// The best lines, by rank then name (the teacher's copy has every line).
    package var top: [LeaderboardEntry]
    /// The receiving student's own line, wherever it is.
    package var you: LeaderboardEntry?
    /// How many students are ranked (removed students are not).
    package var students: Int

    package init(top: [LeaderboardEntry], you: LeaderboardEntry?, students: Int) {
        self.top = top
        self.you = you
        self.students = students
    }
}
