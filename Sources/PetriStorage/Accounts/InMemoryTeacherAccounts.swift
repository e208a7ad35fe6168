import PetriProtocol

/// Teachers' accounts in memory: for tests, and for a server started without a data directory.
package actor InMemoryTeacherAccounts: TeacherAccountStorage {
    private var byID: [String: TeacherRecord] = [:]
    private var links: [TokenHash: SignInLinkRecord] = [:]
    private var sessionRows: [TokenHash: TeacherSessionRecord] = [:]
    private var owners: [String: String] = [:]
    private var shares: [String: Set<String>] = [:]

    package init() {}

    private func find(_ id: String) throws -> TeacherRecord {
        guard let teacher = byID[id] else { throw TeacherStorageError.noSuchTeacher(id) }
        return teacher
    }

    package func addTeacher(_ teacher: TeacherRecord) throws {
        let keys = Set([teacher.name.lowercased(), teacher.email?.lowercased()].compactMap { $0 })
        for other in byID.values
        where !keys.isDisjoint(with: [other.name.lowercased(), other.email?.lowercased()].compactMap { $0 }) {
            throw TeacherStorageError.taken(teacher.name)
        }
        byID[teacher.id] = teacher
    }

    package func teachers() -> [TeacherRecord] { byID.values.sorted { $0.name.lowercased() < $1.name.lowercased() } }

    package func teacher(id: String) -> TeacherRecord? { byID[id] }

    package func teacher(named nameOrEmail: String) -> TeacherRecord? {
        let wanted = nameOrEmail.lowercased()
        return byID.values.first { $0.name.lowercased() == wanted || $0.email?.lowercased() == wanted }
    }

    package func setStatus(_ status: TeacherStatus, ofTeacher id: String, at time: Timestamp) throws {
        var teacher = try find(id)
        teacher.status = status
        byID[id] = teacher
        if status == .disabled { _ = revokeSessions(ofTeacher: id, at: time) }
    }

    package func removeTeacher(id: String) throws {
        _ = try find(id)
        byID[id] = nil
        links = links.filter { $0.value.teacherId != id }
        sessionRows = sessionRows.filter { $0.value.teacherId != id }
        owners = owners.filter { $0.value != id }
        for lesson in shares.keys { shares[lesson]?.remove(id) }
    }

    package func addSignInLink(_ link: SignInLinkRecord, endingSessions: Bool) throws {
        _ = try find(link.teacherId)
        links = links.filter { $0.value.teacherId != link.teacherId || $0.value.usedAt != nil }
        links[link.digest] = link
        if endingSessions { _ = revokeSessions(ofTeacher: link.teacherId, at: link.createdAt) }
    }

    package func signInLink(_ digest: TokenHash) -> SignInLinkRecord? { links[digest] }

    package func redeemSignInLink(_ digest: TokenHash, passwordHash: String, at time: Timestamp) -> TeacherRecord? {
        guard var link = links[digest], link.usedAt == nil, time < link.expiresAt,
            var teacher = byID[link.teacherId]
        else { return nil }
        link.usedAt = time
        links[digest] = link
        teacher.passwordHash = passwordHash
        byID[teacher.id] = teacher
        return teacher
    }

    package func setPasswordHash(_ hash: String, ofTeacher id: String) throws {
        var teacher = try find(id)
        teacher.passwordHash = hash
        byID[id] = teacher
    }

    package func addSession(_ session: TeacherSessionRecord) { sessionRows[session.digest] = session }

    package func session(_ digest: TokenHash) -> (session: TeacherSessionRecord, teacher: TeacherRecord)? {
        guard let session = sessionRows[digest], let teacher = byID[session.teacherId] else { return nil }
        return (session, teacher)
    }

    package func touchSession(_ digest: TokenHash, at time: Timestamp) { sessionRows[digest]?.lastSeenAt = time }

    package func sessions(ofTeacher id: String) -> [TeacherSessionRecord] {
        allSessions().filter { $0.teacherId == id }
    }

    package func allSessions() -> [TeacherSessionRecord] {
        sessionRows.values.filter { $0.revokedAt == nil }.sorted {
            ($0.createdAt, $0.digest.hex) > ($1.createdAt, $1.digest.hex)
        }
    }

    package func revokeSession(_ digest: TokenHash, at time: Timestamp) -> Bool {
        guard sessionRows[digest]?.revokedAt == nil, sessionRows[digest] != nil else { return false }
        sessionRows[digest]?.revokedAt = time
        return true
    }

    package func revokeSessions(ofTeacher id: String, at time: Timestamp) -> Int {
        var count = 0
        for (digest, session) in sessionRows where session.teacherId == id && session.revokedAt == nil {
            sessionRows[digest]?.revokedAt = time
            count += 1
        }
        return count
    }

    package func forgetSessions(before time: Timestamp) -> Int {
        let before = sessionRows.count
        sessionRows = sessionRows.filter {
            $0.value.createdAt >= time && ($0.value.revokedAt.map { $0 >= time } ?? true)
        }
        return before - sessionRows.count
    }

    package func setOwner(_ teacherId: String?, ofLesson lessonId: String) { owners[lessonId] = teacherId }

    package func share(lesson lessonId: String, with teacherId: String) throws {
        _ = try find(teacherId)
        guard owners[lessonId] != teacherId else { return }
        shares[lessonId, default: []].insert(teacherId)
    }

    package func unshare(lesson lessonId: String, with teacherId: String) { shares[lessonId]?.remove(teacherId) }

    package func handOver(lesson lessonId: String, to teacherId: String?) throws {
        if let teacherId { _ = try find(teacherId) }
        if let previous = owners[lessonId], previous != teacherId { shares[lessonId, default: []].insert(previous) }
        if let teacherId { shares[lessonId]?.remove(teacherId) }
        owners[lessonId] = teacherId
    }

    package func teachers(ofLesson lessonId: String) -> LessonTeachers {
        LessonTeachers(owner: owners[lessonId], coTeachers: Array(shares[lessonId] ?? []))
    }

    package func lessons(ofTeacher teacherId: String) -> [String: LessonRole] {
        var roles: [String: LessonRole] = [:]
        for (lesson, teachers) in shares where teachers.contains(teacherId) { roles[lesson] = .coTeacher }
        for (lesson, owner) in owners where owner == teacherId { roles[lesson] = .owner }
        return roles
    }

    /// Keeps no lessons (the hub that uses it holds them all).
    package func lessonRecords(ids: [String]) -> [(record: LessonRecord, endedAt: Timestamp?)] { [] }
}
