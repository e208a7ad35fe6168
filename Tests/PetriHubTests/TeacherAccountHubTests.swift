import PetriAccounts
import PetriHubTesting
import PetriPeer
import PetriProtocol
import PetriStorage
import Synchronization
import Testing

/// A school's server: teachers sign in as themselves, own their lessons, share and hand them over;
/// the teacher key stays the administrator's.
@Suite struct TeacherAccountHubTests {
    static let password = "violet kettle harbour"

    /// A hub with accounts in memory on its manual clock, and teachers Ada and Bo with their passwords chosen.
    static func school(storage: InMemoryTeacherAccounts = InMemoryTeacherAccounts(), clock: ManualClock = ManualClock())
        async throws -> (InProcessHub, TeacherAccounts)
    {
        let accounts = TeacherAccounts(
            storage: storage, now: { clock.now() }, audit: AccountAudit(now: { clock.now() }, write: { _ in }),
            hashing: PasswordHash.Parameters(logN: 4, r: 8, p: 1))
        for name in ["Ada", "Bo"] where await storage.teacher(named: name) == nil {
            let (_, link) = try await accounts.add(name: name, email: nil, by: "admin", from: "local")
            let chosen = try await accounts.choosePassword(link: link, password: password, from: "local").get()
            _ = await accounts.signOut(chosen.token, from: "local")
        }
        return (InProcessHub(clock: clock, accounts: accounts), accounts)
    }

    static func signIn(_ peer: ProtocolPeer, as name: String) async throws -> String {
        try peer.send(.signIn(name: name, password: password))
        return try await peer.expectReply("signedIn") { if case .signedIn(let s, _) = $0 { s } else { nil } }
    }

