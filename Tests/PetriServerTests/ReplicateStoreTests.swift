import Foundation
import PetriHub
import PetriHubTesting
import PetriLesson
import PetriPeer
import PetriProtocol
import PetriSimulation
import Testing

/// Replicates kept by the real stores: after a restart on SQLite, or another node taking the lesson
/// over on PostgreSQL, the class sees the bands it was shown.
@Suite struct ReplicateStoreTests {
    static let moths: JSONValue = .object(["population": .number(60), "reproductiveChance": .number(0.6)])

    @Test(.timeLimit(.minutes(2)), arguments: HubSetup.both, TestStore.allCases)
    func aLessonTakenOverFromTheStoreShowsTheBandsItWasShown(in setup: HubSetup, on store: TestStore) async throws {
        let location = try await store.create()
        let opened = try await location.open()
        let server = try await setup.start(storage: opened.storage, ownership: opened.ownership) {
            $0.replicateThreads = 1
        }
        // Given a lesson whose teacher asked a question and got replicates of its future
        let teacher = try await server.connect()
        let (code, token) = try await teacher.createLesson(.camouflage, Self.moths)
        _ = try await teacher.attach(.teach(code: code, token: token, lastSeen: nil))
        _ = try await teacher.answers(to: .step(count: 2))
        try teacher.send(.ask(QuestionSpec(metric: "population", kind: .number(tolerance: 10), horizon: 3)))
        _ = try await teacher.expectReply("question") { if case .question(let q) = $0 { q } else { nil } }
        try teacher.send(.replicates(count: 30, horizon: 5, metric: "population"))
        let shown = try await teacher.expectReply("replicates") { if case .replicates(let b) = $0 { b } else { nil } }

        // When the server stops and another node opens the store (on PostgreSQL once the first node's
        // lease has run out, as it would after a crash)
        await server.stop()
        opened.close()
        if case .postgres(let url) = location { try await ClusterTests.expireLeases(url) }
        let reopened = try await location.open(node: "node-2")
        let next = try await setup.start(storage: reopened.storage, ownership: reopened.ownership) {
            $0.replicateThreads = 1
        }

        // Then a student joining gets the bands the class was shown, and the question resolves among them
        let returning = try await next.connect()
        _ = try await returning.attach(.teach(code: code, token: token, lastSeen: nil))
        let student = try await next.connect()
        _ = try await student.attach(.join(code: code, name: "Ada"))
        let arrival = try await student.answers(to: .ping)
        #expect(arrival.contains(.replicates(shown)))
        try returning.send(.step(count: 3))
        let resolution = try await returning.expectReply("resolved") {
            if case .resolved(let r) = $0 { r } else { nil }
        }
        #expect(resolution.replicates?.generation == 2)
        #expect(resolution.replicates?.replicates == 30)

        await next.stop()
        reopened.close()
    }
}
