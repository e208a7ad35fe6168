import Foundation
import GRDB
import PetriProtocol
import PetriStorage

/// Teachers' accounts, sign-in links, sessions and lesson shares (migration `v4`), synchronous like
/// the rest of the store; ``SQLiteLessonStorage`` runs them on its queue.
extension PetriStore {
    /// A write that either committed, or found nothing to act on (no such teacher) or a taken name.
    enum AccountWrite<T> {
        case done(T)
        case unknown(String)
        case taken(String)

        func result() throws(TeacherStorageError) -> T {
            switch self {
            case .done(let value): return value
            case .unknown(let id): throw TeacherStorageError.noSuchTeacher(id)
            case .taken(let name): throw TeacherStorageError.taken(name)
            }
        }
    }

    package func addTeacher(_ teacher: TeacherRecord) throws -> Void {
        try write { db -> AccountWrite<Void> in
            let keys = [teacher.name.lowercased(), teacher.email?.lowercased()].compactMap { $0 }
            let clash =
                try Int.fetchOne(
                    db,
                    sql: "SELECT count(*) FROM teacher WHERE nameKey IN (?, ?) OR emailKey IN (?, ?)",
                    arguments: [keys[0], keys.last, keys[0], keys.last]) ?? 0
            guard clash == 0 else { return .taken(teacher.name) }
            try db.execute(
                sql: """
                    INSERT INTO teacher (id, name, nameKey, email, emailKey, status, passwordHash, createdAt)
                    VALUES (?, ?, ?, ?, ?, ?, ?, ?)
                    """,
                arguments: [
                    teacher.id, teacher.name, teacher.name.lowercased(), teacher.email, teacher.email?.lowercased(),
                    teacher.status.rawValue, teacher.passwordHash, teacher.createdAt.storedSeconds,
                ])
            return .done(())
        }.result()
    }

    package func teachers() throws -> [TeacherRecord] {
        try read { db in try Row.fetchAll(db, sql: "SELECT * FROM teacher ORDER BY nameKey").map(Self.teacher) }
    }

    package func teacher(id: String) throws -> TeacherRecord? {
        try read { db in
            try Row.fetchOne(db, sql: "SELECT * FROM teacher WHERE id = ?", arguments: [id]).map(Self.teacher)
        }
    }

    package func teacher(named nameOrEmail: String) throws -> TeacherRecord? {
        let key = nameOrEmail.lowercased()
        return try read { db in
            try Row.fetchOne(
                db, sql: "SELECT * FROM teacher WHERE nameKey = ? OR emailKey = ? ORDER BY nameKey = ? DESC LIMIT 1",
                arguments: [key, key, key]
            ).map(Self.teacher)
        }
    }

    package func setStatus(_ status: TeacherStatus, ofTeacher id: String, at time: Timestamp) throws {
        try write { db -> AccountWrite<Void> in
            try db.execute(sql: "UPDATE teacher SET status = ? WHERE id = ?", arguments: [status.rawValue, id])
            guard db.changesCount == 1 else { return .unknown(id) }
            if status == .disabled { try Self.revokeSessions(db, ofTeacher: id, at: time) }
            return .done(())
        }.result()
    }

    package func removeTeacher(id: String) throws {
        try write { db -> AccountWrite<Void> in
            try db.execute(sql: "DELETE FROM teacher WHERE id = ?", arguments: [id])
            return db.changesCount == 1 ? .done(()) : .unknown(id)
        }.result()
    }

    package func addSignInLink(_ link: SignInLinkRecord, endingSessions: Bool) throws {
        try write { db -> AccountWrite<Void> in
            guard try Bool.fetchOne(db, sql: "SELECT 1 FROM teacher WHERE id = ?", arguments: [link.teacherId]) != nil
            else { return .unknown(link.teacherId) }
            try db.execute(
                sql: "DELETE FROM signInLink WHERE teacherId = ? AND usedAt IS NULL", arguments: [link.teacherId])
            try db.execute(
                sql: "INSERT INTO signInLink (digest, teacherId, createdAt, expiresAt) VALUES (?, ?, ?, ?)",
                arguments: [
                    Data(link.digest.bytes), link.teacherId, link.createdAt.storedSeconds, link.expiresAt.storedSeconds,
                ])
            if endingSessions { try Self.revokeSessions(db, ofTeacher: link.teacherId, at: link.createdAt) }
            return .done(())
        }.result()
    }

    package func signInLink(_ digest: TokenHash) throws -> SignInLinkRecord? {
        try read { db in
            try Row.fetchOne(db, sql: "SELECT * FROM signInLink WHERE digest = ?", arguments: [Data(digest.bytes)])
                .map(Self.link)
        }
    }

