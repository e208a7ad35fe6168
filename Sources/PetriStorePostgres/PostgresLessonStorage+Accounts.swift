import PetriProtocol
import PetriStorage
import PostgresNIO

/// ``TeacherAccountStorage`` on PostgreSQL: one set of accounts and sessions for every node of the
/// cluster, so a session revoked (or a teacher disabled) on one node is refused on the next use on
/// any other. Account writes are not fenced by a lesson's lease: any node may write them.
extension PostgresLessonStorage: TeacherAccountStorage {
    typealias TeacherRow = (String, String, String?, String, String?, Double)
    typealias SessionRow = (ByteBuffer, String, Double, Double, String, Double?)
    static let teacherColumns = "id, name, email, status, password_hash, created_at"

    /// A write that either committed, or found no such teacher, or a taken name.
    enum AccountWrite: Sendable {
        case done
        case unknown(String)
        case taken(String)

        func check() throws {
            switch self {
            case .done: return
            case .unknown(let id): throw TeacherStorageError.noSuchTeacher(id)
            case .taken(let name): throw TeacherStorageError.taken(name)
            }
        }
    }

    package func addTeacher(_ teacher: TeacherRecord) async throws {
        let nameKey = teacher.name.lowercased()
        let emailKey = teacher.email?.lowercased()
        try await write("add a teacher") { connection in
            let clash = try await connection.run(
                """
                SELECT 1 FROM teacher WHERE name_key IN (\(nameKey), \(emailKey ?? nameKey))
                    OR email_key IN (\(nameKey), \(emailKey ?? nameKey))
                """, logger: self.logger
            ).collect()
            guard clash.isEmpty else { return AccountWrite.taken(teacher.name) }
            try await connection.run(
                """
                INSERT INTO teacher (id, name, name_key, email, email_key, status, password_hash, created_at)
                VALUES (\(teacher.id), \(teacher.name), \(nameKey), \(teacher.email), \(emailKey),
                    \(teacher.status.rawValue), \(teacher.passwordHash), \(teacher.createdAt.storedSeconds))
                """, logger: self.logger)
            return .done
        }.check()
    }

    package func teachers() async throws -> [TeacherRecord] {
        try await read("list teachers") { connection in
            try await connection.run(
                PostgresQuery(unsafeSQL: "SELECT \(Self.teacherColumns) FROM teacher ORDER BY name_key"),
                logger: self.logger
            ).decode(TeacherRow.self).collected()
        }.map(Self.teacher)
    }

    package func teacher(id: String) async throws -> TeacherRecord? {
        try await read("read a teacher") { connection in
            try await connection.run(
                "SELECT id, name, email, status, password_hash, created_at FROM teacher WHERE id = \(id)",
                logger: self.logger
            ).decode(TeacherRow.self).collected()
        }.first.map(Self.teacher)
    }

    package func teacher(named nameOrEmail: String) async throws -> TeacherRecord? {
        let key = nameOrEmail.lowercased()
        return try await read("find a teacher") { connection in
            try await connection.run(
                """
                SELECT id, name, email, status, password_hash, created_at FROM teacher
                WHERE name_key = \(key) OR email_key = \(key) ORDER BY name_key = \(key) DESC LIMIT 1
                """, logger: self.logger
            ).decode(TeacherRow.self).collected()
        }.first.map(Self.teacher)
    }

    package func setStatus(_ status: TeacherStatus, ofTeacher id: String, at time: Timestamp) async throws {
        try await write("change a teacher's status") { connection in
            let changed = try await connection.run(
                "UPDATE teacher SET status = \(status.rawValue) WHERE id = \(id) RETURNING 1", logger: self.logger
            ).collect()
            guard !changed.isEmpty else { return AccountWrite.unknown(id) }
            if status == .disabled {
                try await connection.run(
                    """
                    UPDATE teacher_session SET revoked_at = \(time.storedSeconds)
                    WHERE teacher_id = \(id) AND revoked_at IS NULL
                    """, logger: self.logger)
            }
            return .done
        }.check()
    }

    package func removeTeacher(id: String) async throws {
        try await write("remove a teacher") { connection in
            let removed = try await connection.run(
                "DELETE FROM teacher WHERE id = \(id) RETURNING 1", logger: self.logger
            ).collect()
            return removed.isEmpty ? AccountWrite.unknown(id) : .done
        }.check()
    }

