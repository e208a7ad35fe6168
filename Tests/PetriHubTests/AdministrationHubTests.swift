import PetriAccounts
import PetriHubTesting
import PetriPeer
import PetriProtocol
import PetriStorage
import Testing

/// The administrator's requests on the protocol (the /admin page): what `petri teachers` does, with the teacher
/// key in place of a session, refused to every teacher.
@Suite struct AdministrationHubTests {
    static let key = InProcessHub.teacherKey

    @Test func theAdministratorAddsATeacherWhoseLinkChoosesHerPasswordAndTheListShowsIt() async throws {
        // Given the school's hub and the administrator's connection
        let (server, _) = try await TeacherAccountHubTests.school()
        let admin = server.connect()

        // When the administrator adds Cy and Cy opens her link to choose her password
        let added = try await admin.answers(
            to: .account(session: Self.key, request: .addTeacher(name: "Cy", email: "cy@school.example")))
        guard case .signInLink(let name, let link) = added.first else {
            Issue.record("no link: \(added)")
            return
        }
        let cy = server.connect()
        try cy.send(.choosePassword(link: link, password: TeacherAccountHubTests.password))
        _ = try await cy.expectReply("signedIn") { if case .signedIn(let s, _) = $0 { s } else { nil } }

        // Then the link named her, and the list shows her with her password chosen and one session
        #expect(name == "Cy")
        let listed = try await admin.answers(to: .account(session: Self.key, request: .teachers))
        guard case .teachers(let teachers) = listed.first else {
            Issue.record("no list: \(listed)")
            return
        }
        #expect(
            teachers.first { $0.name == "Cy" }
                == TeacherListing(
                    name: "Cy", email: "cy@school.example", status: "active", passwordSet: true, sessions: 1))
        await server.stop()
    }

    @Test func disablingFromTheProtocolEndsTheTeachersSessionAndEnablingLetsHerBackIn() async throws {
        // Given Ada signed in
        let (server, _) = try await TeacherAccountHubTests.school()
        let ada = server.connect()
        let session = try await TeacherAccountHubTests.signIn(ada, as: "Ada")
        let admin = server.connect()

        // When the administrator disables her
        let after = try await admin.answers(to: .account(session: Self.key, request: .disableTeacher(teacher: "ada")))

        // Then the list says so, and her session is refused at its next use
        guard case .teachers(let teachers) = after.first else {
            Issue.record("no list: \(after)")
            return
        }
        #expect(teachers.first { $0.name == "Ada" }?.status == "disabled")
        #expect(teachers.first { $0.name == "Ada" }?.sessions == 0)
        try ada.send(.account(session: session, request: .myLessons))
        #expect(try await ada.expectError().message.contains("sign in again"))

        // And once enabled she signs in again
        _ = try await admin.answers(to: .account(session: Self.key, request: .enableTeacher(teacher: "Ada")))
        _ = try await TeacherAccountHubTests.signIn(server.connect(), as: "Ada")
        await server.stop()
    }

    @Test func theAdministratorSeesEveryTeachersSessionsByName() async throws {
        let (server, _) = try await TeacherAccountHubTests.school()
        _ = try await TeacherAccountHubTests.signIn(server.connect(), as: "Ada")
        _ = try await TeacherAccountHubTests.signIn(server.connect(), as: "Bo")
        let listed = try await server.connect().answers(to: .account(session: Self.key, request: .sessions))
        guard case .sessions(let sessions) = listed.first else {
            Issue.record("no sessions: \(listed)")
            return
        }
        #expect(sessions.compactMap(\.teacher).sorted() == ["Ada", "Bo"])
        await server.stop()
    }

    @Test func aTeachersSessionMayNotManageTeachersAndAnUnknownNameIsASentence() async throws {
        // Given Ada signed in
        let (server, accounts) = try await TeacherAccountHubTests.school()
        let ada = server.connect()
        let session = try await TeacherAccountHubTests.signIn(ada, as: "Ada")

        // When she tries to add a teacher, or to disable Bo
        try ada.send(.account(session: session, request: .addTeacher(name: "Eve", email: nil)))
        let add = try await ada.expectError()
        try ada.send(.account(session: session, request: .disableTeacher(teacher: "Bo")))
        let disable = try await ada.expectError()

        // Then both are refused with the sentence, and nothing changed
        #expect(add.code == .notAuthorised)
        #expect(add.message.contains("Only whoever runs the server"))
        #expect(disable == add)
        #expect(try await accounts.find("Eve") == nil)
        #expect(try await accounts.find("Bo")?.status == .active)

        // And the administrator naming nobody gets a sentence
        let admin = server.connect()
        try admin.send(.account(session: Self.key, request: .resetTeacher(teacher: "Nobody")))
        let unknown = try await admin.expectError()
        #expect(unknown.code == .invalidField)
        #expect(unknown.message.contains("no teacher \"Nobody\""))
        await server.stop()
    }

    @Test func removingATeacherGivesHerLessonsToTheAdministrator() async throws {
        let (server, accounts) = try await TeacherAccountHubTests.school()
        let ada = server.connect()
        let session = try await TeacherAccountHubTests.signIn(ada, as: "Ada")
        let (code, _) = try await ada.createLesson(teacherKey: session)
        let admin = server.connect()
        let after = try await admin.answers(to: .account(session: Self.key, request: .removeTeacher(teacher: "Ada")))
        guard case .teachers(let teachers) = after.first else {
            Issue.record("no list: \(after)")
            return
        }
        #expect(teachers.map(\.name) == ["Bo"])
        #expect(try await accounts.find("Ada") == nil)
        let lessons = try await admin.answers(to: .account(session: Self.key, request: .myLessons))
        guard case .myLessons(let all) = lessons.first else {
            Issue.record("no lessons: \(lessons)")
            return
        }
        #expect(all.map(\.code) == [code])
        #expect(all.map(\.owner) == [nil])
        await server.stop()
    }
}
