import GRDB
import PetriProtocol

/// One line of a lesson's gradebook: a student's answer to a question, with their name.
package struct ResultsRow: Sendable, Hashable {
    /// The student's id.
    var studentId: StudentID
    /// The student's display name.
    package var displayName: String
    /// The question.
    package var questionId: QuestionID
    /// JSON: the prediction.
    var prediction: String
    /// Points scored; nil if unresolved.
    package var points: Int?
    /// Seconds since 1970 when it was answered.
    var answeredAt: Double
    /// True if the student used a hint.
    var usedHint: Bool

    package init(
        studentId: StudentID, displayName: String, questionId: QuestionID, prediction: String, points: Int?,
        answeredAt: Double, usedHint: Bool
    ) {
        self.studentId = studentId
        self.displayName = displayName
        self.questionId = questionId
        self.prediction = prediction
        self.points = points
        self.answeredAt = answeredAt
        self.usedHint = usedHint
    }
}

extension ResultsRow: FetchableRecord {
    package init(row: Row) throws {
        self.init(
            studentId: try row.decode(forColumn: "studentId"),
            displayName: try row.decode(forColumn: "displayName"),
            questionId: try row.decode(forColumn: "questionId"),
            prediction: try row.decode(forColumn: "prediction"),
            points: try row.decode(forColumn: "points"),
            answeredAt: try row.decode(forColumn: "answeredAt"),
            usedHint: try row.decode(forColumn: "usedHint"))
    }
}
