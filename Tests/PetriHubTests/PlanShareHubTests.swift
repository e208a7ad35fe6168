import PetriHubTesting
import PetriPeer
import PetriProtocol
import Testing

/// Sharing a plan by link: Ada shares her plan, anyone with the link reads it, Bo copies it into his own plans with
/// one request, and once Ada revokes the link it opens nothing.
@Suite struct PlanShareHubTests {
    static let mice = """
        title: Mice on the lava
        summary: Rock pocket mice, light and dark.
        model: mice
        moments:
          - run: 5
          - ask: {kind: number, metric: meanFur, horizon: 3, prompt: How dark in 3 generations?}
        """

    /// Saves ``mice`` as `lava-mice` and returns every answer (a plan that does not check is answered with its
    /// problems, which a wait for `planSaved` alone would skip for ever).
    static func save(_ peer: ProtocolPeer, key: String) async throws -> [ServerMessage] {
        try await peer.answers(to: .savePlan(teacherKey: key, name: "lava-mice", text: mice, replace: false))
    }

    static func shared(_ peer: ProtocolPeer, link: String) async throws -> SharedPlan {
        try peer.send(.openSharedPlan(link: link))
        return try await peer.expectReply("sharedPlan") { if case .sharedPlan(let p) = $0 { p } else { nil } }
    }

    @Test func aColleagueReadsASharedPlanWithoutSigningInAndCopiesItIntoHisOwnPlans() async throws {
        // Given Ada signed in, with a plan of her own saved
        let (server, _) = try await TeacherAccountHubTests.school()
        let ada = server.connect()
        let adaSession = try await TeacherAccountHubTests.signIn(ada, as: "Ada")
        try #require(try await Self.save(ada, key: adaSession) == [.planSaved(name: "lava-mice")])

        // When she shares it, twice
        try ada.send(.sharePlan(teacherKey: adaSession, name: "lava-mice"))
        let link = try await ada.expectReply("planShared") { if case .planShared(_, let l) = $0 { l } else { nil } }
        try ada.send(.sharePlan(teacherKey: adaSession, name: "lava-mice"))
        let again = try await ada.expectReply("planShared") { if case .planShared(_, let l) = $0 { l } else { nil } }

        // Then the link is the same both times, and her list shows it beside her plan
        #expect(link.count == 22)
        #expect(again == link)
        let listed = try await PlanLibraryHubTests.plans(ada, key: adaSession).first { $0.name == "lava-mice" }
        #expect(listed?.link == link)

        // When someone who is not signed in opens the link
        let reader = server.connect()
        let plan = try await Self.shared(reader, link: link)
        // Then they read its title, model, story, moments and questions
        #expect(plan.title == "Mice on the lava")
        #expect(plan.model == .mice)
        #expect(plan.summary == "Rock pocket mice, light and dark.")
        #expect(plan.moments.map(\.action.kind) == ["run", "ask"])
        #expect(plan.text == Self.mice)

        // When Bo, signed in, copies it twice
        let bo = server.connect()
        let boSession = try await TeacherAccountHubTests.signIn(bo, as: "Bo")
        try bo.send(.copySharedPlan(teacherKey: boSession, link: link))
        let first = try await bo.expectReply("planSaved") { if case .planSaved(let n) = $0 { n } else { nil } }
        try bo.send(.copySharedPlan(teacherKey: boSession, link: link))
        let second = try await bo.expectReply("planSaved") { if case .planSaved(let n) = $0 { n } else { nil } }

        // Then both copies are his own (the second under the next free name), with Ada's text and no link of hers
        #expect(first == "lava-mice")
        #expect(second == "lava-mice-2")
        let his = try await PlanLibraryHubTests.plans(bo, key: boSession).filter { $0.own }
        #expect(his.map(\.name) == ["lava-mice", "lava-mice-2"])
        #expect(his.allSatisfy { $0.text == Self.mice && $0.link == nil })
        await server.stop()
    }

    @Test func aRevokedUnknownOrMalformedLinkIsRefusedWithASentence() async throws {
        // Given Ada's plan shared by a link
        let (server, _) = try await TeacherAccountHubTests.school()
        let ada = server.connect()
        let session = try await TeacherAccountHubTests.signIn(ada, as: "Ada")
        try #require(try await Self.save(ada, key: session) == [.planSaved(name: "lava-mice")])
        try ada.send(.sharePlan(teacherKey: session, name: "lava-mice"))
        let link = try await ada.expectReply("planShared") {
            if case .planShared(_, let l) = $0 { l } else { nil }
        }

        // When she revokes it
        try ada.send(.unsharePlan(teacherKey: session, name: "lava-mice"))
        let unshared = try await ada.expectReply("planUnshared") {
            if case .planUnshared(let n) = $0 { n } else { nil }
        }
        #expect(unshared == "lava-mice")

        // Then the link opens nothing and cannot be copied, a link never given and a broken one are refused, each
        // with its sentence; revoking again and sharing a plan she has not saved are refused too
        let reader = server.connect()
        try reader.send(.openSharedPlan(link: link))
        let revoked = try await reader.expectError()
        #expect(revoked.code == .unknownToken)
        #expect(revoked.message.contains("stopped sharing it"))
        try ada.send(.copySharedPlan(teacherKey: session, link: link))
        #expect(try await ada.expectError().code == .unknownToken)
        try reader.send(.openSharedPlan(link: "AAAAAAAAAAAAAAAAAAAAAA"))
        #expect(try await reader.expectError().code == .unknownToken)
        try reader.send(.openSharedPlan(link: "not a link"))
        let malformed = try await reader.expectError()
        #expect(malformed.code == .invalidField)
        #expect(malformed.message.contains("whole link was copied"))
        try ada.send(.unsharePlan(teacherKey: session, name: "lava-mice"))
        #expect(try await ada.expectError().code == .invalidField)
        try ada.send(.sharePlan(teacherKey: session, name: "demo"))
        let shipped = try await ada.expectError()
        #expect(shipped.code == .invalidField)
        #expect(shipped.message.contains("save it first"))

        // And sharing again gives a new link: the revoked one stays dead
        try ada.send(.sharePlan(teacherKey: session, name: "lava-mice"))
        let fresh = try await ada.expectReply("planShared") { if case .planShared(_, let l) = $0 { l } else { nil } }
        #expect(fresh != link)
        try reader.send(.openSharedPlan(link: link))
        #expect(try await reader.expectError().code == .unknownToken)
        await server.stop()
    }
}
