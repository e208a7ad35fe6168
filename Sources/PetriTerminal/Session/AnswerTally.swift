import PetriProtocol

/// How many students have answered a question (the teacher's count).
public struct AnswerTally: Sendable, Hashable {
    /// The open question.
    public var question: QuestionID
    /// Students who have answered it.
    public var answered: Int
    /// Students who could.
    public var students: Int

    /// A count from an `answerCount` message.
    public init(question: QuestionID, answered: Int, students: Int) {
        self.question = question
        self.answered = answered
        self.students = students
    }
}
