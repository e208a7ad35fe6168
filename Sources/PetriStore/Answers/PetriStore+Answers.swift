import GRDB
import PetriProtocol

extension PetriStore {
    /// Records a student's answer to a question, in its own transaction: at most one per student per question.
    ///
    /// See
    /// ``StoreTransaction/recordAnswer(lessonId:questionId:studentId:prediction:answeredAt:usedHint:allowChange:)``.
    ///
    /// - Throws: ``StoreError/Code/duplicateAnswer``, ``StoreError/Code/unknownStudent`` or
    ///   ``StoreError/Code/invalidValue``.
    @discardableResult
    package func recordAnswer(
        lessonId: String, questionId: QuestionID, studentId: StudentID, prediction: String, answeredAt: Double,
        usedHint: Bool = false, allowChange: Bool = false
    ) throws(StoreError) -> AnswerOutcome {
        try transaction { tx throws(StoreError) in
            try tx.recordAnswer(
                lessonId: lessonId, questionId: questionId, studentId: studentId, prediction: prediction,
                answeredAt: answeredAt, usedHint: usedHint, allowChange: allowChange)
        }
    }

    /// Marks a student's answer as given with the hint taken, in its own transaction.
    ///
    /// See ``StoreTransaction/recordHintTaken(lessonId:questionId:studentId:)``.
    ///
    /// - Returns: Whether an answer was marked (false when the student has not answered yet).
    /// - Throws: A database error.
    @discardableResult
    func recordHintTaken(lessonId: String, questionId: QuestionID, studentId: StudentID) throws(StoreError) -> Bool {
        try transaction { tx throws(StoreError) in
            try tx.recordHintTaken(lessonId: lessonId, questionId: questionId, studentId: studentId)
        }
    }

    /// Scores a question in one transaction: answers' points and students' scores and streaks, all or nothing.
    ///
    /// See ``StoreTransaction/recordResolution(lessonId:questionId:points:scores:)``.
    ///
    /// - Throws: ``StoreError/Code/unknownAnswer`` or ``StoreError/Code/unknownStudent``; nothing is written then.
    package func recordResolution(
        lessonId: String, questionId: QuestionID, points: [StudentID: Int], scores: [StudentID: StudentScore]
    ) throws(StoreError) {
        try transaction { tx throws(StoreError) in
            try tx.recordResolution(lessonId: lessonId, questionId: questionId, points: points, scores: scores)
        }
    }

    /// The answers to one question, earliest first.
    ///
    /// - Throws: A database error.
    package func answers(lessonId: String, questionId: QuestionID) throws(StoreError) -> [StoredAnswer] {
        try read { db in
            try StoredAnswer.fetchAll(
                db, sql: "SELECT * FROM answer WHERE lessonId = ? AND questionId = ? ORDER BY answeredAt, studentId",
                arguments: [lessonId, questionId])
        }
    }

    /// One student's answers in a lesson, earliest first: what a reconnecting student gets back.
    ///
    /// - Throws: A database error.
    func answers(lessonId: String, studentId: StudentID) throws(StoreError) -> [StoredAnswer] {
        try read { db in
            try StoredAnswer.fetchAll(
                db, sql: "SELECT * FROM answer WHERE lessonId = ? AND studentId = ? ORDER BY answeredAt, questionId",
                arguments: [lessonId, studentId])
        }
    }
}
