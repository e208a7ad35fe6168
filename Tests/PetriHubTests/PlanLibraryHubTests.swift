import PetriAccounts
import PetriHubTesting
import PetriLesson
import PetriPeer
import PetriProtocol
import PetriStorage
import Testing

/// A school's plans in the store: a signed-in teacher saves plans of her own, lists them beside the server's, and
/// starts them by name; a colleague sees only his own and the server's.
@Suite struct PlanLibraryHubTests {
    static let mice = "title: Mice\nmodel: mice\nmoments:\n  - run: 5\n"

    static func plans(_ peer: ProtocolPeer, key: String) async throws -> [PlanListing] {
        try peer.send(.describePlans(teacherKey: key))
        return try await peer.expectReply("plans") { if case .plans(let p) = $0 { p } else { nil } }
    }

    @Test func aTeachersOwnPlanIsListedForHerAloneAndStartsByName() async throws {
        // Given Ada and Bo signed in
        let (server, _) = try await TeacherAccountHubTests.school()
        let ada = server.connect()
        let adaSession = try await TeacherAccountHubTests.signIn(ada, as: "Ada")
        let bo = server.connect()
        let boSession = try await TeacherAccountHubTests.signIn(bo, as: "Bo")

        // When Ada saves a plan of her own
        try ada.send(.savePlan(teacherKey: adaSession, name: "my-mice", text: Self.mice, replace: false))
        let saved = try await ada.expectReply("planSaved") { if case .planSaved(let n) = $0 { n } else { nil } }

        // Then she lists it as her own, Bo does not list it, and she starts a lesson from it by name
        #expect(saved == "my-mice")
        let hers = try await Self.plans(ada, key: adaSession).filter { $0.name == "my-mice" }
        #expect(hers.map(\.own) == [true])
        #expect(hers.first?.text == Self.mice)
        #expect(try await Self.plans(bo, key: boSession).contains { $0.name == "my-mice" } == false)
        try ada.send(
            .startPlan(
                teacherKey: adaSession, plan: "my-mice", text: nil, seed: 3, pace: nil, rate: nil, options: nil))
        _ = try await ada.expectReply("created") { if case .created(let c, _) = $0 { c } else { nil } }
        try bo.send(
            .startPlan(teacherKey: boSession, plan: "my-mice", text: nil, seed: 3, pace: nil, rate: nil, options: nil))
        #expect(try await bo.expectError().code == .invalidField)
        await server.stop()
    }

    @Test func savingOverAPlanNeedsReplaceAndAShippedNameIsRefused() async throws {
        // Given Ada signed in, with a plan saved
        let (server, _) = try await TeacherAccountHubTests.school()
        let ada = server.connect()
        let session = try await TeacherAccountHubTests.signIn(ada, as: "Ada")
        try ada.send(.savePlan(teacherKey: session, name: "my-mice", text: Self.mice, replace: false))
        _ = try await ada.expectReply("planSaved") { if case .planSaved(let n) = $0 { n } else { nil } }

        // When she saves another text under the same name, without and with replace, and under a shipped name
        let other = Self.mice.replacingOccurrences(of: "run: 5", with: "run: 7")
        try ada.send(.savePlan(teacherKey: session, name: "my-mice", text: other, replace: false))
        let refused = try await ada.expectError()
        let kept = try await Self.plans(ada, key: session).first { $0.name == "my-mice" }?.text
        try ada.send(.savePlan(teacherKey: session, name: "my-mice", text: other, replace: true))
        _ = try await ada.expectReply("planSaved") { if case .planSaved(let n) = $0 { n } else { nil } }
        let replaced = try await Self.plans(ada, key: session).first { $0.name == "my-mice" }?.text
        try ada.send(.savePlan(teacherKey: session, name: "demo", text: other, replace: true))
        let shipped = try await ada.expectError()

        // Then the first is refused with a sentence and loses nothing, replace replaces, the shipped name is refused
        #expect(refused.code == .invalidAction)
        #expect(refused.message.contains("my-mice"))
        #expect(kept == Self.mice)
        #expect(replaced == other)
        #expect(shipped.code == .invalidField)
        await server.stop()
    }

