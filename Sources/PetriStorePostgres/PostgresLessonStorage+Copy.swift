import PetriStorage
import PostgresNIO

extension PostgresLessonStorage {
    /// Stores a lesson copied from another store, all its rows in one transaction, with no lease
    /// (the first node a client asks claims it).
    ///
    /// - Returns: False when a lesson with this id is already here (nothing is written: copying again is harmless).
    /// - Throws: ``PostgresStoreError`` (for instance when a running lesson here already uses its join code).
    package func importLesson(_ copy: LessonCopy) async throws -> Bool {
        let lesson = copy.lesson
        return try await write("copy lesson \(lesson.id)") { connection in
            let inserted = try await connection.run(
                """
                INSERT INTO lesson (id, join_code, teacher_token_hash, model, definition, settings, created_at, ended_at)
                VALUES (\(lesson.id), \(lesson.joinCode), \(ByteBuffer(bytes: lesson.teacherTokenHash)),
                    \(lesson.model), \(lesson.definition), \(lesson.settings), \(lesson.createdAt), \(lesson.endedAt))
                ON CONFLICT (id) DO NOTHING RETURNING 1
                """, logger: self.logger
            ).collect()
            guard !inserted.isEmpty else { return false }
            let actions = copy.actions
            if !actions.isEmpty {
                try await connection.run(
                    """
                    INSERT INTO action (lesson_id, seq, generation, kind, payload, at)
                    SELECT \(lesson.id), * FROM unnest(\(actions.map { Int64($0.seq) })::bigint[],
                        \(actions.map { Int64($0.generation) })::bigint[], \(actions.map(\.kind))::text[],
                        \(actions.map(\.payload))::text[], \(actions.map(\.at))::float8[])
                    """, logger: self.logger)
            }
            for checkpoint in copy.checkpoints {
                try await connection.run(
                    """
                    INSERT INTO checkpoint (lesson_id, seq, generation, state, state_hash, at)
                    VALUES (\(lesson.id), \(Int64(checkpoint.seq)), \(Int64(checkpoint.generation)),
                        \(ByteBuffer(bytes: checkpoint.state)), \(Int64(bitPattern: checkpoint.stateHash)),
                        \(checkpoint.at))
                    """, logger: self.logger)
            }
            for student in copy.students {
                try await connection.run(
                    """
                    INSERT INTO student (lesson_id, student_id, display_name, resume_token_hash, joined_at, kicked,
                        score, streak)
                    VALUES (\(lesson.id), \(student.studentId.storedText), \(student.displayName),
                        \(ByteBuffer(bytes: student.resumeTokenHash)), \(student.joinedAt), \(student.kicked),
                        \(Int64(student.score)), \(Int64(student.streak)))
                    """, logger: self.logger)
            }
            for answer in copy.answers {
                try await connection.run(
                    """
                    INSERT INTO answer (lesson_id, question_id, student_id, prediction, answered_at, used_hint, points,
                        reason)
                    VALUES (\(lesson.id), \(answer.questionId.storedText), \(answer.studentId.storedText), \(answer.prediction),
                        \(answer.answeredAt), \(answer.usedHint), \(answer.points.map(Int64.init)), \(answer.reason))
                    """, logger: self.logger)
            }
            return true
        }
    }
}