    package func addSignInLink(_ link: SignInLinkRecord, endingSessions: Bool) async throws {
        try await write("store a sign-in link") { connection in
            let known = try await connection.run(
                "SELECT 1 FROM teacher WHERE id = \(link.teacherId) FOR UPDATE", logger: self.logger
            ).collect()
            guard !known.isEmpty else { return AccountWrite.unknown(link.teacherId) }
            try await connection.run(
                "DELETE FROM sign_in_link WHERE teacher_id = \(link.teacherId) AND used_at IS NULL",
                logger: self.logger)
            try await connection.run(
                """
                INSERT INTO sign_in_link (digest, teacher_id, created_at, expires_at)
                VALUES (\(ByteBuffer(bytes: link.digest.bytes)), \(link.teacherId), \(link.createdAt.storedSeconds),
                    \(link.expiresAt.storedSeconds))
                """, logger: self.logger)
            if endingSessions {
                try await connection.run(
                    """
                    UPDATE teacher_session SET revoked_at = \(link.createdAt.storedSeconds)
                    WHERE teacher_id = \(link.teacherId) AND revoked_at IS NULL
                    """, logger: self.logger)
            }
            return .done
        }.check()
    }

    package func signInLink(_ digest: TokenHash) async throws -> SignInLinkRecord? {
        let rows = try await read("read a sign-in link") { connection in
            try await connection.run(
                """
                SELECT digest, teacher_id, created_at, expires_at, used_at FROM sign_in_link
                WHERE digest = \(ByteBuffer(bytes: digest.bytes))
                """, logger: self.logger
            ).decode((ByteBuffer, String, Double, Double, Double?).self).collected()
        }
        return rows.first.map {
            SignInLinkRecord(
                digest: digest, teacherId: $0.1, createdAt: Timestamp(storedSeconds: $0.2),
                expiresAt: Timestamp(storedSeconds: $0.3), usedAt: $0.4.map(Timestamp.init(storedSeconds:)))
        }
    }

    package func redeemSignInLink(_ digest: TokenHash, passwordHash: String, at time: Timestamp) async throws
        -> TeacherRecord?
    {
        try await write("use a sign-in link") { connection -> TeacherRecord? in
            let used = try await connection.run(
                """
                UPDATE sign_in_link SET used_at = \(time.storedSeconds)
                WHERE digest = \(ByteBuffer(bytes: digest.bytes)) AND used_at IS NULL
                    AND expires_at > \(time.storedSeconds)
                RETURNING teacher_id
                """, logger: self.logger
            ).decode(String.self).collected()
            guard let teacherId = used.first else { return nil }
            return try await connection.run(
                """
                UPDATE teacher SET password_hash = \(passwordHash) WHERE id = \(teacherId)
                RETURNING id, name, email, status, password_hash, created_at
                """, logger: self.logger
            ).decode(TeacherRow.self).collected().first.map(Self.teacher)
        }
    }

    package func setPasswordHash(_ hash: String, ofTeacher id: String) async throws {
        try await write("set a teacher's password") { connection in
            let changed = try await connection.run(
                "UPDATE teacher SET password_hash = \(hash) WHERE id = \(id) RETURNING 1", logger: self.logger
            ).collect()
            return changed.isEmpty ? AccountWrite.unknown(id) : .done
        }.check()
    }

    package func addSession(_ session: TeacherSessionRecord) async throws {
        _ = try await write("store a session") { connection in
            try await connection.run(
                """
                INSERT INTO teacher_session (digest, teacher_id, created_at, last_seen_at, address, revoked_at)
                VALUES (\(ByteBuffer(bytes: session.digest.bytes)), \(session.teacherId),
                    \(session.createdAt.storedSeconds), \(session.lastSeenAt.storedSeconds), \(session.address),
                    \(session.revokedAt?.storedSeconds))
                """, logger: self.logger)
        }
    }

    package func session(_ digest: TokenHash) async throws -> (session: TeacherSessionRecord, teacher: TeacherRecord)? {
        let rows = try await read("read a session") { connection in
            try await connection.run(
                """
                SELECT s.digest, s.teacher_id, s.created_at, s.last_seen_at, s.address, s.revoked_at,
                    t.name, t.email, t.status, t.password_hash, t.created_at
                FROM teacher_session s JOIN teacher t ON t.id = s.teacher_id
                WHERE s.digest = \(ByteBuffer(bytes: digest.bytes))
                """, logger: self.logger
            ).decode(
                (ByteBuffer, String, Double, Double, String, Double?, String, String?, String, String?, Double).self
            ).collected()
        }
        guard let row = rows.first else { return nil }
        let session = Self.session((row.0, row.1, row.2, row.3, row.4, row.5))
        return (session, Self.teacher((row.1, row.6, row.7, row.8, row.9, row.10)))
    }

    package func touchSession(_ digest: TokenHash, at time: Timestamp) async throws {
        _ = try await write("record a session's use") { connection in
            try await connection.run(
                """
                UPDATE teacher_session SET last_seen_at = greatest(last_seen_at, \(time.storedSeconds))
                WHERE digest = \(ByteBuffer(bytes: digest.bytes))
                """, logger: self.logger)
        }
    }

