import PetriProtocol

/// Teachers' accounts, sign-in links, sessions and who may teach each lesson, as the hub keeps them.
///
/// They live in the same store as the lessons (SQLite on one server, PostgreSQL for a cluster), so
/// every node of a cluster reads the same accounts and sessions, and `petri store copy` carries them.
/// The store decides nothing about expiry or passwords: it keeps what it is given and answers with
/// the rows; times are the caller's (the hub's clock). Secrets (session tokens, link secrets) are
/// kept as SHA-256 digests only, passwords as their salted hash only.
package protocol TeacherAccountStorage: Sendable {
    /// Adds a teacher.
    ///
    /// - Throws: ``TeacherStorageError/Code/taken`` when another teacher has the name or email (ignoring case).
    func addTeacher(_ teacher: TeacherRecord) async throws
    /// Every teacher, by name.
    func teachers() async throws -> [TeacherRecord]
    /// The teacher with this id.
    func teacher(id: String) async throws -> TeacherRecord?
    /// The teacher whose name or email is `nameOrEmail`, ignoring case.
    func teacher(named nameOrEmail: String) async throws -> TeacherRecord?
    /// Sets a teacher's status; disabling also revokes every session of theirs at `time`, in the same write.
    ///
    /// - Throws: ``TeacherStorageError/Code/unknown`` when there is no such teacher.
    func setStatus(_ status: TeacherStatus, ofTeacher id: String, at time: Timestamp) async throws
    /// Removes a teacher with their sessions, links and shares; the lessons they owned become the administrator's.
    ///
    /// - Throws: ``TeacherStorageError/Code/unknown`` when there is no such teacher.
    func removeTeacher(id: String) async throws
    /// Stores a new sign-in link for a teacher, replacing any link of theirs not used yet, and revokes
    /// their sessions when `endingSessions` (a reset: whoever held the old password is signed out).
    ///
    /// - Throws: ``TeacherStorageError/Code/unknown`` when there is no such teacher.
    func addSignInLink(_ link: SignInLinkRecord, endingSessions: Bool) async throws
    /// The sign-in link with this digest (used or not, expired or not: the caller checks).
    func signInLink(_ digest: TokenHash) async throws -> SignInLinkRecord?
    /// Uses a sign-in link once: when it exists, is unused and has not expired at `time`, marks it
    /// used and sets the teacher's password hash, in one write, and answers the teacher; else nil
    /// and nothing changes.
    func redeemSignInLink(_ digest: TokenHash, passwordHash: String, at time: Timestamp) async throws
        -> TeacherRecord?
    /// Sets a teacher's password hash (a signed-in teacher changing theirs).
    func setPasswordHash(_ hash: String, ofTeacher id: String) async throws
    /// Stores a new session.
    func addSession(_ session: TeacherSessionRecord) async throws
    /// The session with this digest and its teacher (revoked or not: the caller checks).
    func session(_ digest: TokenHash) async throws -> (session: TeacherSessionRecord, teacher: TeacherRecord)?
    /// Records that the session was used at `time`.
    func touchSession(_ digest: TokenHash, at time: Timestamp) async throws
    /// A teacher's sessions not revoked, newest first.
    func sessions(ofTeacher id: String) async throws -> [TeacherSessionRecord]
    /// Every session not revoked, newest first (for the administrator).
    func allSessions() async throws -> [TeacherSessionRecord]
    /// Revokes one session at `time`; false when it was not there or already revoked.
    func revokeSession(_ digest: TokenHash, at time: Timestamp) async throws -> Bool
    /// Revokes every session of a teacher at `time`; answers how many.
    func revokeSessions(ofTeacher id: String, at time: Timestamp) async throws -> Int
    /// Deletes the sessions made, or revoked, before `time` (the server passes 7 days ago: every such
    /// session has ended); answers how many.
    func forgetSessions(before time: Timestamp) async throws -> Int
    /// Records the owner of a new lesson (nil: the administrator, when nothing is written).
    func setOwner(_ teacherId: String?, ofLesson lessonId: String) async throws
    /// Shares a lesson with a colleague (idempotent); the owner cannot also be a co-teacher.
    func share(lesson lessonId: String, with teacherId: String) async throws
    /// Ends a colleague's share of a lesson (idempotent).
    func unshare(lesson lessonId: String, with teacherId: String) async throws
    /// Gives a lesson to another teacher (nil: the administrator); the previous owner stays on as a
    /// co-teacher, and the new owner stops being one.
    func handOver(lesson lessonId: String, to teacherId: String?) async throws
    /// Who may teach a lesson (no rows: the administrator's alone).
    func teachers(ofLesson lessonId: String) async throws -> LessonTeachers
    /// The ids of the lessons a teacher owns or shares, with their part in each.
    func lessons(ofTeacher teacherId: String) async throws -> [String: LessonRole]
    /// The stored records of these lessons, with when each ended (nil while it runs), for "my lessons"
    /// in a cluster, where the lessons may run on other nodes; a store that keeps no lessons answers none.
    func lessonRecords(ids: [String]) async throws -> [(record: LessonRecord, endedAt: Timestamp?)]
}
