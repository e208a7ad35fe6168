import PetriHubTesting
import PetriPeer
import PetriProtocol
import PetriStorage
import Testing

@testable import PetriHub

/// A node's view of a store that places every lesson nobody runs on one node of the cluster (as PostgreSQL's
/// placement does with the node running the fewest lessons).
private struct PlacedOn: LessonOwnership {
    /// This node's URL.
    let me: String
    /// The URL of the node the store places lessons on.
    let target: String
    let storage: GatedStorage

    func locate(code: JoinCode, endedSince: Timestamp) async throws -> LessonLocation {
        guard let record = try await storage.unfinishedLessons().first(where: { $0.code == code }) else {
            return .unknown
        }
        return .claimable(record, endedAt: nil)
    }

    func claim(lesson id: String) async throws -> Bool { true }
    func place(lesson id: String) async throws -> LessonPlacement { target == me ? .here : .elsewhere(url: target) }
    func release(lesson id: String) async {}
    var lostLeases: AsyncStream<String> { AsyncStream { $0.finish() } }
}

/// A lesson whose node died is restored where the store places it: a node asked for it elsewhere sends the client on.
@Suite struct LessonPlacementTests {
    @Test func aNodeAskedForALessonPlacedOnAnotherSendsTheClientThereAndRunsNothing() async throws {
        // Given a lesson in the shared store whose node is gone, and a store that places it on node D
        let storage = GatedStorage()
        let gone = InProcessHub(storage: storage)
        let (code, token) = try await gone.connect().createLesson()
        await gone.stop()
        let (nodeC, nodeD) = ("ws://node-c.school.example/", "ws://node-d.school.example/")
        let c = InProcessHub(storage: storage, ownership: PlacedOn(me: nodeC, target: nodeD, storage: storage))
        let d = InProcessHub(storage: storage, ownership: PlacedOn(me: nodeD, target: nodeD, storage: storage))

        // When its teacher and a student come back through node C
        let teacherAtC = try await c.connect().answers(to: .teach(code: code, token: token, lastSeen: nil))
        let studentAtC = try await c.connect().answers(to: .join(code: code, name: "Ada"))

        // Then both are sent to node D, and node C runs nothing
        #expect(teacherAtC.first == .redirect(url: nodeD, code: code))
        #expect(studentAtC.first == .redirect(url: nodeD, code: code))
        #expect(await c.hub.host(for: code) == nil)

        // And node D, asked in turn, restores the lesson and welcomes them
        let teacherAtD = try await d.connect().answers(to: .teach(code: code, token: token, lastSeen: nil))
        #expect(teacherAtD.contains { if case .welcome = $0 { true } else { false } })
        let studentAtD = try await d.connect().answers(to: .join(code: code, name: "Ada"))
        #expect(studentAtD.contains { if case .welcome = $0 { true } else { false } })
        await c.stop()
        await d.stop()
    }
}
