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
    /// The class's average expected points over the replicates of the moment the question was asked
    /// (no `points`; absent when there were none).
    package var expected: Expected?

    package init(
        question: QuestionID, generation: Int, actual: Double, correctOption: Int?, eventHappened: Bool?,
        spread: Spread, leaderboard: Leaderboard, replicates: ReplicateStanding? = nil, expected: Expected? = nil
    ) {
        self.expected = expected
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
    /// What their answer would have scored on average over the replicates of the moment the question was
    /// asked, and the class's average (absent when there were none, or they did not answer).
    package var expected: Expected?

    package init(
        question: QuestionID, prediction: Prediction?, points: ScoreBreakdown, score: Int, streak: Int,
        standing: LeaderboardEntry, expected: Expected? = nil
    ) {
        self.expected = expected
        self.question = question
        self.prediction = prediction
        self.points = points
        self.score = score
        self.streak = streak
        self.standing = standing
    }
}

/// Expected points: the mean base points an answer would have scored over the replicates of the moment
/// its question was asked, by the same scoring rule as the real outcome (judgement apart from luck).
///
/// `{"class":640,"points":820,"replicates":100}`
package struct Expected: Sendable, Hashable, Codable {
    /// How many replicates reached the question's target.
    package var replicates: Int
    /// The student's expected base points, 0...1000 (absent in `resolved`).
    package var points: Int?
    /// The mean of the class's expected points (absent when nobody answered).
    package var classMean: Int?

    package init(replicates: Int, points: Int? = nil, classMean: Int? = nil) {
        self.replicates = replicates
        self.points = points
        self.classMean = classMean
    }

    private enum CodingKeys: String, CodingKey {
        case replicates, points
        case classMean = "class"
    }
}