    package func sessions(ofTeacher id: String) async throws -> [TeacherSessionRecord] {
        try await read("list a teacher's sessions") { connection in
            try await connection.run(
                """
                SELECT digest, teacher_id, created_at, last_seen_at, address, revoked_at FROM teacher_session
                WHERE teacher_id = \(id) AND revoked_at IS NULL ORDER BY created_at DESC, digest DESC
                """, logger: self.logger
            ).decode(SessionRow.self).collected()
        }.map(Self.session)
    }

    package func allSessions() async throws -> [TeacherSessionRecord] {
        try await read("list sessions") { connection in
            try await connection.run(
                """
                SELECT digest, teacher_id, created_at, last_seen_at, address, revoked_at FROM teacher_session
                WHERE revoked_at IS NULL ORDER BY created_at DESC, digest DESC
                """, logger: self.logger
            ).decode(SessionRow.self).collected()
        }.map(Self.session)
    }

    package func revokeSession(_ digest: TokenHash, at time: Timestamp) async throws -> Bool {
        try await write("revoke a session") { connection in
            let rows = try await connection.run(
                """
                UPDATE teacher_session SET revoked_at = \(time.storedSeconds)
                WHERE digest = \(ByteBuffer(bytes: digest.bytes)) AND revoked_at IS NULL RETURNING 1
                """, logger: self.logger
            ).collect()
            return !rows.isEmpty
        }
    }

    package func revokeSessions(ofTeacher id: String, at time: Timestamp) async throws -> Int {
        try await write("revoke a teacher's sessions") { connection in
            try await connection.run(
                """
                UPDATE teacher_session SET revoked_at = \(time.storedSeconds)
                WHERE teacher_id = \(id) AND revoked_at IS NULL RETURNING 1
                """, logger: self.logger
            ).collect().count
        }
    }

    package func forgetSessions(before time: Timestamp) async throws -> Int {
        try await write("forget ended sessions") { connection in
            try await connection.run(
                """
                DELETE FROM teacher_session
                WHERE created_at < \(time.storedSeconds) OR revoked_at < \(time.storedSeconds) RETURNING 1
                """, logger: self.logger
            ).collect().count
        }
    }

    package func setOwner(_ teacherId: String?, ofLesson lessonId: String) async throws {
        try await write("record a lesson's owner") { connection in
            try await connection.run(
                "DELETE FROM lesson_teacher WHERE lesson_id = \(lessonId) AND role = 'owner'", logger: self.logger)
            guard let teacherId else { return }
            try await connection.run(
                """
                INSERT INTO lesson_teacher (lesson_id, teacher_id, role) VALUES (\(lessonId), \(teacherId), 'owner')
                ON CONFLICT (lesson_id, teacher_id) DO UPDATE SET role = 'owner'
                """, logger: self.logger)
        }
    }

    package func share(lesson lessonId: String, with teacherId: String) async throws {
        try await write("share a lesson") { connection in
            let known = try await connection.run(
                "SELECT 1 FROM teacher WHERE id = \(teacherId)", logger: self.logger
            ).collect()
            guard !known.isEmpty else { return AccountWrite.unknown(teacherId) }
            try await connection.run(
                """
                INSERT INTO lesson_teacher (lesson_id, teacher_id, role)
                VALUES (\(lessonId), \(teacherId), 'co-teacher') ON CONFLICT (lesson_id, teacher_id) DO NOTHING
                """, logger: self.logger)
            return .done
        }.check()
    }

    package func unshare(lesson lessonId: String, with teacherId: String) async throws {
        _ = try await write("end a lesson's share") { connection in
            try await connection.run(
                """
                DELETE FROM lesson_teacher
                WHERE lesson_id = \(lessonId) AND teacher_id = \(teacherId) AND role = 'co-teacher'
                """, logger: self.logger)
        }
    }

    package func handOver(lesson lessonId: String, to teacherId: String?) async throws {
        try await write("hand a lesson over") { connection in
            if let teacherId {
                let known = try await connection.run(
                    "SELECT 1 FROM teacher WHERE id = \(teacherId)", logger: self.logger
                ).collect()
                guard !known.isEmpty else { return AccountWrite.unknown(teacherId) }
            }
            try await connection.run(
                "UPDATE lesson_teacher SET role = 'co-teacher' WHERE lesson_id = \(lessonId) AND role = 'owner'",
                logger: self.logger)
            if let teacherId {
                try await connection.run(
                    """
                    INSERT INTO lesson_teacher (lesson_id, teacher_id, role) VALUES (\(lessonId), \(teacherId), 'owner')
                    ON CONFLICT (lesson_id, teacher_id) DO UPDATE SET role = 'owner'
                    """, logger: self.logger)
            }
            return .done
        }.check()
    }

