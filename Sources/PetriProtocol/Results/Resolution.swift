/// What everyone learns when a question resolves (each student also gets a ``PersonalResult``).
package struct Resolution: Sendable, Hashable, Codable {
    package var question: QuestionID
    /// The generation it resolved at: the target, or earlier when the run ended first.
    package var generation: Int
    /// The metric's value there.
    package var actual: Double
    /// For a choice question, the option that came true (nil if none did).
    package var correctOption: Int?
    /// For a probability question, whether the event happened.
    package var eventHappened: Bool?
    package var spread: Spread
    /// The top of the leaderboard after scoring (no `you`: that is in the personal result).
    package var leaderboard: Leaderboard
    /// Where the actual value fell among the latest replicates of this metric that reached the target
    /// (absent when none had been run).
    package var replicates: ReplicateStanding?

    package init(
        question: QuestionID, generation: Int, actual: Double, correctOption: Int?, eventHappened: Bool?,
        spread: Spread, leaderboard: Leaderboard, replicates: ReplicateStanding? = nil
    ) {
        self.question = question
        self.generation = generation
        self.actual = actual
        self.correctOption = correctOption
        self.eventHappened = eventHappened
        self.spread = spread
        self.leaderboard = leaderboard
        self.replicates = replicates
    }
}

/// One student's outcome of a resolved question.
package struct PersonalResult: Sendable, Hashable, Codable {
    package var question: QuestionID
    /// Their prediction, if they answered.
    package var prediction: Prediction?
    /// Their points for this question (all zero if they did not answer).
    package var points: ScoreBreakdown
    /// Their total score after this question.
    package var score: Int
    /// Their current streak of good answers.
    package var streak: Int
    /// Their leaderboard line.
    package var standing: LeaderboardEntry

    package init(
        question: QuestionID, prediction: Prediction?, points: ScoreBreakdown, score: Int, streak: Int,
        standing: LeaderboardEntry
    ) {
        self.question = question
        self.prediction = prediction
        self.points = points
        self.score = score
        self.streak = streak
        self.standing = standing
    }
}
