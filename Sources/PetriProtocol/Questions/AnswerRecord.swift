/// One of a student's own answers, as sent back when they resume.
package struct AnswerRecord: Sendable, Hashable, Codable {
    package var question: QuestionID
    package var prediction: Prediction
    /// The server's time of the (last) answer.
    package var answeredAt: Timestamp
    package var hintTaken: Bool
    /// The points, once the question resolved.
    package var points: ScoreBreakdown?

    package init(
        question: QuestionID, prediction: Prediction, answeredAt: Timestamp, hintTaken: Bool,
        points: ScoreBreakdown?
    ) {
        self.question = question
        self.prediction = prediction
        self.answeredAt = answeredAt
        self.hintTaken = hintTaken
        self.points = points
    }
}
