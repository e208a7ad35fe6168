import PetriProtocol
import PetriStorage
import PetriStorageTesting
import Synchronization
import Testing

@testable import PetriAccounts

/// The time the test sets, and the audit lines written.
final class Recorder: Sendable {
    let time = Mutex(Timestamp(millisecondsSince1970: 1_800_000_000_000))
    let lines = Mutex<[String]>([])
}

/// Accounts in memory with a clock the test moves and small scrypt parameters.
final class Scene: Sendable {
    let recorder = Recorder()
    let storage = InMemoryTeacherAccounts()
    let accounts: TeacherAccounts

    init() {
        let recorder = self.recorder
        let now: @Sendable () -> Timestamp = { recorder.time.withLock { $0 } }
        accounts = TeacherAccounts(
            storage: storage, now: now,
            audit: AccountAudit(now: now, write: { line in recorder.lines.withLock { $0.append(line) } }),
            hashing: PasswordHash.Parameters(logN: 4, r: 8, p: 1))
    }

    var lines: [String] { recorder.lines.withLock { $0 } }

    func advance(seconds: Int) { recorder.time.withLock { $0 = $0.adding(seconds: seconds) } }

    /// Adds Ada and has her choose her password with her link.
    func ada() async throws -> SignedIn {
        let (_, link) = try await accounts.add(name: "Ada", email: "ada@school.example", by: "admin", from: "local")
        return try await accounts.choosePassword(link: link, password: "violet kettle harbour", from: "192.0.2.1").get()
    }
}

@Suite struct TeacherAccountsTests {
    @Test(arguments: AccountStoreScenarios.all.map(\.0))
    func theInMemoryStoreKeepsAccountsAsEveryStoreMust(_ scenario: String) async throws {
        let body = try #require(AccountStoreScenarios.all.first { $0.0 == scenario }?.1)
        try await body(InMemoryTeacherAccounts(), "lesson-1")
    }

    @Test func aNewTeacherChoosesAPasswordWithTheirLinkOnceAndSignsInWithIt() async throws {
        // Given a teacher added by the administrator, who chose her password with her link
        let scene = Scene()
        let (_, link) = try await scene.accounts.add(name: "Ada", email: nil, by: "admin", from: "local")
        let first = await scene.accounts.choosePassword(
            link: link, password: "violet kettle harbour", from: "192.0.2.1")
        #expect(try first.get().teacher.name == "Ada")

        // Then the link does not work a second time
        let again = await scene.accounts.choosePassword(link: link, password: "another fine phrase", from: "192.0.2.1")
        #expect(again.failure?.kind == .invalidLink)
        // And she signs in with her name, any case, and that password; the session token names her
        let signedIn = try await scene.accounts.signIn("ADA", password: "violet kettle harbour", from: "192.0.2.1")
            .get()
        #expect(await scene.accounts.teacher(forSession: signedIn.token)?.name == "Ada")
        // And the store holds the password only as a scrypt hash
        #expect(await scene.storage.teacher(named: "ada")?.passwordHash?.hasPrefix("$scrypt$") == true)
    }

    @Test func aLinkOlderThanSevenDaysIsRefused() async throws {
        let scene = Scene()
        let (_, link) = try await scene.accounts.add(name: "Ada", email: nil, by: "admin", from: "local")
        scene.advance(seconds: 7 * 86_400)
        let late = await scene.accounts.choosePassword(link: link, password: "violet kettle harbour", from: "192.0.2.1")
        #expect(late.failure?.kind == .invalidLink)
    }

    @Test func aWeakPasswordIsRefusedAndTheLinkStillWorks() async throws {
        let scene = Scene()
        let (_, link) = try await scene.accounts.add(name: "Ada", email: nil, by: "admin", from: "local")
        let weak = await scene.accounts.choosePassword(link: link, password: "password1234", from: "192.0.2.1")
        #expect(weak.failure?.kind == .weakPassword)
        let good = await scene.accounts.choosePassword(link: link, password: "violet kettle harbour", from: "192.0.2.1")
        #expect(good.failure == nil)
    }

    @Test func aSessionEndsAfterTwelveIdleHoursOrSevenDaysWhateverItsUse() async throws {
        // Given Ada signed in
        let scene = Scene()
        let session = try await scene.ada()

        // When she uses it every 11 hours, it lasts; after 12 idle hours it is over
        for _ in 0..<3 {
            scene.advance(seconds: 11 * 3600)
            #expect(await scene.accounts.teacher(forSession: session.token) != nil)
        }
        scene.advance(seconds: 12 * 3600)
        #expect(await scene.accounts.teacher(forSession: session.token) == nil)

        // And a session used every hour still ends 7 days after sign-in
        let busy = try await scene.accounts.signIn("Ada", password: "violet kettle harbour", from: "192.0.2.1").get()
        for _ in 0..<(7 * 24 - 1) {
            scene.advance(seconds: 3600)
            _ = await scene.accounts.teacher(forSession: busy.token)
        }
        #expect(await scene.accounts.teacher(forSession: busy.token) != nil)
        scene.advance(seconds: 3600)
        #expect(await scene.accounts.teacher(forSession: busy.token) == nil)
    }

