import Foundation
import Logging
import PetriLesson
import PetriProtocol
import PetriStorage
import PostgresNIO

/// Writes the facts a batch of log entries stated (students, answers, hints, scores) inside the
/// batch's transaction, enforcing the SQLite store's rules: one answer per student per question
/// unless the question allows a change, and a scored answer never changes.
///
/// Rows of one kind go in one statement (`unnest` of arrays): a join storm or an answer rush
/// costs a few round trips per batch, not one per student.
struct FactWriter {
    let lesson: String
    let connection: PostgresConnection
    let logger: Logger

    /// - Parameter encoded: Each entry as the log holds it: an answer's row takes its prediction from there.
    func write(_ entries: [LogEntryToStore], encoded: [LogEncoding.Encoded]) async throws {
        var students: (ids: [String], names: [String], hashes: [String], times: [Double]) = ([], [], [], [])
        var answers: [AnswerRow] = []
        for (stored, logged) in zip(entries, encoded) {
            let at = stored.entry.time.storedSeconds
            for fact in stored.facts {
                switch fact {
                case .joined(let student, let name, let token):
                    try await flush(answers)
                    answers = []
                    students.ids.append(student.storedText)
                    students.names.append(name)
                    students.hashes.append(stored.storeHash(of: token).hex)
                    students.times.append(at)
                case .kicked(let student):
                    try await flushStudents(&students)
                    let id = student.storedText
                    let rows = try await connection.run(
                        """
                        UPDATE student SET kicked = true WHERE lesson_id = \(lesson) AND student_id = \(id)
                        RETURNING 1
                        """, logger: logger
                    ).collect()
                    guard !rows.isEmpty else { throw Self.unknownStudent(id, lesson) }
                case .answered(let question, let student, let prediction, let usedHint, let allowsChange, let reason):
                    try await flushStudents(&students)
                    let text: String
                    if case .answer(question, _, _) = stored.entry.command, let loggedPrediction = logged.prediction {
                        text = loggedPrediction
                    } else {
                        text = try LogEncoding.json(prediction)
                    }
                    answers.append(
                        AnswerRow(
                            question: question, student: student, prediction: text, at: at, usedHint: usedHint,
                            allowsChange: allowsChange, reason: reason))
                case .tookHint(let question, let student):
                    try await flushStudents(&students)
                    try await flush(answers)
                    answers = []
                    try await connection.run(
                        """
                        UPDATE answer SET used_hint = true WHERE lesson_id = \(lesson)
                            AND question_id = \(question.storedText) AND student_id = \(student.storedText)
                            AND points IS NULL
                        """, logger: logger)
                case .resolved:
                    try await flushStudents(&students)
                    try await flush(answers)
                    answers = []
                    try await scoring(fact)
                }
            }
        }
        try await flushStudents(&students)
        try await flush(answers)
    }

    private func flushStudents(
        _ students: inout (ids: [String], names: [String], hashes: [String], times: [Double])
    ) async throws {
        guard !students.ids.isEmpty else { return }
        defer { students = ([], [], [], []) }
        do {
            try await connection.run(
                """
                INSERT INTO student (lesson_id, student_id, display_name, resume_token_hash, joined_at)
                SELECT \(lesson), s.id, s.name, decode(s.hash, 'hex'), s.at
                FROM unnest(\(students.ids)::text[], \(students.names)::text[], \(students.hashes)::text[],
                    \(students.times)::float8[]) AS s(id, name, hash, at)
                """, logger: logger)
        } catch let error where PostgresStoreError.isState(error, "23505") {
            throw PostgresStoreError(
                .refused,
                "A student of lesson \"\(lesson)\" is already stored, or their resume token is in use; rebuild the "
                    + "lesson from the store.")
        }
    }

    struct AnswerRow {
        var question: QuestionID
        var student: StudentID
        var prediction: String
        var at: Double
        var usedHint: Bool
        var allowsChange: Bool
        /// The student's reason, nil when none was given (a lesson never keeps an empty one).
        var reason: String?

        /// Which answer it is: one per student per question.
        struct Key: Hashable {
            var question: QuestionID
            var student: StudentID
        }

        var key: Key { Key(question: question, student: student) }
    }

