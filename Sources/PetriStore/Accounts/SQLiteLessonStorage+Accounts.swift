import PetriProtocol
import PetriStorage

/// ``TeacherAccountStorage`` on the SQLite store, each call on the storage's queue like every lesson write.
extension SQLiteLessonStorage: TeacherAccountStorage {
    package func addTeacher(_ teacher: TeacherRecord) async throws {
        try await run { store in try store.addTeacher(teacher) }
    }

    package func teachers() async throws -> [TeacherRecord] { try await run { store in try store.teachers() } }

    package func teacher(id: String) async throws -> TeacherRecord? {
        try await run { store in try store.teacher(id: id) }
    }

    package func teacher(named nameOrEmail: String) async throws -> TeacherRecord? {
        try await run { store in try store.teacher(named: nameOrEmail) }
    }

    package func setStatus(_ status: TeacherStatus, ofTeacher id: String, at time: Timestamp) async throws {
        try await run { store in try store.setStatus(status, ofTeacher: id, at: time) }
    }

    package func removeTeacher(id: String) async throws { try await run { store in try store.removeTeacher(id: id) } }

    package func addSignInLink(_ link: SignInLinkRecord, endingSessions: Bool) async throws {
        try await run { store in try store.addSignInLink(link, endingSessions: endingSessions) }
    }

    package func signInLink(_ digest: TokenHash) async throws -> SignInLinkRecord? {
        try await run { store in try store.signInLink(digest) }
    }

    package func redeemSignInLink(_ digest: TokenHash, passwordHash: String, at time: Timestamp) async throws
        -> TeacherRecord?
    {
        try await run { store in try store.redeemSignInLink(digest, passwordHash: passwordHash, at: time) }
    }

    package func setPasswordHash(_ hash: String, ofTeacher id: String) async throws {
        try await run { store in try store.setPasswordHash(hash, ofTeacher: id) }
    }

    package func addSession(_ session: TeacherSessionRecord) async throws {
        try await run { store in try store.addSession(session) }
    }

    package func session(_ digest: TokenHash) async throws -> (session: TeacherSessionRecord, teacher: TeacherRecord)? {
        try await run { store in try store.session(digest) }
    }

    package func touchSession(_ digest: TokenHash, at time: Timestamp) async throws {
        try await run { store in try store.touchSession(digest, at: time) }
    }

    package func sessions(ofTeacher id: String) async throws -> [TeacherSessionRecord] {
        try await run { store in try store.sessions(ofTeacher: id) }
    }

    package func allSessions() async throws -> [TeacherSessionRecord] {
        try await run { store in try store.sessions(ofTeacher: nil) }
    }

    package func revokeSession(_ digest: TokenHash, at time: Timestamp) async throws -> Bool {
        try await run { store in try store.revokeSession(digest, at: time) }
    }

    package func revokeSessions(ofTeacher id: String, at time: Timestamp) async throws -> Int {
        try await run { store in try store.revokeSessions(ofTeacher: id, at: time) }
    }

    package func forgetSessions(before time: Timestamp) async throws -> Int {
        try await run { store in try store.forgetSessions(before: time) }
    }

    package func setOwner(_ teacherId: String?, ofLesson lessonId: String) async throws {
        try await run { store in try store.setOwner(teacherId, ofLesson: lessonId) }
    }

    package func share(lesson lessonId: String, with teacherId: String) async throws {
        try await run { store in try store.share(lesson: lessonId, with: teacherId) }
    }

    package func unshare(lesson lessonId: String, with teacherId: String) async throws {
        try await run { store in try store.unshare(lesson: lessonId, with: teacherId) }
    }

    package func handOver(lesson lessonId: String, to teacherId: String?) async throws {
        try await run { store in try store.handOver(lesson: lessonId, to: teacherId) }
    }

    package func teachers(ofLesson lessonId: String) async throws -> LessonTeachers {
        try await run { store in try store.teachers(ofLesson: lessonId) }
    }

    package func lessons(ofTeacher teacherId: String) async throws -> [String: LessonRole] {
        try await run { store in try store.lessons(ofTeacher: teacherId) }
    }

    package func lessonRecords(ids: [String]) async throws -> [(record: LessonRecord, endedAt: Timestamp?)] {
        try await run { store in
            try ids.compactMap { id in
                guard let lesson = try store.lesson(id: id) else { return nil }
                return (
                    try LessonRecord(storedJSON: lesson.settings), lesson.endedAt.map(Timestamp.init(storedSeconds:))
                )
            }
        }
    }
}
