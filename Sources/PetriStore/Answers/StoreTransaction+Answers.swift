import GRDB

extension StoreTransaction {
    /// Records a student's answer to a question: at most one per student per question.
    ///
    /// Whether the question is still open is the lesson logic's to decide (it knows the
    /// generation); the store enforces the rest: a second answer is refused unless the caller
    /// allows a change, and an answer that has been scored never changes.
    ///
    /// - Parameters:
    ///   - lessonId: The lesson.
    ///   - questionId: The question.
    ///   - studentId: The student; must be in the lesson.
    ///   - prediction: JSON: the prediction.
    ///   - answeredAt: Seconds since 1970.
    ///   - usedHint: True if they looked at a hint.
    ///   - allowChange: True to replace an earlier answer (the question is open and changes are allowed).
    /// - Returns: Whether the answer was new or replaced an earlier one.
    /// - Throws: ``StoreError/Code/duplicateAnswer`` (nothing is written), ``StoreError/Code/unknownStudent``
    ///   or ``StoreError/Code/invalidValue``.
    @discardableResult
    public func recordAnswer(
        lessonId: String, questionId: String, studentId: String, prediction: String, answeredAt: Double,
        usedHint: Bool = false, allowChange: Bool = false
    ) throws(StoreError) -> AnswerOutcome {
        let answer = StoredAnswer(
            lessonId: lessonId, questionId: questionId, studentId: studentId, prediction: prediction,
            answeredAt: answeredAt, usedHint: usedHint)
        return try atomically {
            let key: [String: (any DatabaseValueConvertible)?] = [
                "lessonId": lessonId, "questionId": questionId, "studentId": studentId,
            ]
            guard let earlier = try StoredAnswer.fetchOne(db, key: key) else {
                guard try StoredStudent.exists(db, key: ["lessonId": lessonId, "studentId": studentId]) else {
                    throw StoreError.unknownStudent(studentId, lessonId: lessonId)
                }
                try answer.insert(db)
                return .recorded
            }
            guard allowChange, earlier.points == nil else {
                let reason = earlier.points == nil ? "changing it is not allowed" : "it has already been scored"
                throw StoreError(
                    .duplicateAnswer,
                    "Student \"\(studentId)\" already answered question \"\(questionId)\" and \(reason); "
                        + "keep the first answer."
                )
            }
            try answer.update(db)
            return .replaced
        }
    }

    /// Scores a question: writes points to its answers and the students' new scores and streaks, all or nothing.
    ///
    /// Answers the resolution does not mention keep no points. Resolving again overwrites.
    ///
    /// - Parameters:
    ///   - lessonId: The lesson.
    ///   - questionId: The question.
    ///   - points: Points per student id; each must have answered the question.
    ///   - scores: New totals per student id; each must be in the lesson.
    /// - Throws: ``StoreError/Code/unknownAnswer`` or ``StoreError/Code/unknownStudent``; nothing is written then.
    public func recordResolution(
        lessonId: String, questionId: String, points: [String: Int], scores: [String: StudentScore]
    ) throws(StoreError) {
        try atomically {
            let setPoints = try db.cachedStatement(
                sql: "UPDATE answer SET points = ? WHERE lessonId = ? AND questionId = ? AND studentId = ?")
            // Sorted, so which error a bad resolution reports does not depend on dictionary order.
            for (studentId, awarded) in points.sorted(by: { $0.key < $1.key }) {
                try setPoints.execute(arguments: [awarded, lessonId, questionId, studentId])
                guard db.changesCount == 1 else {
                    throw StoreError(
                        .unknownAnswer,
                        "Student \"\(studentId)\" has no answer to question \"\(questionId)\" in lesson "
                            + "\"\(lessonId)\"; "
                            + "resolve only the answers that were recorded.")
                }
            }
            let setScore = try db.cachedStatement(
                sql: "UPDATE student SET score = ?, streak = ? WHERE lessonId = ? AND studentId = ?")
            for (studentId, score) in scores.sorted(by: { $0.key < $1.key }) {
                try setScore.execute(arguments: [score.score, score.streak, lessonId, studentId])
                guard db.changesCount == 1 else { throw StoreError.unknownStudent(studentId, lessonId: lessonId) }
            }
        }
    }
}