    /// Answers in a few statements: new ones inserted, changes (where allowed) updating unscored
    /// rows; any row refused makes the whole batch fail, as in the SQLite store.
    private func flush(_ answers: [AnswerRow]) async throws {
        guard !answers.isEmpty else { return }
        // The last answer of each student to each question (a change later in the same batch
        // replaces an earlier one; only questions that allow changes can have two).
        var latest: [AnswerRow.Key: Int] = [:]
        for (index, row) in answers.enumerated() { latest[row.key] = index }
        let kept = answers.indices.filter { latest[answers[$0].key] == $0 }
            .map { answers[$0] }
        for allowsChange in [false, true] {
            let rows = kept.filter { $0.allowsChange == allowsChange }
            guard !rows.isEmpty else { continue }
            let onConflict =
                allowsChange
                ? """
                ON CONFLICT (lesson_id, question_id, student_id) DO UPDATE SET prediction = EXCLUDED.prediction,
                    answered_at = EXCLUDED.answered_at, used_hint = EXCLUDED.used_hint,
                    reason = COALESCE(EXCLUDED.reason, answer.reason) WHERE answer.points IS NULL
                """ : "ON CONFLICT (lesson_id, question_id, student_id) DO NOTHING"
            let written: [PostgresRow]
            do {
                written = try await connection.run(
                    """
                    INSERT INTO answer (lesson_id, question_id, student_id, prediction, answered_at, used_hint, reason)
                    SELECT \(lesson), q, s, p, a, h, NULLIF(r, '') FROM unnest(\(rows.map(\.question.storedText))::text[],
                        \(rows.map(\.student.storedText))::text[], \(rows.map(\.prediction))::text[], \(rows.map(\.at))::float8[],
                        \(rows.map(\.usedHint))::bool[], \(rows.map { $0.reason ?? "" })::text[]) AS t(q, s, p, a, h, r)
                    \(unescaped: onConflict) RETURNING 1
                    """, logger: logger
                ).collect()
            } catch let error where PostgresStoreError.isState(error, "23503") {
                throw PostgresStoreError(
                    .refused, "An answer names a student who is not in lesson \"\(lesson)\"; rebuild the lesson.")
            }
            guard written.count == rows.count else {
                let reason = allowsChange ? "it has already been scored" : "changing it is not allowed"
                throw PostgresStoreError(
                    .refused, "A student already answered a question of lesson \"\(lesson)\" and \(reason).")
            }
        }
    }

    /// Writes a scoring fact: points to the question's answers, and students' scores and streaks.
    func scoring(_ fact: LessonFact) async throws {
        guard case .resolved(let question, let points, let scores) = fact else { return }
        let questionId = question.storedText
        let awarded = points.sorted { $0.key < $1.key }
        if !awarded.isEmpty {
            let rows = try await connection.run(
                """
                UPDATE answer SET points = v.points
                FROM unnest(\(awarded.map(\.key.storedText))::text[], \(awarded.map { Int64($0.value) })::bigint[])
                    AS v(student_id, points)
                WHERE answer.lesson_id = \(lesson) AND answer.question_id = \(questionId)
                    AND answer.student_id = v.student_id
                RETURNING 1
                """, logger: logger
            ).collect()
            guard rows.count == awarded.count else {
                throw PostgresStoreError(
                    .refused,
                    "A scored student has no answer to question \"\(questionId)\" in lesson \"\(lesson)\"; resolve "
                        + "only the answers that were recorded.")
            }
        }
        let totals = scores.sorted { $0.key < $1.key }
        if !totals.isEmpty {
            let rows = try await connection.run(
                """
                UPDATE student SET score = v.score, streak = v.streak
                FROM unnest(\(totals.map(\.key.storedText))::text[],
                    \(totals.map { Int64($0.value.score) })::bigint[], \(totals.map { Int64($0.value.streak) })::bigint[])
                    AS v(student_id, score, streak)
                WHERE student.lesson_id = \(lesson) AND student.student_id = v.student_id
                RETURNING 1
                """, logger: logger
            ).collect()
            guard rows.count == totals.count else { throw Self.unknownStudent("?", lesson) }
        }
    }

    /// Brings a question's points and the students' scores to what `fact` says, reading the stored
    /// rows first and writing only those that differ (after a clean stop, none): a restart's repair.
    ///
    /// - Returns: How many rows it rewrote.
    func repair(_ fact: LessonFact) async throws -> Int {
        guard case .resolved(let question, let points, let scores) = fact else { return 0 }
        var storedPoints: [String: Int64?] = [:]
        if !points.isEmpty {
            let rows = try await connection.run(
                """
                SELECT student_id, points FROM answer WHERE lesson_id = \(lesson)
                    AND question_id = \(question.storedText)
                """, logger: logger
            ).decode((String, Int64?).self).collected()
            for (student, stored) in rows { storedPoints[student] = stored }
        }
        var storedScores: [String: (Int64, Int64)] = [:]
        if !scores.isEmpty {
            let rows = try await connection.run(
                "SELECT student_id, score, streak FROM student WHERE lesson_id = \(lesson)", logger: logger
            ).decode((String, Int64, Int64).self).collected()
            for (student, score, streak) in rows { storedScores[student] = (score, streak) }
        }
        let changedPoints = points.filter { (storedPoints[$0.key.storedText] ?? nil) != Int64($0.value) }
        let changedScores = scores.filter {
            guard let stored = storedScores[$0.key.storedText] else { return true }
            return stored != (Int64($0.value.score), Int64($0.value.streak))
        }
        guard !changedPoints.isEmpty || !changedScores.isEmpty else { return 0 }
        try await scoring(.resolved(question, points: changedPoints, scores: changedScores))
        return changedPoints.count + changedScores.count
    }

    static func unknownStudent(_ student: String, _ lesson: String) -> PostgresStoreError {
        PostgresStoreError(.refused, "Lesson \"\(lesson)\" has no student \"\(student)\"; rebuild the lesson.")
    }
}