    package func redeemSignInLink(_ digest: TokenHash, passwordHash: String, at time: Timestamp) throws
        -> TeacherRecord?
    {
        try write { db -> TeacherRecord? in
            guard
                let teacherId = try String.fetchOne(
                    db,
                    sql: """
                        UPDATE signInLink SET usedAt = ?
                        WHERE digest = ? AND usedAt IS NULL AND expiresAt > ?
                        RETURNING teacherId
                        """,
                    arguments: [time.storedSeconds, Data(digest.bytes), time.storedSeconds])
            else { return nil }
            try db.execute(
                sql: "UPDATE teacher SET passwordHash = ? WHERE id = ?", arguments: [passwordHash, teacherId])
            return try Row.fetchOne(db, sql: "SELECT * FROM teacher WHERE id = ?", arguments: [teacherId])
                .map(Self.teacher)
        }
    }

    package func setPasswordHash(_ hash: String, ofTeacher id: String) throws {
        try write { db -> AccountWrite<Void> in
            try db.execute(sql: "UPDATE teacher SET passwordHash = ? WHERE id = ?", arguments: [hash, id])
            return db.changesCount == 1 ? .done(()) : .unknown(id)
        }.result()
    }

    package func addSession(_ session: TeacherSessionRecord) throws {
        try write { db in
            try db.execute(
                sql: """
                    INSERT INTO teacherSession (digest, teacherId, createdAt, lastSeenAt, address, revokedAt)
                    VALUES (?, ?, ?, ?, ?, ?)
                    """,
                arguments: [
                    Data(session.digest.bytes), session.teacherId, session.createdAt.storedSeconds,
                    session.lastSeenAt.storedSeconds, session.address, session.revokedAt?.storedSeconds,
                ])
        }
    }

    package func session(_ digest: TokenHash) throws -> (session: TeacherSessionRecord, teacher: TeacherRecord)? {
        try read { db in
            guard
                let row = try Row.fetchOne(
                    db, sql: "SELECT * FROM teacherSession WHERE digest = ?", arguments: [Data(digest.bytes)]),
                let teacher = try Row.fetchOne(
                    db, sql: "SELECT * FROM teacher WHERE id = ?", arguments: [row["teacherId"] as String])
            else { return nil }
            return (Self.session(row), Self.teacher(teacher))
        }
    }

    package func touchSession(_ digest: TokenHash, at time: Timestamp) throws {
        try write { db in
            try db.execute(
                sql: "UPDATE teacherSession SET lastSeenAt = max(lastSeenAt, ?) WHERE digest = ?",
                arguments: [time.storedSeconds, Data(digest.bytes)])
        }
    }

    package func sessions(ofTeacher id: String?) throws -> [TeacherSessionRecord] {
        try read { db in
            try Row.fetchAll(
                db,
                sql: """
                    SELECT * FROM teacherSession WHERE revokedAt IS NULL AND (? IS NULL OR teacherId = ?)
                    ORDER BY createdAt DESC, hex(digest) DESC
                    """,
                arguments: [id, id]
            ).map(Self.session)
        }
    }

    package func revokeSession(_ digest: TokenHash, at time: Timestamp) throws -> Bool {
        try write { db in
            try db.execute(
                sql: "UPDATE teacherSession SET revokedAt = ? WHERE digest = ? AND revokedAt IS NULL",
                arguments: [time.storedSeconds, Data(digest.bytes)])
            return db.changesCount == 1
        }
    }

    package func revokeSessions(ofTeacher id: String, at time: Timestamp) throws -> Int {
        try write { db in try Self.revokeSessions(db, ofTeacher: id, at: time) }
    }

    @discardableResult
    private static func revokeSessions(_ db: Database, ofTeacher id: String, at time: Timestamp) throws -> Int {
        try db.execute(
            sql: "UPDATE teacherSession SET revokedAt = ? WHERE teacherId = ? AND revokedAt IS NULL",
            arguments: [time.storedSeconds, id])
        return db.changesCount
    }

    package func forgetSessions(before time: Timestamp) throws -> Int {
        try write { db in
            try db.execute(
                sql: "DELETE FROM teacherSession WHERE createdAt < ? OR revokedAt < ?",
                arguments: [time.storedSeconds, time.storedSeconds])
            return db.changesCount
        }
    }

    package func setOwner(_ teacherId: String?, ofLesson lessonId: String) throws {
        try write { db in
            try db.execute(
                sql: "DELETE FROM lessonTeacher WHERE lessonId = ? AND role = 'owner'", arguments: [lessonId])
            guard let teacherId else { return }
            try db.execute(
                sql: """
                    INSERT INTO lessonTeacher (lessonId, teacherId, role) VALUES (?, ?, 'owner')
                    ON CONFLICT (lessonId, teacherId) DO UPDATE SET role = 'owner'
                    """,
                arguments: [lessonId, teacherId])
        }
    }

    package func share(lesson lessonId: String, with teacherId: String) throws {
        try write { db -> AccountWrite<Void> in
            guard try Bool.fetchOne(db, sql: "SELECT 1 FROM teacher WHERE id = ?", arguments: [teacherId]) != nil
            else { return .unknown(teacherId) }
            try db.execute(
                sql: """
                    INSERT INTO lessonTeacher (lessonId, teacherId, role) VALUES (?, ?, 'co-teacher')
                    ON CONFLICT (lessonId, teacherId) DO NOTHING
                    """,
                arguments: [lessonId, teacherId])
            return .done(())
        }.result()
    }

