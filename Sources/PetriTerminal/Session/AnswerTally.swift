import PetriProtocol

/// How many students have answered a question (the teacher's count).
struct AnswerTally: Sendable, Hashable {
    /// The open question.
    var question: QuestionID
    /// Students who have answered it.
    var answered: Int
    /// Students who could.
    var students: Int
    /// The students seen answering this question (from `answerCount`'s `answeredBy`).
    var who: Set<StudentID> = []

    /// A count from an `answerCount` message.
    init(question: QuestionID, answered: Int, students: Int) {
        self.question = question
        self.answered = answered
        self.students = students
    }
}
