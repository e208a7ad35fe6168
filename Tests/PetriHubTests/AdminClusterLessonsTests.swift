import PetriAccounts
import PetriHubTesting
import PetriPeer
import PetriProtocol
import PetriStorage
import Synchronization
import Testing

/// The leases of a cluster, as PostgreSQL's lease table keeps them: which node runs each lesson.
private final class Leases: Sendable {
    let holders = Mutex<[String: String]>([:])
}

/// One node's view of ``Leases`` over the store the nodes share.
private struct NodeLeases: LessonOwnership {
    let node: String
    let leases: Leases
    let storage: GatedStorage

    func locate(code: JoinCode, endedSince: Timestamp) async throws -> LessonLocation {
        guard let record = try await storage.unfinishedLessons().first(where: { $0.code == code }) else {
            return .unknown
        }
        if let holder = leases.holders.withLock({ $0[record.id] }), holder != node {
            return .elsewhere(url: "ws://\(holder).school.example/", lesson: record.id)
        }
        return .claimable(record, endedAt: nil)
    }

    func claim(lesson id: String) async throws -> Bool {
        leases.holders.withLock { holders in
            if let holder = holders[id], holder != node { return false }
            holders[id] = node
            return true
        }
    }

    func release(lesson id: String) async {
        leases.holders.withLock { holders in if holders[id] == node { holders[id] = nil } }
    }

    var lostLeases: AsyncStream<String> { AsyncStream { $0.finish() } }

    func holders() async throws -> [String: String] { leases.holders.withLock { $0 } }
}

/// The administrator's list of lessons (`/admin`) is the cluster's, from the store: each lesson with the node that
/// runs it, whichever node the administrator asks.
@Suite struct AdminClusterLessonsTests {
    @Test func theAdministratorSeesEveryLessonOfTheClusterWithItsNodeAndErasesOneAnotherNodeRuns() async throws {
        // Given two nodes on one store: a lesson runs on node A, one on node B, and one no node runs now
        let storage = GatedStorage()
        let clock = ManualClock()
        let leases = Leases()
        let teachers = InMemoryTeacherAccounts()
        let accounts = TeacherAccounts(
            storage: teachers, now: { clock.now() }, audit: AccountAudit(now: { clock.now() }, write: { _ in }),
            hashing: PasswordHash.Parameters(logN: 4, r: 8, p: 1))
        let nodeA = InProcessHub(
            storage: storage, clock: clock, accounts: accounts,
            ownership: NodeLeases(node: "node-a", leases: leases, storage: storage))
        let nodeB = InProcessHub(
            storage: storage, clock: clock, accounts: accounts,
            ownership: NodeLeases(node: "node-b", leases: leases, storage: storage))
        let (onA, _) = try await nodeA.connect().createLesson(.life)
        let (onB, _) = try await nodeB.connect().createLesson(.camouflage)
        let (orphan, _) = try await nodeA.connect().createLesson(.life)
        let ids = Dictionary(
            try await storage.unfinishedLessons().map { ($0.code, $0.id) }, uniquingKeysWith: { first, _ in first })
        let (idA, idB) = (try #require(ids[onA]), try #require(ids[onB]))
        leases.holders.withLock { $0 = [idA: "node-a", idB: "node-b"] }

        // When the administrator asks node B for every lesson
        let admin = nodeB.connect()
        let listed = try await admin.answers(to: .account(session: InProcessHub.teacherKey, request: .myLessons))

        // Then node B lists all three, with the node running each (none for the orphan)
        guard case .myLessons(let lessons) = listed.first, listed.count == 1 else {
            Issue.record("expected one myLessons, got \(listed)")
            return
        }
        #expect(Set(lessons.map(\.code)) == [onA, onB, orphan])
        #expect(lessons.first { $0.code == onA }?.node == "node-a")
        #expect(lessons.first { $0.code == onB }?.node == "node-b")
        #expect(lessons.first { $0.code == orphan }.map { $0.node == nil } == true)
        #expect(lessons.allSatisfy { $0.role == "administrator" && $0.endedAt == nil })

        // When the administrator erases, through node B, the lesson node A runs
        let erased = try await admin.answers(
            to: .account(session: InProcessHub.teacherKey, request: .eraseLesson(code: onA)))

        // Then it is gone from the store and from the list node B answers with; the others stay
        guard case .myLessons(let after) = erased.first else {
            Issue.record("expected myLessons, got \(erased)")
            return
        }
        #expect(Set(after.map(\.code)) == [onB, orphan])
        #expect(Set(try await storage.unfinishedLessons().map(\.code)) == [onB, orphan])
        await nodeA.stop()
        await nodeB.stop()
    }
}
