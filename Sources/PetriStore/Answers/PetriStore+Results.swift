import GRDB

extension PetriStore {
    /// Every answer of a lesson with its student's name, for the CSV gradebook: by student (in
    /// joining order), then by time answered. Students who answered nothing have no rows (see
    /// ``students(lessonId:)``).
    ///
    /// - Throws: A database error.
    package func resultsRows(lessonId: String) throws(StoreError) -> [ResultsRow] {
        try read { db in
            try ResultsRow.fetchAll(
                db,
                sql: """
                    SELECT a.studentId, s.displayName, a.questionId, a.prediction, a.points, a.answeredAt, a.usedHint
                    FROM answer a
                    JOIN student s ON s.lessonId = a.lessonId AND s.studentId = a.studentId
                    WHERE a.lessonId = ?
                    ORDER BY s.joinedAt, s.studentId, a.answeredAt, a.questionId
                    """,
                arguments: [lessonId])
        }
    }
}
