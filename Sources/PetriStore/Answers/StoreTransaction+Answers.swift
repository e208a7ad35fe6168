import GRDB
import PetriProtocol
import PetriStorage

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
    func recordAnswer(
        lessonId: String, questionId: QuestionID, studentId: StudentID, prediction: String, answeredAt: Double,
        usedHint: Bool = false, allowChange: Bool = false
    ) throws(StoreError) -> AnswerOutcome {
        // Prepared statements cached on the connection: this runs once per answer, thousands
        // of times a second in a big class, and building each query anew was most of its cost.
        // Its only write is one statement, after every check, so it needs no savepoint.
        try run {
            let scored = try Bool.fetchOne(
                db.cachedStatement(
                    sql: "SELECT points IS NOT NULL FROM answer WHERE lessonId = ? AND questionId = ? AND studentId = ?"
                ),
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
                    "Student \"\(studentId.storedText)\" already answered question \"\(questionId.storedText)\" and \(reason); "
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

    /// Records a student's answer whose prediction is already in the lesson's log, as
    /// ``recordAnswer(lessonId:questionId:studentId:prediction:answeredAt:usedHint:allowChange:)`` does:
    /// the prediction is the JSON at `path` in the payload of log entry `seq`, which SQLite reads out
    /// of the log, so the caller encodes each prediction once, for the log.
    ///
    /// - Parameters:
    ///   - seq: The log entry that holds the answer; append it first, in the same transaction.
    ///   - path: A JSON path into that entry's payload (`$.command.answer._1`) naming an object or array.
    /// - Throws: ``StoreError/Code/invalidValue`` when the entry does not exist or holds no JSON
    ///   object or array at `path` (nothing is written), or what the other form throws.
    @discardableResult
    func recordAnswer(
        lessonId: String, questionId: QuestionID, studentId: StudentID, predictionInEntry seq: Int, at path: String,
        answeredAt: Double, usedHint: Bool = false, allowChange: Bool = false
    ) throws(StoreError) -> AnswerOutcome {
        let prediction = try run {
            try String.fetchOne(
                db.cachedStatement(
                    sql: """
                        SELECT json_extract(payload, ?) FROM action
                        WHERE lessonId = ? AND seq = ? AND json_type(payload, ?) IN ('object', 'array')
                        """),
                arguments: [path, lessonId, seq, path])
        }
        guard let prediction else {
            throw StoreError(
                .invalidValue,
                "Log entry \(seq) of lesson \"\(lessonId)\" holds no prediction at \(path); append the answer's "
                    + "entry before recording the answer.")
        }
        return try recordAnswer(
            lessonId: lessonId, questionId: questionId, studentId: studentId, prediction: prediction,
            answeredAt: answeredAt, usedHint: usedHint, allowChange: allowChange)
    }

    /// Records a student's answer whose prediction is in the log as
    /// ``recordAnswer(lessonId:questionId:studentId:predictionInEntry:at:answeredAt:usedHint:allowChange:)``
    /// does, in one statement when it is their first answer (the common case of a class answering).
    ///
    /// A class of ten thousand answers in a few seconds; four statements per answer (read the
    /// prediction, look for an earlier answer, check the student, insert) were most of the
    /// store's time. Here SQLite copies the prediction out of the log entry while inserting, and
    /// the schema's keys refuse a second answer or an unknown student; only then does the slower
    /// form run, to change the answer or refuse it with the right sentence. A `reason` goes in with
    /// the first answer; a changed answer takes it through ``recordReason(lessonId:questionId:studentId:reason:)``.
    ///
    /// - Throws: What the other form throws.
    package func recordFirstAnswer(
        lessonId: String, questionId: QuestionID, studentId: StudentID, predictionInEntry seq: Int, at path: String,
        answeredAt: Double, usedHint: Bool = false, allowChange: Bool = false, reason: String? = nil
    ) throws(StoreError) {
        do {
            try db.cachedStatement(
                sql: """
                    INSERT INTO answer (lessonId, questionId, studentId, prediction, answeredAt, usedHint, reason)
                    SELECT ?, ?, ?, json_extract(payload, ?), ?, ?, ? FROM action
                    WHERE lessonId = ? AND seq = ? AND json_type(payload, ?) IN ('object', 'array')
                    """
            ).execute(arguments: [
                lessonId, questionId, studentId, path, answeredAt, usedHint, reason, lessonId, seq, path,
            ])
            if db.changesCount == 1 { return }
        } catch let error as DatabaseError where error.resultCode == .SQLITE_CONSTRAINT {
            // Refused: the full form says why.
        } catch {
            throw StoreError.wrapping(error, location: location)
        }
        try recordAnswer(
            lessonId: lessonId, questionId: questionId, studentId: studentId, predictionInEntry: seq, at: path,
            answeredAt: answeredAt, usedHint: usedHint, allowChange: allowChange)
        if let reason {
            try recordReason(lessonId: lessonId, questionId: questionId, studentId: studentId, reason: reason)
        }
    }

    /// Records a student's answer as
    /// ``recordFirstAnswer(lessonId:questionId:studentId:predictionInEntry:at:answeredAt:usedHint:allowChange:reason:)``
    /// does, with the prediction's JSON given: the caller has it as the answer's log entry holds
    /// it (written directly, so it is the same text SQLite would copy out of the entry), and the
    /// first answer is then one plain `INSERT`, with no read of the log and no JSON parse of it.
    ///
    /// - Throws: What ``recordAnswer(lessonId:questionId:studentId:prediction:answeredAt:usedHint:allowChange:)`` throws.
    func recordFirstAnswer(
        lessonId: String, questionId: QuestionID, studentId: StudentID, prediction: String, answeredAt: Double,
        usedHint: Bool = false, allowChange: Bool = false, reason: String? = nil
    ) throws(StoreError) {
        do {
            try db.cachedStatement(
                sql: """
                    INSERT INTO answer (lessonId, questionId, studentId, prediction, answeredAt, usedHint, reason)
                    VALUES (?, ?, ?, ?, ?, ?, ?)
                    """
            ).execute(arguments: [lessonId, questionId, studentId, prediction, answeredAt, usedHint, reason])
            return
        } catch let error as DatabaseError where error.resultCode == .SQLITE_CONSTRAINT {
            // Refused: the full form says why.
        } catch {
            throw StoreError.wrapping(error, location: location)
        }
        try recordAnswer(
            lessonId: lessonId, questionId: questionId, studentId: studentId, prediction: prediction,
            answeredAt: answeredAt, usedHint: usedHint, allowChange: allowChange)
        if let reason {
            try recordReason(lessonId: lessonId, questionId: questionId, studentId: studentId, reason: reason)
        }
    }

    /// Marks a student's answer to a question as given with the hint taken (a hint taken before
    /// answering is recorded with the answer itself: `usedHint`).
    ///
    /// A scored answer never changes, so it is left as it is.
    ///
    /// - Returns: Whether an answer was marked (false when the student has not answered yet).
    /// - Throws: A database error.
    @discardableResult
    func recordHintTaken(lessonId: String, questionId: QuestionID, studentId: StudentID) throws(StoreError) -> Bool {
        try run {
            try db.cachedStatement(
                sql: """
                    UPDATE answer SET usedHint = 1
                    WHERE lessonId = ? AND questionId = ? AND studentId = ? AND points IS NULL
                    """
            ).execute(arguments: [lessonId, questionId, studentId])
            return db.changesCount > 0
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
    func recordResolution(
        lessonId: String, questionId: QuestionID, points: [StudentID: Int], scores: [StudentID: StudentScore]
    ) throws(StoreError) {
        try atomically {
            // Sorted, so which error a bad resolution reports does not depend on dictionary order.
            let awarded = points.sorted { $0.key < $1.key }
            let totals = scores.sorted { $0.key < $1.key }
            // A few statements of many rows each instead of one statement per row: a resolution
            // in a class of ten thousand writes twenty thousand rows before anyone sees a result.
            for chunk in awarded.chunks(of: Self.rowsPerStatement) {
                try bulkUpdate(
                    table: "answer", set: ["points"], matching: ["lessonId": lessonId, "questionId": questionId],
                    rows: chunk.map { [$0.key, $0.value] })
                guard db.changesCount == chunk.count else {
                    let missing = try chunk.first { !(try answerExists(lessonId, questionId, $0.key)) }
                    throw StoreError(
                        .unknownAnswer,
                        "Student \"\(missing.map { $0.key.storedText } ?? "?")\" has no answer to question "
                            + "\"\(questionId.storedText)\" in lesson "
                            + "\"\(lessonId)\"; "
                            + "resolve only the answers that were recorded.")
                }
            }
            for chunk in totals.chunks(of: Self.rowsPerStatement) {
                try bulkUpdate(
                    table: "student", set: ["score", "streak"], matching: ["lessonId": lessonId],
                    rows: chunk.map { [$0.key, $0.value.score, $0.value.streak] })
                guard db.changesCount == chunk.count else {
                    let missing = try chunk.first { !(try studentExists(lessonId, $0.key)) }
                    throw StoreError.unknownStudent(missing?.key, lessonId: lessonId)
                }
            }
        }
    }

    /// Rows per bulk statement: 500 rows of three values stay far below SQLite's 32,766 parameters.
    static let rowsPerStatement = 500

    /// `UPDATE table SET columns FROM (VALUES rows) WHERE matching AND studentId = row's first value`.
    private func bulkUpdate(
        table: String, set columns: [String], matching: KeyValuePairs<String, any DatabaseValueConvertible>,
        rows: [[any DatabaseValueConvertible]]
    ) throws {
        let width = columns.count + 1
        let tuple = "(" + Array(repeating: "?", count: width).joined(separator: ", ") + ")"
        let names = (["studentId"] + columns).joined(separator: ", ")
        let assignments = columns.map { "\($0) = v.\($0)" }.joined(separator: ", ")
        let conditions = matching.map { "\(table).\($0.key) = ?" }.joined(separator: " AND ")
        let sql = """
            WITH v(\(names)) AS (VALUES \(Array(repeating: tuple, count: rows.count).joined(separator: ", ")))
            UPDATE \(table) SET \(assignments) FROM v WHERE \(conditions) AND \(table).studentId = v.studentId
            """
        var arguments: [(any DatabaseValueConvertible)?] = []
        arguments.reserveCapacity(rows.count * width + matching.count)
        for row in rows { arguments += row.map { $0 } }
        arguments += matching.map { $0.value }
        // Full chunks reuse one cached statement; the last, shorter one is prepared once.
        let statement =
            rows.count == Self.rowsPerStatement ? try db.cachedStatement(sql: sql) : try db.makeStatement(sql: sql)
        try statement.execute(arguments: StatementArguments(arguments))
    }

    private func answerExists(_ lessonId: String, _ questionId: QuestionID, _ studentId: StudentID) throws -> Bool {
        try Bool.fetchOne(
            db.cachedStatement(sql: "SELECT 1 FROM answer WHERE lessonId = ? AND questionId = ? AND studentId = ?"),
            arguments: [lessonId, questionId, studentId]) != nil
    }

    private func studentExists(_ lessonId: String, _ studentId: StudentID) throws -> Bool {
        try Bool.fetchOne(
            db.cachedStatement(sql: "SELECT 1 FROM student WHERE lessonId = ? AND studentId = ?"),
            arguments: [lessonId, studentId]) != nil
    }
}

extension Array {
    /// Consecutive slices of at most `size` elements.
    fileprivate func chunks(of size: Int) -> [ArraySlice<Element>] {
        stride(from: 0, to: count, by: size).map { self[$0..<Swift.min($0 + size, count)] }
    }
}