    @Test func aTeacherRemovesHerOwnPlanAloneAndShippedPlansStay() async throws {
        // Given Ada and Bo signed in, each with a plan called my-mice, and a lesson Ada started from hers
        let (server, _) = try await TeacherAccountHubTests.school()
        let ada = server.connect()
        let adaSession = try await TeacherAccountHubTests.signIn(ada, as: "Ada")
        let bo = server.connect()
        let boSession = try await TeacherAccountHubTests.signIn(bo, as: "Bo")
        for (peer, session) in [(ada, adaSession), (bo, boSession)] {
            try peer.send(.savePlan(teacherKey: session, name: "my-mice", text: Self.mice, replace: false))
            _ = try await peer.expectReply("planSaved") { if case .planSaved(let n) = $0 { n } else { nil } }
        }
        try ada.send(
            .startPlan(
                teacherKey: adaSession, plan: "my-mice", text: nil, seed: 3, pace: nil, rate: nil, options: nil))
        _ = try await ada.expectReply("created") { if case .created(let c, _) = $0 { c } else { nil } }

        // When Ada removes her plan, then removes it again, and tries to remove a shipped plan
        try ada.send(.removePlan(teacherKey: adaSession, name: "my-mice"))
        let removed = try await ada.expectReply("planRemoved") { if case .planRemoved(let n) = $0 { n } else { nil } }
        let adaLists = try await Self.plans(ada, key: adaSession).map(\.name)
        try ada.send(.removePlan(teacherKey: adaSession, name: "my-mice"))
        let twice = try await ada.expectError()
        try ada.send(.removePlan(teacherKey: adaSession, name: "demo"))
        let shipped = try await ada.expectError()

        // Then hers is gone, Bo keeps his, the shipped plan stays, and each refusal names the plan
        #expect(removed == "my-mice")
        #expect(!adaLists.contains("my-mice"))
        #expect(adaLists.contains("demo"))
        #expect(try await Self.plans(bo, key: boSession).first { $0.name == "my-mice" }?.own == true)
        #expect(twice.code == .invalidField)
        #expect(twice.message.contains("my-mice"))
        #expect(shipped.code == .invalidField)
        #expect(try await Self.plans(ada, key: adaSession).contains { $0.name == "demo" })
        await server.stop()
    }

    @Test func theKeyRemovesOnlyTheServersPlanNotATeachersOfTheSameName() async throws {
        // Given a server plan and Ada's own plan, both called my-mice
        let (server, _) = try await TeacherAccountHubTests.school()
        let key = InProcessHub.teacherKey
        let admin = server.connect()
        try admin.send(.savePlan(teacherKey: key, name: "my-mice", text: Self.mice, replace: false))
        _ = try await admin.expectReply("planSaved") { if case .planSaved(let n) = $0 { n } else { nil } }
        let ada = server.connect()
        let session = try await TeacherAccountHubTests.signIn(ada, as: "Ada")
        let hers = Self.mice.replacingOccurrences(of: "run: 5", with: "run: 7")
        try ada.send(.savePlan(teacherKey: session, name: "my-mice", text: hers, replace: false))
        _ = try await ada.expectReply("planSaved") { if case .planSaved(let n) = $0 { n } else { nil } }

        // When the key holder removes my-mice
        try admin.send(.removePlan(teacherKey: key, name: "my-mice"))
        _ = try await admin.expectReply("planRemoved") { if case .planRemoved(let n) = $0 { n } else { nil } }

        // Then the server no longer lists it, and Ada still has her own
        #expect(try await Self.plans(admin, key: key).contains { $0.name == "my-mice" } == false)
        #expect(try await Self.plans(ada, key: session).first { $0.name == "my-mice" }?.text == hers)
        await server.stop()
    }
}
