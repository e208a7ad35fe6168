import PetriHubTesting
import PetriPeer
import PetriProtocol
import PetriSimulation
import Testing

@testable import PetriHub

/// `describeModels`: every model's description for anyone, before, without or within a lesson; a teacher
/// key given with it is checked, which is how the browser console signs a teacher in.
@Suite struct DescribeModelsTests {
    private static func models(_ peer: ProtocolPeer) async throws -> [ModelDescription] {
        try await peer.expect("models") { if case .models(let m) = $0 { m } else { nil } }
    }

    @Test(.timeLimit(.minutes(1))) func anyoneGetsEveryModelsDescriptionBeforeAnyLesson() async throws {
        let server = InProcessHub()
        let someone = server.connect()
        // When a fresh connection asks with no key, Then it gets every model, as the models describe themselves
        try someone.send(.describeModels(teacherKey: nil))
        #expect(try await Self.models(someone) == ModelKind.allDescriptions)
        // And with the right key, the same
        try someone.send(.describeModels(teacherKey: testTeacherKey))
        #expect(try await Self.models(someone).map(\.model) == ModelKind.allCases.map(\.rawValue))
        #expect(await server.hub.lessonCount == 0)
        await server.stop()
    }

    @Test(.timeLimit(.minutes(1))) func aWrongKeyGetsTheSentenceCreateGivesAndTheConnectionStaysUsable() async throws {
        let server = InProcessHub()
        let someone = server.connect()
        // When the key is wrong
        try someone.send(.describeModels(teacherKey: "guess"))
        let refusal = try await someone.expectError()
        // Then it is refused as create refuses it
        #expect(refusal.code == .notAuthorised)
        try someone.send(.create(teacherKey: "guess", model: .life, parameters: nil, seed: nil, options: nil))
        #expect(try await someone.expectError() == refusal)
        // And the connection still answers
        try someone.send(.describeModels(teacherKey: nil))
        #expect(try await Self.models(someone).count == ModelKind.allCases.count)
        await server.stop()
    }

    @Test(.timeLimit(.minutes(1))) func aTeacherInALessonMayAskToo() async throws {
        let server = InProcessHub()
        let teacher = server.connect()
        let (code, token) = try await teacher.createLesson(.camouflage, nil)
        _ = try await teacher.attach(.teach(code: code, token: token, lastSeen: nil))
        try teacher.send(.describeModels(teacherKey: nil))
        #expect(try await Self.models(teacher).contains { $0.model == "camouflage" && !$0.scenarios.isEmpty })
        await server.stop()
    }
}