    package func unshare(lesson lessonId: String, with teacherId: String) throws {
        try write { db in
            try db.execute(
                sql: "DELETE FROM lessonTeacher WHERE lessonId = ? AND teacherId = ? AND role = 'co-teacher'",
                arguments: [lessonId, teacherId])
        }
    }

    package func handOver(lesson lessonId: String, to teacherId: String?) throws {
        try write { db -> AccountWrite<Void> in
            if let teacherId,
                try Bool.fetchOne(db, sql: "SELECT 1 FROM teacher WHERE id = ?", arguments: [teacherId]) == nil
            {
                return .unknown(teacherId)
            }
            try db.execute(
                sql: "UPDATE lessonTeacher SET role = 'co-teacher' WHERE lessonId = ? AND role = 'owner'",
                arguments: [lessonId])
            if let teacherId {
                try db.execute(
                    sql: """
                        INSERT INTO lessonTeacher (lessonId, teacherId, role) VALUES (?, ?, 'owner')
                        ON CONFLICT (lessonId, teacherId) DO UPDATE SET role = 'owner'
                        """,
                    arguments: [lessonId, teacherId])
            }
            return .done(())
        }.result()
    }

    package func teachers(ofLesson lessonId: String) throws -> LessonTeachers {
        try read { db in
            var teachers = LessonTeachers(owner: nil)
            for row in try Row.fetchAll(
                db, sql: "SELECT teacherId, role FROM lessonTeacher WHERE lessonId = ? ORDER BY teacherId",
                arguments: [lessonId])
            {
                let teacherId: String = row["teacherId"]
                if (row["role"] as String) == LessonRole.owner.rawValue {
                    teachers.owner = teacherId
                } else {
                    teachers.coTeachers.append(teacherId)
                }
            }
            return teachers
        }
    }

    package func lessons(ofTeacher teacherId: String) throws -> [String: LessonRole] {
        try read { db in
            var roles: [String: LessonRole] = [:]
            for row in try Row.fetchAll(
                db, sql: "SELECT lessonId, role FROM lessonTeacher WHERE teacherId = ?", arguments: [teacherId])
            {
                let lessonId: String = row["lessonId"]
                roles[lessonId] = LessonRole(rawValue: row["role"] as String) ?? .coTeacher
            }
            return roles
        }
    }

    /// Every row of the account tables, as `petri store copy` moves them.
    package func accountsCopy() throws -> AccountsCopy {
        try read { db in
            AccountsCopy(
                teachers: try Row.fetchAll(db, sql: "SELECT * FROM teacher ORDER BY createdAt, id").map(Self.teacher),
                links: try Row.fetchAll(db, sql: "SELECT * FROM signInLink ORDER BY createdAt").map(Self.link),
                sessions: try Row.fetchAll(db, sql: "SELECT * FROM teacherSession ORDER BY createdAt").map(
                    Self.session),
                lessonTeachers: try Row.fetchAll(
                    db, sql: "SELECT * FROM lessonTeacher ORDER BY lessonId, teacherId"
                ).map {
                    AccountsCopy.LessonTeacher(
                        lessonId: $0["lessonId"], teacherId: $0["teacherId"],
                        role: LessonRole(rawValue: $0["role"] as String) ?? .coTeacher)
                })
        }
    }

    private static func teacher(_ row: Row) -> TeacherRecord {
        TeacherRecord(
            id: row["id"], name: row["name"], email: row["email"],
            status: TeacherStatus(rawValue: row["status"] as String) ?? .disabled, passwordHash: row["passwordHash"],
            createdAt: Timestamp(storedSeconds: row["createdAt"]))
    }

    private static func digest(_ row: Row) -> TokenHash {
        let data: Data = row["digest"]
        // The schema checks the length, so every stored digest is 32 bytes.
        return TokenHash(bytes: Array(data)) ?? TokenHash(of: "")
    }

    private static func session(_ row: Row) -> TeacherSessionRecord {
        TeacherSessionRecord(
            digest: digest(row), teacherId: row["teacherId"], createdAt: Timestamp(storedSeconds: row["createdAt"]),
            lastSeenAt: Timestamp(storedSeconds: row["lastSeenAt"]), address: row["address"],
            revokedAt: (row["revokedAt"] as Double?).map(Timestamp.init(storedSeconds:)))
    }

    private static func link(_ row: Row) -> SignInLinkRecord {
        SignInLinkRecord(
            digest: digest(row), teacherId: row["teacherId"], createdAt: Timestamp(storedSeconds: row["createdAt"]),
            expiresAt: Timestamp(storedSeconds: row["expiresAt"]),
            usedAt: (row["usedAt"] as Double?).map(Timestamp.init(storedSeconds:)))
    }
}
