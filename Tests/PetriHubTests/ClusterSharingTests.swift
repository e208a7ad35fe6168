import PetriAccounts
import PetriHubTesting
import PetriPeer
import PetriProtocol
import PetriStorage
import Testing

/// A node of a cluster that does not run a lesson: the store says another node holds it (as PostgreSQL's lease
/// table does), and gives its id.
private struct LessonOnAnotherNode: LessonOwnership {
    let code: JoinCode
    let lesson: String

    func locate(code: JoinCode, endedSince: Timestamp) async throws -> LessonLocation {
        code == self.code ? .elsewhere(url: "ws://node-a.school.example/", lesson: lesson) : .unknown
    }

    func claim(lesson id: String) async throws -> Bool { false }
    func release(lesson id: String) async {}
    var lostLeases: AsyncStream<String> { AsyncStream { $0.finish() } }
}

/// Who teaches a lesson lives in the shared store, so sharing and handing over work from any node of a cluster.
@Suite struct ClusterSharingTests {
    @Test func aTeacherSharesAndHandsOverHerLessonFromANodeThatDoesNotRunIt() async throws {
        // Given two nodes on one accounts store; Ada's lesson runs on node A
        let storage = InMemoryTeacherAccounts()
        let clock = ManualClock()
        let (nodeA, accounts) = try await TeacherAccountHubTests.school(storage: storage, clock: clock)
        let ada = nodeA.connect()
        let session = try await TeacherAccountHubTests.signIn(ada, as: "Ada")
        let (code, _) = try await ada.createLesson(teacherKey: session)
        let adaRecord = try #require(try await accounts.find("Ada"))
        let lesson = try #require(await storage.lessons(ofTeacher: adaRecord.id).keys.first)
        let (spare, accountsB) = try await TeacherAccountHubTests.school(storage: storage, clock: clock)
        await spare.stop()
        let nodeB = InProcessHub(
            clock: clock, accounts: accountsB, ownership: LessonOnAnotherNode(code: code, lesson: lesson))

        // When she shares it with Bo through node B, asks who teaches it there, and then hands it over to Bo there
        let onB = nodeB.connect()
        let shared = try await onB.answers(to: .account(session: session, request: .share(code: code, teacher: "Bo")))
        let listed = try await onB.answers(to: .account(session: session, request: .lessonTeachers(code: code)))
        let handed = try await onB.answers(
            to: .account(session: session, request: .handOver(code: code, teacher: "Bo")))

        // Then node B answers each from the store, and on node A Bo, now its owner, opens it with his session
        #expect(shared == [.lessonTeachers(code: code, owner: "Ada", coTeachers: ["Bo"])])
        #expect(listed == shared)
        #expect(handed == [.lessonTeachers(code: code, owner: "Bo", coTeachers: ["Ada"])])
        let bo = nodeA.connect()
        let boSession = try await TeacherAccountHubTests.signIn(bo, as: "Bo")
        let welcome = try await bo.attach(.account(session: boSession, request: .open(code: code, lastSeen: nil)))
        #expect(welcome.role == .teacher)
        await nodeA.stop()
        await nodeB.stop()
    }
}
