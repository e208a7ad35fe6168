import GRDB

/// Migration `v2`: answers' `usedHint` from the hints the log records. Shipped once released;
/// never edit it — add `v3` instead (see STYLE.md §9).
///
/// Before this version the server never wrote `usedHint` (every answer said 0), though its log
/// records every hint a student took (`takeHint` entries). A hint is only given while its
/// question is open, so an answer whose student took the question's hint at any time was given
/// with it (or, taken after answering, scored with it halved). This marks those answers; the
/// server records the hint itself from now on.
///
/// It reads the log entries as the server writes them (JSON of the lesson's log entry):
/// `{"actor":{"student":{"_0":3}},"command":{"takeHint":{"_0":1}},...}`, where the numbers are
/// the ids the answers table holds as text.
enum SchemaV2 {
    static let identifier = "v2"

    @Sendable static func migrate(_ db: Database) throws {
        try db.execute(
            sql: """
                -- One pass over the log's hints, then each marked answer by its primary key.
                UPDATE answer SET usedHint = 1
                FROM (
                    SELECT DISTINCT lessonId,
                        CAST(json_extract(payload, '$.command.takeHint._0') AS TEXT) AS questionId,
                        CAST(json_extract(payload, '$.actor.student._0') AS TEXT) AS studentId
                    FROM action WHERE kind = 'takeHint'
                ) AS hint
                WHERE answer.lessonId = hint.lessonId AND answer.questionId = hint.questionId
                    AND answer.studentId = hint.studentId AND answer.usedHint = 0;
                """)
    }
}
