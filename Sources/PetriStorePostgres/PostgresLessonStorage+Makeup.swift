import PetriProtocol
import PetriStorage
import PostgresNIO

/// ``MakeupStorage`` on PostgreSQL (migration `v10`), so that a make-up is found from any node of the cluster.
/// Make-up writes are fenced by the lesson's lease, as the lesson's own are: only the node that holds the lesson
/// serves its make-up, and one that lost it stores nothing of it (a make-up answer included).
extension PostgresLessonStorage: MakeupStorage {
    typealias MakeupRow = (String, String, String, Double, Double?, Bool)
    typealias MakeupStudentRow = (String, Int64, String, ByteBuffer, Double, String, String)

    package func saveMakeup(_ makeup: MakeupRecord) async throws {
        try await fencedWrite(makeup.lessonId, "save a make-up") { connection in
            try await connection.run(
                """
                INSERT INTO makeup (lesson_id, lesson_code, code, opened_at, until, closed)
                VALUES (\(makeup.lessonId), \(makeup.lessonCode.text), \(makeup.code.text),
                    \(makeup.openedAt.storedSeconds), \(makeup.until?.storedSeconds), \(makeup.closed))
                ON CONFLICT (lesson_id) DO UPDATE SET code = EXCLUDED.code, opened_at = EXCLUDED.opened_at,
                    until = EXCLUDED.until, closed = EXCLUDED.closed
                """, logger: self.logger)
        }
    }

    package func makeup(code: JoinCode) async throws -> MakeupRecord? {
        try await read("read a make-up") { connection in
            try await connection.run(
                """
                SELECT lesson_id, lesson_code, code, opened_at, until, closed FROM makeup WHERE code = \(code.text)
                """, logger: self.logger
            ).decode(MakeupRow.self).collected()
        }.compactMap(Self.makeup).first
    }

    package func makeup(ofLesson id: String) async throws -> MakeupRecord? {
        try await read("read a lesson's make-up") { connection in
            try await connection.run(
                """
                SELECT lesson_id, lesson_code, code, opened_at, until, closed FROM makeup WHERE lesson_id = \(id)
                """, logger: self.logger
            ).decode(MakeupRow.self).collected()
        }.compactMap(Self.makeup).first
    }

    package func saveMakeupStudents(_ students: [MakeupStudentRecord]) async throws {
        // Each lesson's students in one transaction fenced by that lesson's lease (a lesson's actor writes only its own).
        for lessonId in Set(students.map(\.lessonId)).sorted() {
            let mine = students.filter { $0.lessonId == lessonId }
            try await fencedWrite(lessonId, "save make-up students") { connection in
                for student in mine {
                    try await connection.run(
                        """
                        INSERT INTO makeup_student (lesson_id, student_id, name, token_hash, joined_at, pace, play)
                        VALUES (\(student.lessonId), \(Int64(student.student)), \(student.name),
                            \(ByteBuffer(bytes: student.tokenHash.bytes)), \(student.joinedAt.storedSeconds),
                            \(student.pace), \(student.play))
                        ON CONFLICT (lesson_id, student_id) DO UPDATE SET name = EXCLUDED.name, pace = EXCLUDED.pace,
                            play = EXCLUDED.play
                        """, logger: self.logger)
                }
            }
        }
    }

    package func makeupStudents(ofLesson id: String) async throws -> [MakeupStudentRecord] {
        try await read("read a make-up's students") { connection in
            try await connection.run(
                """
                SELECT lesson_id, student_id, name, token_hash, joined_at, pace, play FROM makeup_student
                WHERE lesson_id = \(id) ORDER BY student_id
                """, logger: self.logger
            ).decode(MakeupStudentRow.self).collected()
        }.compactMap(Self.makeupStudent)
    }

    /// `petri store copy`: make-ups and their students as another store holds them; one already here (by lesson) is
    /// left as it is, so the copy can run again. Copy the lessons first: a make-up refers to its lesson.
    ///
    /// - Returns: How many make-ups were added.
    package func importMakeups(_ makeups: [(MakeupRecord, [MakeupStudentRecord])]) async throws -> Int {
        try await write("copy make-ups") { connection in
            var added = 0
            for (makeup, students) in makeups {
                let inserted = try await connection.run(
                    """
                    INSERT INTO makeup (lesson_id, lesson_code, code, opened_at, until, closed)
                    VALUES (\(makeup.lessonId), \(makeup.lessonCode.text), \(makeup.code.text),
                        \(makeup.openedAt.storedSeconds), \(makeup.until?.storedSeconds), \(makeup.closed))
                    ON CONFLICT DO NOTHING RETURNING 1
                    """, logger: self.logger
                ).collect().count
                guard inserted > 0 else { continue }
                added += 1
                for student in students {
                    try await connection.run(
                        """
                        INSERT INTO makeup_student (lesson_id, student_id, name, token_hash, joined_at, pace, play)
                        VALUES (\(student.lessonId), \(Int64(student.student)), \(student.name),
                            \(ByteBuffer(bytes: student.tokenHash.bytes)), \(student.joinedAt.storedSeconds),
                            \(student.pace), \(student.play))
                        ON CONFLICT DO NOTHING
                        """, logger: self.logger)
                }
            }
            return added
        }
    }

    private static func makeup(_ row: MakeupRow) -> MakeupRecord? {
        guard let lessonCode = try? JoinCode(row.1), let code = try? JoinCode(row.2) else { return nil }
        return MakeupRecord(
            lessonId: row.0, lessonCode: lessonCode, code: code, openedAt: Timestamp(storedSeconds: row.3),
            until: row.4.map { Timestamp(storedSeconds: $0) }, closed: row.5)
    }

    private static func makeupStudent(_ row: MakeupStudentRow) -> MakeupStudentRecord? {
        var buffer = row.3
        guard let bytes = buffer.readBytes(length: buffer.readableBytes), let hash = TokenHash(bytes: bytes) else {
            return nil
        }
        return MakeupStudentRecord(
            lessonId: row.0, student: Int(row.1), name: row.2, tokenHash: hash,
            joinedAt: Timestamp(storedSeconds: row.4), pace: row.5, play: row.6)
    }
}