    @Test func aSignedInTeacherCreatesALessonThatIsHersAndOpensItFromMyLessonsWithoutItsToken() async throws {
        // Given Ada signed in, who creates a lesson with her session in place of the key
        let (server, _) = try await Self.school()
        let ada = server.connect()
        let session = try await Self.signIn(ada, as: "ada")
        let (code, _) = try await ada.createLesson(teacherKey: session)

        // When she lists her lessons on another connection and opens it there with her session alone
        let console = server.connect()
        let lessons = try await console.answers(to: .account(session: session, request: .myLessons))
        let welcome = try await console.attach(.account(session: session, request: .open(code: code, lastSeen: nil)))

        // Then the lesson is listed as hers, running, and she is its teacher
        #expect(
            lessons == [
                .myLessons([
                    TeacherLessonInfo(
                        code: code, model: "life", role: "owner", owner: "Ada", createdAt: server.clock.now(),
                        endedAt: nil)
                ])
            ])
        #expect(welcome.role == .teacher)
        await server.stop()
    }

    @Test func anotherTeachersLessonIsRefusedWithASentenceUntilItIsShared() async throws {
        // Given a lesson of Ada's, and Bo signed in
        let (server, _) = try await Self.school()
        let ada = server.connect()
        let adaSession = try await Self.signIn(ada, as: "Ada")
        let (code, _) = try await ada.createLesson(teacherKey: adaSession)
        let bo = server.connect()
        let boSession = try await Self.signIn(bo, as: "Bo")

        // When Bo opens it, and tries to share it with himself
        try bo.send(.account(session: boSession, request: .open(code: code, lastSeen: nil)))
        let refused = try await bo.expectError()
        try bo.send(.account(session: boSession, request: .share(code: code, teacher: "Bo")))
        let notShared = try await bo.expectError()

        // Then both are refused, saying the lesson is not his
        #expect(refused.code == .notAuthorised)
        #expect(refused.message.contains("not yours nor shared with you"))
        #expect(notShared.code == .notAuthorised)
        #expect(try await bo.answers(to: .account(session: boSession, request: .myLessons)) == [.myLessons([])])

        // And once Ada shares it with him, he opens it as a co-teacher
        let shared = try await ada.answers(
            to: .account(session: adaSession, request: .share(code: code, teacher: "bo")))
        #expect(shared == [.lessonTeachers(code: code, owner: "Ada", coTeachers: ["Bo"])])
        let welcome = try await server.connect().attach(
            .account(session: boSession, request: .open(code: code, lastSeen: nil)))
        #expect(welcome.role == .teacher)
        await server.stop()
    }

    @Test func herProjectorOpensHerLessonWithHerSessionAndAColleaguesIsRefusedUntilShared() async throws {
        // Given a lesson of Ada's, and Bo signed in
        let (server, _) = try await Self.school()
        let ada = server.connect()
        let adaSession = try await Self.signIn(ada, as: "Ada")
        let (code, _) = try await ada.createLesson(teacherKey: adaSession)
        let bo = server.connect()
        let boSession = try await Self.signIn(bo, as: "Bo")

        // When Ada's projector opens the lesson with her session alone, as its observer, in Welsh
        let projector = try await server.connect().attach(
            .account(session: adaSession, request: .open(code: code, lastSeen: nil, asObserver: true, language: "cy")))

        // Then it watches the lesson as its projector does with the token, in the language it asked for
        #expect(projector.role == .observer)
        #expect(projector.language == "cy")

        // And Bo's projector is refused with the sentence a console gets, until Ada shares the lesson with him
        try bo.send(.account(session: boSession, request: .open(code: code, lastSeen: nil, asObserver: true)))
        let refused = try await bo.expectError()
        #expect(refused.code == .notAuthorised)
        #expect(refused.message.contains("not yours nor shared with you"))
        _ = try await ada.answers(to: .account(session: adaSession, request: .share(code: code, teacher: "Bo")))
        let shared = try await server.connect().attach(
            .account(session: boSession, request: .open(code: code, lastSeen: nil, asObserver: true)))
        #expect(shared.role == .observer)
        await server.stop()
    }

    @Test func aLessonsConsoleListsItsTeachersForThemAndRefusesAThirdTeacher() async throws {
        // Given Ada's lesson shared with Bo, and Cy, a third teacher, signed in
        let (server, accounts) = try await Self.school()
        let (_, link) = try await accounts.add(name: "Cy", email: nil, by: "admin", from: "local")
        let cy = server.connect()
        try cy.send(.choosePassword(link: link, password: Self.password))
        let cySession = try await cy.expectReply("signedIn") { if case .signedIn(let s, _) = $0 { s } else { nil } }
        let ada = server.connect()
        let adaSession = try await Self.signIn(ada, as: "Ada")
        let (code, _) = try await ada.createLesson(teacherKey: adaSession)
        _ = try await ada.answers(to: .account(session: adaSession, request: .share(code: code, teacher: "Bo")))
        let bo = server.connect()
        let boSession = try await Self.signIn(bo, as: "Bo")

        // When each asks who teaches it
        let forBo = try await bo.answers(to: .account(session: boSession, request: .lessonTeachers(code: code)))
        try cy.send(.account(session: cySession, request: .lessonTeachers(code: code)))
        let refused = try await cy.expectError()

        // Then Bo is told (owner Ada, co-teacher Bo) and Cy is refused with the sentence
        #expect(forBo == [.lessonTeachers(code: code, owner: "Ada", coTeachers: ["Bo"])])
        #expect(refused.code == .notAuthorised)
        #expect(refused.message.contains("not yours nor shared with you"))
        await server.stop()
    }

    @Test func aLessonClonedByATeacherIsHersAndACloneFromTheTokenIsTheOwners() async throws {
        // Given Ada's lesson, shared with Bo, whom she opens it with his session; and a console attached with its token
        let (server, _) = try await Self.school()
        let ada = server.connect()
        let adaSession = try await Self.signIn(ada, as: "Ada")
        let (code, token) = try await ada.createLesson(teacherKey: adaSession)
        _ = try await ada.answers(to: .account(session: adaSession, request: .share(code: code, teacher: "Bo")))
        let bo = server.connect()
        let boSession = try await Self.signIn(bo, as: "Bo")
        _ = try await bo.attach(.account(session: boSession, request: .open(code: code, lastSeen: nil)))
        let projector = server.connect()
        _ = try await projector.attach(.teach(code: code, token: token, lastSeen: nil))

        // When Bo clones it from his console, and the token's console clones it too
        server.clock.advance(by: 1)
        try bo.send(.clone(changes: []))
        let boClone = try await bo.expectReply("created") { if case .created(let c, _) = $0 { c } else { nil } }
        server.clock.advance(by: 1)
        try projector.send(.clone(changes: []))
        let tokenClone = try await projector.expectReply("created") {
            if case .created(let c, _) = $0 { c } else { nil }
        }

        // Then Bo's clone is his own, and the token's clone is the source's owner's, Ada's
        let boLessons = try await bo.answers(to: .account(session: boSession, request: .myLessons))
        let adaLessons = try await ada.answers(to: .account(session: adaSession, request: .myLessons))
        guard case .myLessons(let his) = boLessons.first, case .myLessons(let hers) = adaLessons.first else {
            Issue.record("no lists: \(boLessons) \(adaLessons)")
            return
        }
        #expect(his.filter { $0.role == "owner" }.map(\.code) == [boClone])
        #expect(hers.filter { $0.role == "owner" }.map(\.code) == [tokenClone, code])
        await server.stop()
    }

    @Test func aHandedOverLessonBelongsToTheColleagueAndKeepsItsOldOwnerAsCoTeacher() async throws {
        let (server, accounts) = try await Self.school()
        let ada = server.connect()
        let adaSession = try await Self.signIn(ada, as: "Ada")
        let (code, _) = try await ada.createLesson(teacherKey: adaSession)
        let handed = try await ada.answers(
            to: .account(session: adaSession, request: .handOver(code: code, teacher: "Bo")))
        #expect(handed == [.lessonTeachers(code: code, owner: "Bo", coTeachers: ["Ada"])])
        let bo = try #require(try await accounts.find("Bo"))
        #expect(try await accounts.storage.lessons(ofTeacher: bo.id).values.map(\.rawValue) == ["owner"])
        await server.stop()
    }

    @Test func theTeacherKeyStillCreatesTheAdministratorsLessonsAndOpensNoAccount() async throws {
        // Given the school's hub, a lesson made with the key (as every laptop does)
        let (server, accounts) = try await Self.school()
        let laptop = server.connect()
        let (code, token) = try await laptop.createLesson()

        // Then it is nobody's account's and its teacher token still teaches it
        let ada = try #require(try await accounts.find("Ada"))
        #expect(try await accounts.storage.lessons(ofTeacher: ada.id).isEmpty)
        #expect(try await server.connect().attach(.teach(code: code, token: token, lastSeen: nil)).role == .teacher)
        await server.stop()
    }

    @Test func theAdministratorsKeySeesEveryLessonWithItsOwnerAndOpensAny() async throws {
        // Given a lesson of Ada's and one made with the key
        let (server, _) = try await Self.school()
        let ada = server.connect()
        let session = try await Self.signIn(ada, as: "Ada")
        let (adaCode, _) = try await ada.createLesson(teacherKey: session)
        server.clock.advance(by: 1)
        let (keyCode, _) = try await server.connect().createLesson()

        // When the administrator lists the lessons with the key in place of a session, and opens Ada's
        let admin = server.connect()
        let listed = try await admin.answers(to: .account(session: InProcessHub.teacherKey, request: .myLessons))
        let welcome = try await admin.attach(
            .account(session: InProcessHub.teacherKey, request: .open(code: adaCode, lastSeen: nil)))

        // Then both are listed, newest first, each with its owner (none: the administrator's), and Ada's opens
        guard case .myLessons(let lessons) = listed.first else {
            Issue.record("no list: \(listed)")
            return
        }
        #expect(lessons.map(\.code) == [keyCode, adaCode])
        #expect(lessons.map(\.owner) == [nil, "Ada"])
        #expect(lessons.allSatisfy { $0.role == "administrator" })
        #expect(welcome.role == .teacher)
        await server.stop()
    }

    @Test func aWrongKeyInPlaceOfASessionIsAWrongKeyAndAnUnknownSessionAnEndedSignIn() async throws {
        let (server, _) = try await Self.school()
        let peer = server.connect()
        try peer.send(.account(session: "not-the-key", request: .teachers))
        let wrongKey = try await peer.expectError()
        try peer.send(.account(session: TeacherAccounts.sessionPrefix + "0123", request: .myLessons))
        let unknownSession = try await peer.expectError()
        #expect(wrongKey.code == .notAuthorised)
        #expect(wrongKey.message.contains("not this server's teacher key"))
        #expect(unknownSession.code == .notAuthorised)
        #expect(unknownSession.message.contains("sign in again"))
        await server.stop()
    }

    @Test func disablingATeacherOnOneNodeRefusesHerSessionOnTheOtherAtItsNextUse() async throws {
        // Given two hubs sharing one accounts store (two nodes of a cluster), Ada signed in on the first
        let storage = InMemoryTeacherAccounts()
        let clock = ManualClock()
        let (first, _) = try await Self.school(storage: storage, clock: clock)
        let (second, secondAccounts) = try await Self.school(storage: storage, clock: clock)
        let ada = first.connect()
        let session = try await Self.signIn(ada, as: "Ada")

        // When the administrator disables her through the second node
        let record = try #require(try await secondAccounts.find("Ada"))
        try await secondAccounts.setStatus(.disabled, of: record, by: "admin", from: "local")

        // Then her very next request on the first is refused with a sentence
        try ada.send(.create(teacherKey: session, model: .life, parameters: nil, seed: 1, options: nil))
        let refused = try await ada.expectError()
        #expect(refused.code == .notAuthorised)
        #expect(refused.message.contains("sign in again"))
        await first.stop()
        await second.stop()
    }

    @Test func aConsoleOpenedWithASessionIsClosedAtItsNextCommandOnceTheTeacherIsDisabled() async throws {
        // Given Ada's lesson open in her console through her session
        let (server, accounts) = try await Self.school()
        let ada = server.connect()
        let session = try await Self.signIn(ada, as: "Ada")
        let (code, _) = try await ada.createLesson(teacherKey: session)
        let console = server.connect()
        _ = try await console.attach(.account(session: session, request: .open(code: code, lastSeen: nil)))
        #expect(try await console.answers(to: .step(count: 1)).contains { if case .stats = $0 { true } else { false } })

        // When the administrator disables her
        let record = try #require(try await accounts.find("Ada"))
        try await accounts.setStatus(.disabled, of: record, by: "admin", from: "local")

        // Then her console's next command is refused with the sentence and the connection closed
        try console.send(.step(count: 1))
        let refused = try await console.expectError()
        #expect(refused.message.contains("sign in again"))
        #expect(try await console.next() == nil)
        await server.stop()
    }

    @Test func aSessionIdleForTwelveHoursNoLongerCreatesLessons() async throws {
        let (server, _) = try await Self.school()
        let ada = server.connect()
        let session = try await Self.signIn(ada, as: "Ada")
        server.clock.advance(by: 12 * 3600)
        try ada.send(.create(teacherKey: session, model: .life, parameters: nil, seed: 1, options: nil))
        #expect(try await ada.expectError().code == .notAuthorised)
        await server.stop()
    }

    @Test func signingOutEndsTheSessionAndTheListShowsTheOthers() async throws {
        let (server, _) = try await Self.school()
        let phone = server.connect()
        let phoneSession = try await Self.signIn(phone, as: "Ada")
        let laptop = server.connect()
        let laptopSession = try await Self.signIn(laptop, as: "Ada")
        let listed = try await laptop.answers(to: .account(session: laptopSession, request: .sessions))
        guard case .sessions(let sessions) = listed.first else {
            Issue.record("no sessions: \(listed)")
            return
        }
        #expect(sessions.count == 2)
        #expect(sessions.filter(\.current).count == 1)
        #expect(try await phone.answers(to: .account(session: phoneSession, request: .signOut)) == [.signedOut])
        try phone.send(.account(session: phoneSession, request: .myLessons))
        #expect(try await phone.expectError().code == .notAuthorised)
        await server.stop()
    }

    @Test func aWrongPasswordIsRefusedWithoutSayingWhichPartWasWrong() async throws {
        let (server, _) = try await Self.school()
        let peer = server.connect()
        try peer.send(.signIn(name: "Ada", password: "not her password"))
        let wrongPassword = try await peer.expectError()
        try peer.send(.signIn(name: "Nobody", password: Self.password))
        let wrongName = try await peer.expectError()
        #expect(wrongPassword == wrongName)
        #expect(wrongPassword.code == .notAuthorised)
        await server.stop()
    }

    @Test func aTeacherWhoAskedForWelshIsRefusedInWelshAndOneWhoAskedForNothingInEnglish() async throws {
        let (server, _) = try await Self.school()
        let welsh = server.connect()
        try welsh.send(.setLanguage(language: "cy"))
        _ = try await welsh.expectReply("language") { if case .language(let tag, _) = $0 { tag } else { nil } }
        try welsh.send(.signIn(name: "Ada", password: "not her password"))
        #expect(
            try await welsh.expectError()
                == ProtocolError(
                    .notAuthorised,
                    "Nid yw'r enw (neu'r e-bost) a'r cyfrinair hynny'n cyfateb i gyfrif yma sy'n cael mewngofnodi; "
                        + "gwiriwch nhw, neu gofynnwch i bwy bynnag sy'n rhedeg y gweinydd am ddolen fewngofnodi newydd."
                ))
        let english = server.connect()
        try english.send(.signIn(name: "Ada", password: "not her password"))
        #expect(
            try await english.expectError().message
                == "That name (or email) and password do not match an account here that may sign in; check them, or "
                + "ask whoever runs the server for a new sign-in link.")
        // An account request of a signed-out session, in Spanish
        try welsh.send(.setLanguage(language: "es"))
        _ = try await welsh.expectReply("language") { if case .language(let tag, _) = $0 { tag } else { nil } }
        try welsh.send(.account(session: "petri-session-0000", request: .myLessons))
        #expect(try await welsh.expectError().message.hasPrefix("Tu sesión ha terminado"))
        await server.stop()
    }
}
