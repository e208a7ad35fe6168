import PetriProtocol

/// How many students have answered a question (the teacher's count).
public struct AnswerTally: Sendable, Hashable {
    /// The open question.
    public var question: QuestionID
    /// Students who have answered it.
    public var answered: Int
    /// Students who could.
    public var students: Int
    /// The students seen answering this question (from `answerCount`'s `answeredBy`).
    public var who: Set<StudentID> = []

    /// A count from an `answerCount` message.
    public init(question: QuestionID, answered: Int, students: Int) {
        self.question = question
        self.answered = answered
        self.students = students
    }
}
