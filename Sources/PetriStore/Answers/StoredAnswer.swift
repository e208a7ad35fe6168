import PetriProtocol

/// A student's answer to one question: their prediction and, once resolved, its points.
package struct StoredAnswer: Sendable, Hashable {
    /// The lesson.
    var lessonId: String
    /// The question, as the lesson logic names it.
    var questionId: QuestionID
    /// The student who answered.
    package var studentId: StudentID
    /// JSON: the prediction.
    package var prediction: String
    /// Seconds since 1970 when it was given (or last changed).
    var answeredAt: Double
    /// True if the student looked at a hint first.
    package var usedHint: Bool
    /// Points it scored; nil until the question is resolved (or if the resolution gave it none).
    var points: Int?
    /// The student's reason for it (at most 140 characters, cleaned as names are); nil when none was given.
    var reason: String?

    package init(
        lessonId: String, questionId: QuestionID, studentId: StudentID, prediction: String, answeredAt: Double,
        usedHint: Bool, points: Int? = nil, reason: String? = nil
    ) {
        self.lessonId = lessonId
        self.questionId = questionId
        self.studentId = studentId
        self.prediction = prediction
        self.answeredAt = answeredAt
        self.usedHint = usedHint
        self.points = points
        self.reason = reason
    }
}

/// What ``PetriStore/recordAnswer(lessonId:questionId:studentId:prediction:answeredAt:usedHint:allowChange:)`` did.
package enum AnswerOutcome: Sendable, Hashable {
    /// It was the student's first answer to the question.
    case recorded
    /// It replaced the student's earlier, unresolved answer.
    case replaced
}