    @Test func signingOutDisablingAndResettingEndSessionsAtOnce() async throws {
        let scene = Scene()
        let first = try await scene.ada()
        let second = try await scene.accounts.signIn("Ada", password: "violet kettle harbour", from: "192.0.2.1").get()
        let third = try await scene.accounts.signIn("Ada", password: "violet kettle harbour", from: "192.0.2.1").get()

        // Signing out ends that session only
        #expect(await scene.accounts.signOut(first.token, from: "192.0.2.1"))
        #expect(await scene.accounts.teacher(forSession: first.token) == nil)
        #expect(await scene.accounts.teacher(forSession: second.token) != nil)

        // Disabling ends every session, and her password no longer signs her in
        let ada = try #require(try await scene.accounts.find("Ada"))
        try await scene.accounts.setStatus(.disabled, of: ada, by: "admin", from: "local")
        #expect(await scene.accounts.teacher(forSession: second.token) == nil)
        let refused = await scene.accounts.signIn("Ada", password: "violet kettle harbour", from: "192.0.2.1")
        #expect(refused.failure?.kind == .disabled)
        #expect(refused.failure?.message.contains("disabled") == true)

        // Enabling lets her sign in again, and a reset signs her out everywhere again
        try await scene.accounts.setStatus(.active, of: ada, by: "admin", from: "local")
        #expect(await scene.accounts.teacher(forSession: third.token) == nil)
        let fourth = try await scene.accounts.signIn("Ada", password: "violet kettle harbour", from: "192.0.2.1").get()
        _ = try await scene.accounts.reset(ada, by: "admin", from: "local")
        #expect(await scene.accounts.teacher(forSession: fourth.token) == nil)
    }

    @Test func aDisabledAccountIsNamedOnlyToWhoeverKnowsItsPassword() async throws {
        // Given Ada, disabled
        let scene = Scene()
        _ = try await scene.ada()
        let ada = try #require(try await scene.accounts.find("Ada"))
        try await scene.accounts.setStatus(.disabled, of: ada, by: "admin", from: "local")

        // When someone tries her name with a wrong password, and then she with hers
        let guess = await scene.accounts.signIn("Ada", password: "not her password at all", from: "192.0.2.7")
        let hers = await scene.accounts.signIn("Ada", password: "violet kettle harbour", from: "192.0.2.1")

        // Then the guess learns only that the pair does not match; she learns her account is disabled
        #expect(
            guess.failure == AccountRefusal(.wrongCredentials, AccountWords.word("accounts.signIn.wrongCredentials")))
        #expect(hers.failure == AccountRefusal(.disabled, AccountWords.word("accounts.signIn.disabled")))
    }

    @Test func aTeacherListsAndRevokesHerSessionsByHandle() async throws {
        let scene = Scene()
        let first = try await scene.ada()
        scene.advance(seconds: 1)
        let second = try await scene.accounts.signIn("Ada", password: "violet kettle harbour", from: "192.0.2.9").get()
        let ada = try #require(try await scene.accounts.find("ada@school.example"))
        let listed = try await scene.accounts.liveSessions(of: ada)
        #expect(listed.map(\.address) == ["192.0.2.9", "192.0.2.1"])
        let handle = try #require(listed.last?.handle)
        #expect(try await scene.accounts.revoke(handle: handle, of: ada, by: "Ada", from: "192.0.2.9"))
        #expect(await scene.accounts.teacher(forSession: first.token) == nil)
        #expect(await scene.accounts.teacher(forSession: second.token) != nil)
    }

    @Test func repeatedWrongPasswordsAreSlowedWithASentenceAndTheWaitInSeconds() async throws {
        let scene = Scene()
        _ = try await scene.ada()
        for _ in 0..<6 { _ = await scene.accounts.signIn("Ada", password: "not the password", from: "192.0.2.1") }
        let slowed = await scene.accounts.signIn("Ada", password: "violet kettle harbour", from: "192.0.2.1")
        #expect(slowed.failure?.kind == .rateLimited)
        #expect(slowed.failure?.retryAfterSeconds == 1)
        // A colleague's address is not slowed, nor Ada once the wait is over
        #expect(await scene.accounts.signIn("Ada", password: "violet kettle harbour", from: "192.0.2.2").failure == nil)
        scene.advance(seconds: 1)
        #expect(await scene.accounts.signIn("Ada", password: "violet kettle harbour", from: "192.0.2.1").failure == nil)
    }

    @Test func everyAccountEventIsOneJSONLineWithWhoAndWhereAndNoSecret() async throws {
        // Given an add, a password chosen, a failed and a good sign-in, and a sign-out
        let scene = Scene()
        let (_, link) = try await scene.accounts.add(name: "Ada", email: nil, by: "admin", from: "local")
        let signedIn = try await scene.accounts.choosePassword(
            link: link, password: "violet kettle harbour", from: "192.0.2.1"
        ).get()
        _ = await scene.accounts.signIn("Ada", password: "wrong wrong wrong", from: "192.0.2.7")
        _ = await scene.accounts.signOut(signedIn.token, from: "192.0.2.1")

        // Then each is a line naming who and from where, and none holds the password, link or token
        let lines = scene.lines
        #expect(
            lines.map { $0.components(separatedBy: "\"audit\":\"")[1].prefix { $0 != "\"" } } == [
                "teacher-added", "password-chosen", "sign-in", "sign-in-failed", "sign-out",
            ])
        #expect(lines[3].contains("\"by\":\"Ada\"") && lines[3].contains("\"from\":\"192.0.2.7\""))
        for line in lines {
            #expect(!line.contains("violet") && !line.contains("wrong wrong") && !line.contains(link))
            #expect(!line.contains(signedIn.token))
        }
    }
}

extension Result {
    var failure: Failure? {
        if case .failure(let failure) = self { return failure }
        return nil
    }
}
