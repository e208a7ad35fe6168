import PetriAccounts
import PetriHubTesting
import PetriPeer
import PetriProtocol
import PetriStorage
import Synchronization
import Testing

/// The administrator's LTI platforms on the protocol (the /admin page): what `petri lti` does, through the same
/// code (``LTIPlatforms``), with the teacher key in place of a session, refused to every teacher.
@Suite struct PlatformHubTests {
    static let key = InProcessHub.teacherKey

    static let canvas = PlatformRegistration(
        issuer: "https://canvas.school.example", clientId: "10000000000001",
        authUrl: "https://canvas.school.example/api/lti/authorize_redirect",
        tokenUrl: "https://canvas.school.example/login/oauth2/token",
        jwksUrl: "https://canvas.school.example/api/lti/security/jwks", deploymentIds: ["1:abc", "2:def"])

    /// The audit lines written, in order.
    final class AuditLines: Sendable {
        let lines = Mutex<[String]>([])
        var all: [String] { lines.withLock { $0 } }
    }

    /// A school's hub whose store keeps LTI platforms, with Ada a teacher who can sign in.
    static func school() async throws -> (InProcessHub, any LTIStorage, AuditLines) {
        let clock = ManualClock()
        let lti = InMemoryLTIStorage()
        let audit = AuditLines()
        let accounts = TeacherAccounts(
            storage: InMemoryTeacherAccounts(), now: { clock.now() },
            audit: AccountAudit(now: { clock.now() }, write: { line in audit.lines.withLock { $0.append(line) } }),
            hashing: PasswordHash.Parameters(logN: 4, r: 8, p: 1), lti: lti)
        let (_, link) = try await accounts.add(name: "Ada", email: nil, by: "admin", from: "local")
        _ = try await accounts.choosePassword(link: link, password: TeacherAccountHubTests.password, from: "local")
            .get()
        return (InProcessHub(clock: clock, accounts: accounts), lti, audit)
    }

    @Test func theAdministratorAddsAPlatformListsItWithPetrisPathsAndRemovesIt() async throws {
        // Given the school's hub and the administrator's connection, with no platform yet
        let (server, lti, audit) = try await Self.school()
        let admin = server.connect()
        #expect(
            try await admin.answers(to: .account(session: Self.key, request: .platforms)) == [
                .platforms([], tool: .petri)
            ])

        // When the administrator registers the school's Canvas (its values with spaces around, as pasted)
        var pasted = Self.canvas
        pasted.issuer = "  " + pasted.issuer + " "
        pasted.deploymentIds = [" 1:abc", "", "2:def "]
        let added = try await admin.answers(to: .account(session: Self.key, request: .addPlatform(pasted)))

        // Then the answer lists it (trimmed) with Petri's LTI paths, and the store the command line uses holds it
        #expect(added == [.platforms([Self.canvas], tool: .petri)])
        let stored = try await lti.platforms()
        #expect(stored.map(\.registration) == [Self.canvas])
        #expect(LTIToolPaths.petri.login == "/lti/login" && LTIToolPaths.petri.jwks == "/lti/jwks")

        // And when it is removed, the list is empty again and so is the store
        let removed = try await admin.answers(
            to: .account(
                session: Self.key, request: .removePlatform(issuer: Self.canvas.issuer, clientId: Self.canvas.clientId))
        )
        #expect(removed == [.platforms([], tool: .petri)])
        #expect(try await lti.platforms().isEmpty)

        // And each change was one audit line saying who and from where, naming the platform
        let changes = audit.all.filter { $0.contains("platform-") }
        #expect(changes.count == 2)
        #expect(changes.first?.contains(#""audit":"platform-added""#) == true)
        #expect(changes.last?.contains(#""audit":"platform-removed""#) == true)
        #expect(changes.allSatisfy { $0.contains(#""by":"administrator""#) && $0.contains(#""from":"#) })
        #expect(changes.allSatisfy { $0.contains(Self.canvas.clientId) && !$0.contains(Self.key) })
        await server.stop()
    }

    @Test func aRegistrationWithMistakesGetsASentenceForEachFieldAndRegistersNothing() async throws {
        let (server, lti, _) = try await Self.school()
        let admin = server.connect()

        // When every field is wrong (the URLs in three ways: missing, not a URL, not http)
        let wrong = PlatformRegistration(
            issuer: " ", clientId: "", authUrl: "", tokenUrl: "canvas token",
            jwksUrl: "ftp://canvas.school.example/keys",
            deploymentIds: ["  "])
        let answer = try await admin.answers(to: .account(session: Self.key, request: .addPlatform(wrong)))

        // Then each field has its sentence, in the form's order, and nothing was registered
        guard case .platformProblems(let problems) = answer.first else {
            Issue.record("no problems: \(answer)")
            return
        }
        #expect(problems.map(\.field) == ["issuer", "clientId", "authUrl", "tokenUrl", "jwksUrl", "deploymentIds"])
        #expect(problems[0].sentence.text.contains("issuer (iss)"))
        #expect(problems[2].sentence.text.hasPrefix("Give this URL"))
        #expect(problems[3].sentence.text.contains(#""canvas token" is not an http(s) URL"#))
        #expect(problems[5].sentence.text.contains("deployment id"))
        #expect(try await lti.platforms().isEmpty)

        // And registering the same issuer and client id twice is a sentence beside the client id
        _ = try await admin.answers(to: .account(session: Self.key, request: .addPlatform(Self.canvas)))
        let again = try await admin.answers(to: .account(session: Self.key, request: .addPlatform(Self.canvas)))
        guard case .platformProblems(let taken) = again.first else {
            Issue.record("no problems: \(again)")
            return
        }
        #expect(taken.map(\.field) == ["clientId"])
        #expect(taken.first?.sentence.text.contains("registered already") == true)
        #expect(try await lti.platforms().count == 1)

        // And removing a platform that is not there is a sentence too
        try admin.send(
            .account(session: Self.key, request: .removePlatform(issuer: "https://nobody.example", clientId: "1")))
        let unknown = try await admin.expectError()
        #expect(unknown.code == .invalidField)
        #expect(unknown.message.contains("No single platform https://nobody.example"))
        await server.stop()
    }

    @Test func aTeachersSessionMayNotListAddOrRemovePlatforms() async throws {
        // Given the school's Canvas registered, and Ada signed in
        let (server, lti, _) = try await Self.school()
        _ = try await server.connect().answers(to: .account(session: Self.key, request: .addPlatform(Self.canvas)))
        let ada = server.connect()
        let session = try await TeacherAccountHubTests.signIn(ada, as: "Ada")

        // When she asks for the list, adds a platform and removes Canvas
        var refusals: [ServerMessage] = []
        for request: AccountRequest in [
            .platforms, .addPlatform(Self.canvas), .removePlatform(issuer: Self.canvas.issuer, clientId: nil),
        ] {
            refusals += try await ada.answers(to: .account(session: session, request: request))
        }

        // Then each is refused with the administrator-only sentence, and Canvas is still registered
        #expect(refusals.count == 3)
        #expect(
            refusals.allSatisfy {
                guard case .error(let error) = $0 else { return false }
                return error.code == .notAuthorised && error.message.contains("Only whoever runs the server")
            })
        #expect(try await lti.platforms().map(\.registration) == [Self.canvas])

        // And a wrong key is refused as one
        let stranger = server.connect()
        try stranger.send(.account(session: "not-the-key", request: .platforms))
        #expect(try await stranger.expectError().code == .notAuthorised)
        await server.stop()
    }
}
