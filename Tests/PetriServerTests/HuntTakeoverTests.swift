import Foundation
import PetriHubTesting
import PetriPeer
import PetriPostgresTesting
import PetriProtocol
import PetriSimulation
import PetriStorePostgres
import PetriWebSocket
import Testing

@testable import PetriHub
@testable import PetriServer

/// A hunt round survives its lesson moving to another node of a PostgreSQL cluster: the catches stored on the first
/// node are the round's on the second, which finishes it.
@Suite struct HuntTakeoverTests {
    @Test(.timeLimit(.minutes(2)))
    func aNodeThatTakesALessonOverMidRoundKeepsTheCatchesAndFinishesTheRound() async throws {
        // Given nodes A and B sharing a store, and on A a moth lesson whose class is the selection, with Ada and Ben
        let nodes = try await ClusterTests.twoNodes()
        let (url, serverA, serverB, client) = (nodes.url, nodes.serverA, nodes.serverB, nodes.client)
        let teacher = try await TestClient(client, url: serverA.url)
        var options = LessonOptions()
        options.selection = .class
        try teacher.send(
            .create(
                teacherKey: testTeacherKey, model: .camouflage, parameters: ClusterTests.moths, seed: 42,
                options: options))
        let (code, token) = try await teacher.expect("created") {
            if case .created(let c, let t) = $0 { (c, t) } else { nil }
        }
        _ = try await teacher.attach(.teach(code: code, token: token, lastSeen: nil))
        let ada = try await attachThroughCluster(client, home: serverA.url, .join(code: code, name: "Ada"))
        let ben = try await attachThroughCluster(client, home: serverA.url, .join(code: code, name: "Ben"))
        let adaToken = try #require(ada.welcome.you?.token)
        let benToken = try #require(ben.welcome.you?.token)

        // And a round under way on A in which Ada's catch was acknowledged
        try teacher.send(.startHunt(catches: 1, seconds: 120))
        let info = try await ada.peer.expectReply("huntStarted") {
            if case .huntStarted(let info) = $0 { info } else { nil }
        }
        let first = info.creatures[2].id
        try ada.peer.send(.catchCreature(creature: first))
        _ = try await ada.peer.expectReply("catchAccepted") { if case .catchAccepted = $0 { true } else { nil } }
        let onA = try await Self.lessonHash(serverA, code)

        // When A's lease runs out and Ben, coming back through B, makes B claim the lesson
        try await ClusterTests.expireLeases(url)
        ben.peer.close()
        let back = try await attachThroughCluster(
            client, home: serverB.url, .resume(code: code, token: benToken, lastSeen: nil))
        #expect(back.url == serverB.url)

        // Then B shows the same round, with Ada's catch eaten
        let resumed = try await back.peer.expectReply("huntStarted") {
            if case .huntStarted(let info) = $0 { info } else { nil }
        }
        #expect(resumed.round == 1)
        #expect(resumed.eaten == [first])
        #expect(resumed.creatures == info.creatures)
        // And B's lesson hashes as A's did, open round included (the catch, who made it, her allowance used)
        #expect(try await Self.lessonHash(serverB, code) == onA)

        // And Ben's catch on B is refused for the eaten moth and accepted for another; Ada, back through B too, has
        // used her catch, so the round ends on B with both catches, and generation 1
        let refused = try await back.peer.answers(to: .catchCreature(creature: first))
        #expect(refused.contains { if case .error(let e) = $0 { e.message.contains("already eaten") } else { false } })
        ada.peer.close()
        let adaBack = try await attachThroughCluster(
            client, home: serverB.url, .resume(code: code, token: adaToken, lastSeen: nil))
        let adaAgain = try await adaBack.peer.answers(to: .catchCreature(creature: info.creatures[4].id))
        #expect(
            adaAgain.contains { if case .error(let e) = $0 { e.message.contains("used every catch") } else { false } })
        try back.peer.send(.catchCreature(creature: info.creatures[3].id))
        let summary = try await back.peer.expect("huntEnded") {
            if case .huntEnded(let summary) = $0 { summary } else { nil }
        }
        #expect(summary.caughtBins.reduce(0, +) == 2)
        try await back.peer.waitForGeneration(1)

        await nodes.stop()
    }

    /// The state hash of the lesson a node runs, open round included (an export's covers the simulation alone).
    private static func lessonHash(_ server: TestServer, _ code: JoinCode) async throws -> UInt64 {
        let host = try #require(await server.hub.host(for: code) as? any HashesItsLesson)
        return await host.lessonStateHash()
    }
}

/// A running lesson's state hash, open round included.
protocol HashesItsLesson: Actor {
    func lessonStateHash() -> UInt64
}

extension LessonActor: HashesItsLesson {
    func lessonStateHash() -> UInt64 { lesson.stateHash }
}
