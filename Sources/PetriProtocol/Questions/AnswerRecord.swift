/// One of a student's own answers, as sent back when they resume.
public struct AnswerRecord: Sendable, Hashable, Codable {
    public var question: QuestionID
    public var prediction: Prediction
    /// The server's time of the (last) answer.
    public var answeredAt: Timestamp
    public var hintTaken: Bool
    /// The points, once the question resolved.
    public var points: ScoreBreakdown?

    public init(
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
