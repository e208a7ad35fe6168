import PetriPostgresTesting
import PetriProtocol
import PetriStorage
import PetriStorageTesting
import Testing

@testable import PetriStorePostgres

/// The PostgreSQL store keeps teachers' accounts, links, sessions and lesson shares as every store must
/// (``AccountStoreScenarios``), on the private PostgreSQL server; and what one node writes, another reads.
@Suite struct TeacherAccountTests {
    /// A lesson copied in, for the scenarios that own and share one.
    static func lesson(_ id: String, in storage: PostgresLessonStorage) async throws {
        _ = try await storage.importLesson(
            LessonCopy(
                lesson: .init(
                    id: id, joinCode: "ACCT", teacherTokenHash: Array(repeating: 7, count: 32), model: "camouflage",
                    definition: "{}", settings: "{}", createdAt: 1, endedAt: nil),
                actions: [], checkpoints: [], students: [], answers: []))
    }

    @Test func thePostgresStoreKeepsAccountsAsEveryStoreMust() async throws {
        for (name, body) in AccountStoreScenarios.all {
            // Given a fresh database with one lesson
            let url = try await PrivatePostgres.shared().createDatabase()
            let storage = try await LeaseFencingTests.node("accounts", url)
            defer { storage.close() }
            try await Self.lesson("lesson-accounts", in: storage)

            // Then the scenario holds
            do {
                try await body(storage, "lesson-accounts")
            } catch {
                Issue.record("\(name): \(error)")
            }
        }
    }

    @Test func aTeacherDisabledOnOneNodeHasNoLiveSessionOnAnother() async throws {
        // Given two nodes on one database and a teacher signed in through the first
        let url = try await PrivatePostgres.shared().createDatabase()
        let first = try await LeaseFencingTests.node("first", url)
        let second = try await LeaseFencingTests.node("second", url)
        defer {
            first.close()
            second.close()
        }
        let t0 = Timestamp(millisecondsSince1970: 1_800_000_000_000)
        try await first.addTeacher(TeacherRecord(id: "t1", name: "Ada", email: nil, createdAt: t0))
        try await first.addSession(
            TeacherSessionRecord(
                digest: TokenHash(of: "s1"), teacherId: "t1", createdAt: t0, lastSeenAt: t0, address: "192.0.2.1"))
        #expect(try await second.session(TokenHash(of: "s1"))?.session.revokedAt == nil)

        // When the second node disables her
        try await second.setStatus(.disabled, ofTeacher: "t1", at: t0.adding(seconds: 1))

        // Then the first node reads her session revoked and her account disabled
        let seen = try await first.session(TokenHash(of: "s1"))
        #expect(seen?.session.revokedAt == t0.adding(seconds: 1))
        #expect(seen?.teacher.status == .disabled)
    }

    @Test func copiedAccountsArriveWithEveryRowAndCopyingAgainChangesNothing() async throws {
        // Given the account rows of another store: a teacher with a used link, a session, a lesson of hers
        let url = try await PrivatePostgres.shared().createDatabase()
        let storage = try await LeaseFencingTests.node("copier", url)
        defer { storage.close() }
        try await Self.lesson("lesson-copied", in: storage)
        let t0 = Timestamp(millisecondsSince1970: 1_800_000_000_000)
        let copy = AccountsCopy(
            teachers: [
                TeacherRecord(id: "t1", name: "Ada", email: "ada@school.example", passwordHash: "h", createdAt: t0)
            ],
            links: [
                SignInLinkRecord(
                    digest: TokenHash(of: "l1"), teacherId: "t1", createdAt: t0, expiresAt: t0.adding(seconds: 9),
                    usedAt: t0.adding(seconds: 1))
            ],
            sessions: [
                TeacherSessionRecord(
                    digest: TokenHash(of: "s1"), teacherId: "t1", createdAt: t0, lastSeenAt: t0.adding(seconds: 2),
                    address: "192.0.2.1")
            ],
            lessonTeachers: [.init(lessonId: "lesson-copied", teacherId: "t1", role: .owner)])

        // When it is imported twice
        #expect(try await storage.importAccounts(copy) == 1)
        #expect(try await storage.importAccounts(copy) == 0)

        // Then every row reads back as it was
        #expect(try await storage.teacher(named: "ADA@school.example")?.passwordHash == "h")
        #expect(try await storage.signInLink(TokenHash(of: "l1"))?.usedAt == t0.adding(seconds: 1))
        #expect(try await storage.session(TokenHash(of: "s1"))?.session.lastSeenAt == t0.adding(seconds: 2))
        #expect(try await storage.teachers(ofLesson: "lesson-copied") == LessonTeachers(owner: "t1"))
    }
}
