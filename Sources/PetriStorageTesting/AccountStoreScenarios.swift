import PetriProtocol
import PetriStorage

/// What every ``TeacherAccountStorage`` must do, as scenarios the tests of each store run on a fresh
/// store (in memory, SQLite, PostgreSQL): one behaviour, one body, three stores.
///
/// A scenario throws ``ScenarioFailure`` saying what differed.
package enum AccountStoreScenarios {
    /// Every scenario, by name, for stores that run them all in one test.
    package static let all: [(String, @Sendable (any TeacherAccountStorage, String) async throws -> Void)] = [
        ("names and emails are unique ignoring case", namesAndEmailsAreUniqueIgnoringCase),
        ("a sign-in link works once and not after it expired", aSignInLinkWorksOnceAndNotAfterExpiry),
        ("a reset replaces the unused link and ends sessions", aResetReplacesTheLinkAndEndsSessions),
        ("disabling a teacher revokes their sessions", disablingATeacherRevokesTheirSessions),
        ("sessions are listed, touched and revoked one by one", sessionsAreListedTouchedAndRevoked),
        ("a lesson is owned, shared and handed over", aLessonIsOwnedSharedAndHandedOver),
        ("removing a teacher leaves their lessons to the administrator", removingATeacherLeavesTheirLessons),
    ]

    static let t0 = Timestamp(millisecondsSince1970: 1_800_000_000_000)

    static func teacher(_ name: String, email: String? = nil) -> TeacherRecord {
        TeacherRecord(id: "id-" + name.lowercased(), name: name, email: email, createdAt: t0)
    }

    static func check(_ condition: Bool, _ what: String) throws {
        if !condition { throw ScenarioFailure(message: what) }
    }

    /// A second teacher whose name or email another has (ignoring case) is refused as taken.
    package static func namesAndEmailsAreUniqueIgnoringCase(_ store: any TeacherAccountStorage, _: String)
        async throws
    {
        try await store.addTeacher(teacher("Ada", email: "ada@school.example"))
        for clash in [teacher("ADA"), teacher("Bo", email: "Ada@School.example"), teacher("ada@school.example")] {
            var refused = false
            do { try await store.addTeacher(clash) } catch let error as TeacherStorageError {
                refused = error.code == .taken
            }
            try check(refused, "\(clash.name) / \(clash.email ?? "-") was not refused as taken")
        }
        try check(try await store.teacher(named: "ADA@school.EXAMPLE")?.name == "Ada", "found by email ignoring case")
        try check(try await store.teacher(named: "aDa")?.id == "id-ada", "found by name ignoring case")
        try check(try await store.teachers().map(\.name) == ["Ada"], "only Ada is stored")
    }

    /// A link redeems once within its validity, setting the password hash; never again, never after it expired.
    package static func aSignInLinkWorksOnceAndNotAfterExpiry(_ store: any TeacherAccountStorage, _: String)
        async throws
    {
        try await store.addTeacher(teacher("Ada"))
        let first = TokenHash(of: "link-1")
        try await store.addSignInLink(
            SignInLinkRecord(digest: first, teacherId: "id-ada", createdAt: t0, expiresAt: t0.adding(seconds: 60)),
            endingSessions: false)
        let used = try await store.redeemSignInLink(first, passwordHash: "hash-1", at: t0.adding(seconds: 59))
        try check(used?.passwordHash == "hash-1", "the link set the password")
        let again = try await store.redeemSignInLink(first, passwordHash: "hash-2", at: t0.adding(seconds: 59))
        try check(again == nil, "a used link worked again")
        try check(try await store.signInLink(first)?.usedAt != nil, "the link is marked used")

        let second = TokenHash(of: "link-2")
        try await store.addSignInLink(
            SignInLinkRecord(digest: second, teacherId: "id-ada", createdAt: t0, expiresAt: t0.adding(seconds: 60)),
            endingSessions: false)
        let late = try await store.redeemSignInLink(second, passwordHash: "hash-3", at: t0.adding(seconds: 60))
        try check(late == nil, "an expired link worked")
        try check(try await store.teacher(id: "id-ada")?.passwordHash == "hash-1", "the password stayed hash-1")
        try check(try await store.redeemSignInLink(TokenHash(of: "never"), passwordHash: "x", at: t0) == nil, "unknown")
    }

    /// A reset's link replaces the unused one (which stops working) and revokes the teacher's sessions.
    package static func aResetReplacesTheLinkAndEndsSessions(_ store: any TeacherAccountStorage, _: String)
        async throws
    {
        try await store.addTeacher(teacher("Ada"))
        let old = TokenHash(of: "old"), new = TokenHash(of: "new")
        try await store.addSignInLink(
            SignInLinkRecord(digest: old, teacherId: "id-ada", createdAt: t0, expiresAt: t0.adding(seconds: 600)),
            endingSessions: false)
        try await store.addSession(session("s1", of: "id-ada"))
        try await store.addSignInLink(
            SignInLinkRecord(
                digest: new, teacherId: "id-ada", createdAt: t0.adding(seconds: 5), expiresAt: t0.adding(seconds: 600)),
            endingSessions: true)
        try check(try await store.redeemSignInLink(old, passwordHash: "h", at: t0.adding(seconds: 6)) == nil, "old")
        try check(try await store.session(TokenHash(of: "s1"))?.session.revokedAt != nil, "the session was revoked")
        try check(try await store.redeemSignInLink(new, passwordHash: "h", at: t0.adding(seconds: 6)) != nil, "new")
    }

    static func session(_ token: String, of teacherId: String, at time: Timestamp = t0) -> TeacherSessionRecord {
        TeacherSessionRecord(
            digest: TokenHash(of: token), teacherId: teacherId, createdAt: time, lastSeenAt: time, address: "192.0.2.7")
    }

    /// Disabling a teacher revokes every session of theirs in the same write; others' stay.
    package static func disablingATeacherRevokesTheirSessions(_ store: any TeacherAccountStorage, _: String)
        async throws
    {
        try await store.addTeacher(teacher("Ada"))
        try await store.addTeacher(teacher("Bo"))
        for token in ["a1", "a2"] { try await store.addSession(session(token, of: "id-ada")) }
        try await store.addSession(session("b1", of: "id-bo"))
        try await store.setStatus(.disabled, ofTeacher: "id-ada", at: t0.adding(seconds: 10))
        let ada = try await store.session(TokenHash(of: "a1"))
        try check(ada?.teacher.status == .disabled, "Ada is disabled")
        try check(ada?.session.revokedAt == t0.adding(seconds: 10), "Ada's session was revoked when she was disabled")
        try check(try await store.sessions(ofTeacher: "id-ada").isEmpty, "Ada has no live session")
        try check(try await store.allSessions().map(\.teacherId) == ["id-bo"], "Bo's session stays")
        try await store.setStatus(.active, ofTeacher: "id-ada", at: t0.adding(seconds: 20))
        try check(try await store.teacher(id: "id-ada")?.status == .active, "Ada is enabled again")
        try check(try await store.sessions(ofTeacher: "id-ada").isEmpty, "enabling brings no session back")
        var unknown = false
        do { try await store.setStatus(.disabled, ofTeacher: "nobody", at: t0) } catch let error as TeacherStorageError
        {
            unknown = error.code == .unknown
        }
        try check(unknown, "disabling nobody is refused as unknown")
    }

    /// A teacher's sessions are listed newest first, record their last use, and are revoked one at a time.
    package static func sessionsAreListedTouchedAndRevoked(_ store: any TeacherAccountStorage, _: String)
        async throws
    {
        try await store.addTeacher(teacher("Ada"))
        try await store.addSession(session("older", of: "id-ada", at: t0))
        try await store.addSession(session("newer", of: "id-ada", at: t0.adding(seconds: 1)))
        try await store.touchSession(TokenHash(of: "older"), at: t0.adding(seconds: 30))
        let listed = try await store.sessions(ofTeacher: "id-ada")
        try check(listed.map(\.digest) == [TokenHash(of: "newer"), TokenHash(of: "older")], "newest first")
        try check(listed.last?.lastSeenAt == t0.adding(seconds: 30), "the touch was recorded")
        try check(listed.last?.address == "192.0.2.7", "the address is kept")
        try check(try await store.revokeSession(TokenHash(of: "older"), at: t0.adding(seconds: 40)), "revoked")
        try check(!(try await store.revokeSession(TokenHash(of: "older"), at: t0.adding(seconds: 41))), "not twice")
        try check(try await store.sessions(ofTeacher: "id-ada").map(\.digest) == [TokenHash(of: "newer")], "one left")
        try check(try await store.revokeSessions(ofTeacher: "id-ada", at: t0.adding(seconds: 50)) == 1, "the rest")
        // Sessions made or revoked before a time are forgotten; the others stay
        try await store.addSession(session("later", of: "id-ada", at: t0.adding(seconds: 60)))
        try check(try await store.forgetSessions(before: t0.adding(milliseconds: 500)) == 1, "only the one made at 0")
        try check(try await store.session(TokenHash(of: "older")) == nil, "the one made at 0 is forgotten")
        try check(try await store.session(TokenHash(of: "newer")) != nil, "the one made at 1, revoked at 50, stays")
        try check(try await store.session(TokenHash(of: "later")) != nil, "the live one stays")
    }

    /// The owner and co-teachers of a lesson; a hand-over keeps the old owner as a co-teacher.
    package static func aLessonIsOwnedSharedAndHandedOver(_ store: any TeacherAccountStorage, _ lesson: String)
        async throws
    {
        for name in ["Ada", "Bo", "Cy"] { try await store.addTeacher(teacher(name)) }
        try check(try await store.teachers(ofLesson: lesson) == LessonTeachers(owner: nil), "the administrator's")
        try await store.setOwner("id-ada", ofLesson: lesson)
        try await store.share(lesson: lesson, with: "id-bo")
        try await store.share(lesson: lesson, with: "id-bo")
        try check(
            try await store.teachers(ofLesson: lesson) == LessonTeachers(owner: "id-ada", coTeachers: ["id-bo"]),
            "Ada owns it, Bo shares it")
        try check(try await store.lessons(ofTeacher: "id-bo") == [lesson: .coTeacher], "Bo's lessons")
        try check(try await store.lessons(ofTeacher: "id-cy").isEmpty, "Cy has none")
        try await store.handOver(lesson: lesson, to: "id-bo")
        try check(
            try await store.teachers(ofLesson: lesson) == LessonTeachers(owner: "id-bo", coTeachers: ["id-ada"]),
            "handed to Bo, Ada stays on as co-teacher")
        try await store.unshare(lesson: lesson, with: "id-ada")
        try check(try await store.lessons(ofTeacher: "id-ada").isEmpty, "Ada no longer shares it")
        try await store.handOver(lesson: lesson, to: nil)
        try check(
            try await store.teachers(ofLesson: lesson) == LessonTeachers(owner: nil, coTeachers: ["id-bo"]),
            "handed to the administrator")
    }

    /// Removing a teacher removes their sessions and shares; their lessons become the administrator's.
    package static func removingATeacherLeavesTheirLessons(_ store: any TeacherAccountStorage, _ lesson: String)
        async throws
    {
        try await store.addTeacher(teacher("Ada"))
        try await store.addSession(session("a1", of: "id-ada"))
        try await store.setOwner("id-ada", ofLesson: lesson)
        try await store.removeTeacher(id: "id-ada")
        try check(try await store.teacher(id: "id-ada") == nil, "Ada is gone")
        try check(try await store.session(TokenHash(of: "a1")) == nil, "her session is gone")
        try check(try await store.teachers(ofLesson: lesson) == LessonTeachers(owner: nil), "the administrator's now")
    }
}

/// A scenario's expectation that did not hold.
package struct ScenarioFailure: Error, CustomStringConvertible {
    package var message: String
    package var description: String { message }
}