    package func teachers(ofLesson lessonId: String) async throws -> LessonTeachers {
        let rows = try await read("read a lesson's teachers") { connection in
            try await connection.run(
                "SELECT teacher_id, role FROM lesson_teacher WHERE lesson_id = \(lessonId) ORDER BY teacher_id",
                logger: self.logger
            ).decode((String, String).self).collected()
        }
        return LessonTeachers(
            owner: rows.first { $0.1 == LessonRole.owner.rawValue }?.0,
            coTeachers: rows.filter { $0.1 != LessonRole.owner.rawValue }.map(\.0))
    }

    package func lessons(ofTeacher teacherId: String) async throws -> [String: LessonRole] {
        let rows = try await read("list a teacher's lessons") { connection in
            try await connection.run(
                "SELECT lesson_id, role FROM lesson_teacher WHERE teacher_id = \(teacherId)", logger: self.logger
            ).decode((String, String).self).collected()
        }
        return Dictionary(
            rows.map { ($0.0, LessonRole(rawValue: $0.1) ?? .coTeacher) }, uniquingKeysWith: { a, _ in a })
    }

    package func lessonRecords(ids: [String]) async throws -> [(record: LessonRecord, endedAt: Timestamp?)] {
        let rows = try await read("read lessons") { connection in
            try await connection.run(
                "SELECT settings, ended_at FROM lesson WHERE id = ANY(\(ids)::text[]) ORDER BY created_at, id",
                logger: self.logger
            ).decode((String, Double?).self).collected()
        }
        return try rows.map { (try LessonRecord(storedJSON: $0.0), $0.1.map(Timestamp.init(storedSeconds:))) }
    }

    /// Stores the account rows copied from another store, all in one transaction, leaving each row
    /// already here as it is (so the copy can be run again). Run it after the lessons are copied.
    ///
    /// - Returns: How many teachers were new.
    package func importAccounts(_ copy: AccountsCopy) async throws -> Int {
        try await write("copy teachers' accounts") { connection in
            var added = 0
            for teacher in copy.teachers {
                let inserted = try await connection.run(
                    """
                    INSERT INTO teacher (id, name, name_key, email, email_key, status, password_hash, created_at)
                    VALUES (\(teacher.id), \(teacher.name), \(teacher.name.lowercased()), \(teacher.email),
                        \(teacher.email?.lowercased()), \(teacher.status.rawValue), \(teacher.passwordHash),
                        \(teacher.createdAt.storedSeconds))
                    ON CONFLICT (id) DO NOTHING RETURNING 1
                    """, logger: self.logger
                ).collect()
                added += inserted.count
            }
            for link in copy.links {
                try await connection.run(
                    """
                    INSERT INTO sign_in_link (digest, teacher_id, created_at, expires_at, used_at)
                    VALUES (\(ByteBuffer(bytes: link.digest.bytes)), \(link.teacherId),
                        \(link.createdAt.storedSeconds), \(link.expiresAt.storedSeconds), \(link.usedAt?.storedSeconds))
                    ON CONFLICT (digest) DO NOTHING
                    """, logger: self.logger)
            }
            for session in copy.sessions {
                try await connection.run(
                    """
                    INSERT INTO teacher_session (digest, teacher_id, created_at, last_seen_at, address, revoked_at)
                    VALUES (\(ByteBuffer(bytes: session.digest.bytes)), \(session.teacherId),
                        \(session.createdAt.storedSeconds), \(session.lastSeenAt.storedSeconds), \(session.address),
                        \(session.revokedAt?.storedSeconds))
                    ON CONFLICT (digest) DO NOTHING
                    """, logger: self.logger)
            }
            for row in copy.lessonTeachers {
                try await connection.run(
                    """
                    INSERT INTO lesson_teacher (lesson_id, teacher_id, role)
                    VALUES (\(row.lessonId), \(row.teacherId), \(row.role.rawValue)) ON CONFLICT DO NOTHING
                    """, logger: self.logger)
            }
            return added
        }
    }

    private static func teacher(_ row: TeacherRow) -> TeacherRecord {
        TeacherRecord(
            id: row.0, name: row.1, email: row.2, status: TeacherStatus(rawValue: row.3) ?? .disabled,
            passwordHash: row.4, createdAt: Timestamp(storedSeconds: row.5))
    }

    private static func session(_ row: SessionRow) -> TeacherSessionRecord {
        var buffer = row.0
        let bytes = buffer.readBytes(length: buffer.readableBytes) ?? []
        return TeacherSessionRecord(
            // The schema checks the length, so every stored digest is 32 bytes.
            digest: TokenHash(bytes: bytes) ?? TokenHash(of: ""), teacherId: row.1,
            createdAt: Timestamp(storedSeconds: row.2), lastSeenAt: Timestamp(storedSeconds: row.3), address: row.4,
            revokedAt: row.5.map(Timestamp.init(storedSeconds:)))
    }
}
