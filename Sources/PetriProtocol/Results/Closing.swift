/// What the lesson's end tells everyone: the final leaderboard.
public struct LessonSummary: Sendable, Hashable, Codable {
    public var leaderboard: Leaderboard
    /// How many questions were scored.
    public var questions: Int

    public init(leaderboard: Leaderboard, questions: Int) {
        self.leaderboard = leaderboard
        self.questions = questions
    }
}

/// What the lesson's end tells one student: their score and a message that depends on it.
public struct Closing: Sendable, Hashable, Codable {
    public var score: Int
    /// 1000 per scored question: the score of perfect answers without bonuses.
    public var possible: Int
    public var rank: Int
    /// A string on the wire, in the student's language.
    public var message: Sentence

    public init(score: Int, possible: Int, rank: Int, message: Sentence) {
        self.score = score
        self.possible = possible
        self.rank = rank
        self.message = message
    }
}
