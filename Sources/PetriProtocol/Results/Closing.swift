/// What the lesson's end tells everyone: the final leaderboard.
package struct LessonSummary: Sendable, Hashable, Codable {
    package var leaderboard: Leaderboard
    /// How many questions were scored.
    package var questions: Int

    package init(leaderboard: Leaderboard, questions: Int) {
        self.leaderboard = leaderboard
        self.questions = questions
    }
}

/// What the lesson's end tells one student: their score and a message that depends on it.
package struct Closing: Sendable, Hashable, Codable {
    package var score: Int
    /// 1000 per scored question: the score of perfect answers without bonuses.
    package var possible: Int
    package var rank: Int
    /// A string on the wire, in the student's language.
    package var message: Sentence

    package init(score: Int, possible: Int, rank: Int, message: Sentence) {
        self.score = score
        self.possible = possible
        self.rank = rank
        self.message = message
    }
}
