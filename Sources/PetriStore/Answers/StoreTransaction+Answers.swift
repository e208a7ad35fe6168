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
        // Prepared statements cached on the connection: this runs once per answer, thousands
        // of times a second in a big class, and building each query anew was most of its cost.
        // Its only write is one statement, after every check, so it needs no savepoint.
        try run {
            let scored = try Bool.fetchOne(
                db.cachedStatement(
                    sql: "SELECT points IS NOT NULL FROM answer WHERE lessonId = ? AND questionId = ? AND studentId = ?"),
                arguments: [lessonId, questionId, studentId])
            guard let scored else {
                let known = try Bool.fetchOne(
                    db.cachedStatement(sql: "SELECT 1 FROM student WHERE lessonId = ? AND studentId = ?"),
                    arguments: [lessonId, studentId])
                guard known != nil else { throw StoreError.unknownStudent(studentId, lessonId: lessonId) }
                try db.cachedStatement(
                    sql: """
                        INSERT INTO answer (lessonId, questionId, studentId, prediction, answeredAt, usedHint)
                        VALUES (?, ?, ?, ?, ?, ?)
                        """
                ).execute(arguments: [lessonId, questionId, studentId, prediction, answeredAt, usedHint])
                return .recorded
            }
            guard allowChange, !scored else {
                let reason = scored ? "it has already been scored" : "changing it is not allowed"
                throw StoreError(
                    .duplicateAnswer,
                    "Student \"\(studentId)\" already answered question \"\(questionId)\" and \(reason); "
                        + "keep the first answer."
                )
            }
            try db.cachedStatement(
                sql: """
                    UPDATE answer SET prediction = ?, answeredAt = ?, usedHint = ?
                    WHERE lessonId = ? AND questionId = ? AND studentId = ?
                    """
            ).execute(arguments: [prediction, answeredAt, usedHint, lessonId, questionId, studentId])
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
