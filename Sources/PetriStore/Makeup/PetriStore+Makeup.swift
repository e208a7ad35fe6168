import Foundation
import GRDB
import PetriProtocol
import PetriStorage

/// Make-ups (migration `v9`), synchronous like the rest of the store; ``SQLiteLessonStorage`` runs them on its
/// queue.
extension PetriStore {
    package func saveMakeup(_ makeup: MakeupRecord) throws {
        try write { db in
            try db.execute(
                sql: """
                    INSERT INTO makeup (lessonId, lessonCode, code, openedAt, until, closed) VALUES (?, ?, ?, ?, ?, ?)
                    ON CONFLICT (lessonId) DO UPDATE SET
                        code = excluded.code, openedAt = excluded.openedAt, until = excluded.until,
                        closed = excluded.closed
                    """,
                arguments: [
                    makeup.lessonId, makeup.lessonCode.text, makeup.code.text, makeup.openedAt.storedSeconds,
                    makeup.until?.storedSeconds, makeup.closed ? 1 : 0,
                ])
        }
    }

    package func makeup(code: JoinCode) throws -> MakeupRecord? {
        try read { db in
            try Row.fetchOne(db, sql: "SELECT * FROM makeup WHERE code = ?", arguments: [code.text]).flatMap(
                Self.makeup)
        }
    }

    package func makeup(ofLesson id: String) throws -> MakeupRecord? {
        try read { db in
            try Row.fetchOne(db, sql: "SELECT * FROM makeup WHERE lessonId = ?", arguments: [id]).flatMap(Self.makeup)
        }
    }

    package func saveMakeupStudents(_ students: [MakeupStudentRecord]) throws {
        try write { db in
            for student in students {
                try db.execute(
                    sql: """
                        INSERT INTO makeupStudent (lessonId, studentId, name, tokenHash, joinedAt, pace, play)
                        VALUES (?, ?, ?, ?, ?, ?, ?)
                        ON CONFLICT (lessonId, studentId) DO UPDATE SET
                            name = excluded.name, pace = excluded.pace, play = excluded.play
                        """,
                    arguments: [
                        student.lessonId, student.student, student.name, Data(student.tokenHash.bytes),
                        student.joinedAt.storedSeconds, student.pace, student.play,
                    ])
            }
        }
    }

    package func makeupStudents(ofLesson id: String) throws -> [MakeupStudentRecord] {
        try read { db in
            try Row.fetchAll(
                db, sql: "SELECT * FROM makeupStudent WHERE lessonId = ? ORDER BY studentId", arguments: [id]
            ).compactMap(Self.makeupStudent)
        }
    }

    /// Every make-up and its students, as `petri store copy` moves them.
    package func makeupsCopy() throws -> [(MakeupRecord, [MakeupStudentRecord])] {
        let makeups = try read { db in
            try Row.fetchAll(db, sql: "SELECT * FROM makeup ORDER BY lessonId").compactMap(Self.makeup)
        }
        return try makeups.map { ($0, try makeupStudents(ofLesson: $0.lessonId)) }
    }

    private static func makeup(_ row: Row) -> MakeupRecord? {
        guard let lessonCode = try? JoinCode(row["lessonCode"] as String),
            let code = try? JoinCode(row["code"] as String)
        else { return nil }
        let until: Double? = row["until"]
        return MakeupRecord(
            lessonId: row["lessonId"], lessonCode: lessonCode, code: code,
            openedAt: Timestamp(storedSeconds: row["openedAt"]), until: until.map { Timestamp(storedSeconds: $0) },
            closed: (row["closed"] as Int) != 0)
    }

    private static func makeupStudent(_ row: Row) -> MakeupStudentRecord? {
        guard let hash = TokenHash(bytes: [UInt8](row["tokenHash"] as Data)) else { return nil }
        return MakeupStudentRecord(
            lessonId: row["lessonId"], student: row["studentId"], name: row["name"], tokenHash: hash,
            joinedAt: Timestamp(storedSeconds: row["joinedAt"]), pace: row["pace"], play: row["play"])
    }
}

/// ``MakeupStorage`` on the SQLite store, each call on the storage's queue like every lesson write.
extension SQLiteLessonStorage: MakeupStorage {
    package func saveMakeup(_ makeup: MakeupRecord) async throws {
        try await run { store in try store.saveMakeup(makeup) }
    }

    package func makeup(code: JoinCode) async throws -> MakeupRecord? {
        try await run { store in try store.makeup(code: code) }
    }

    package func makeup(ofLesson id: String) async throws -> MakeupRecord? {
        try await run { store in try store.makeup(ofLesson: id) }
    }

    package func saveMakeupStudents(_ students: [MakeupStudentRecord]) async throws {
        try await run { store in try store.saveMakeupStudents(students) }
    }

    package func makeupStudents(ofLesson id: String) async throws -> [MakeupStudentRecord] {
        try await run { store in try store.makeupStudents(ofLesson: id) }
    }
}
