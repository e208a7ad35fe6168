import Foundation
import PetriPeer
import PetriPostgresTesting
import PetriProtocol
import PetriStorePostgres
import PetriWebSocket
import Testing

/// Make-ups in a cluster (PROTOCOL.md 5.9 and 10): played where the lesson runs, and fenced by its lease.
@Suite struct ClusterMakeupTests {
    @Test(.timeLimit(.minutes(2)))
    func aMakeupStudentIsSentToTheLessonsNodeAndANodeThatLostTheLessonCannotRecordTheirAnswer() async throws {
        // Given nodes A and B (in-process hubs) sharing a PostgreSQL store, and on A a lesson whose class had a
        // question after a step, with a make-up open
        let nodes = try await ClusterTests.twoNodes()
        let (url, a, b, serverA, serverB, client) = (
            nodes.url, nodes.a, nodes.b, nodes.serverA, nodes.serverB, nodes.client
        )
        let teacher = try await TestClient(client, url: serverA.url)
        let (code, token) = try await teacher.createLesson(.camouflage, ClusterTests.moths, seed: 42)
        _ = try await teacher.attach(.teach(code: code, token: token, lastSeen: nil))
        try teacher.send(.step(count: 1))
        try await teacher.waitForGeneration(1)
        try teacher.send(.ask(QuestionSpec(metric: "meanTrait", kind: .number(tolerance: 20), horizon: 2)))
        _ = try await teacher.expectReply("question") { if case .question(let q) = $0 { q } else { nil } }
        try teacher.send(.openMakeup(until: nil))
        let makeup = try await teacher.expectReply("makeup") { if case .makeup(let info) = $0 { info } else { nil } }
        let id = try #require(a.heldLeases.keys.first)

        // When Ada joins the make-up through B
        let ada = try await attachThroughCluster(
            client, home: serverB.url, .joinMakeup(code: makeup.code, name: "Ada"))

        // Then she is sent to A, which runs the lesson, and plays it there
        #expect(ada.url == serverA.url)
        #expect(ada.redirects == 1)
        let adaToken = try #require(ada.welcome.you?.token)
        var question: QuestionInfo?
        while question == nil {
            try ada.peer.send(.makeupNext)
            question = try await ada.peer.expectReply("the next moment") { message -> QuestionInfo?? in
                switch message {
                case .question(let q): .some(q)
                case .makeupPosition: .some(nil)
                default: nil
                }
            }
        }
        let asked = try #require(question)
        // Her moves were only moves (stored within a second, beside other students'); choosing her pace is stored
        // before it is answered, so A's store now holds her at the question.
        try ada.peer.send(.makeupPace(.own, seconds: nil))
        _ = try await ada.peer.expectReply("her pace") { if case .makeupPosition = $0 { true } else { nil } }

        // When A's lease runs out unnoticed and the teacher, coming back through B, makes B claim the lesson
        try await ClusterTests.expireLeases(url)
        let teacherBack = try await attachThroughCluster(
            client, home: serverB.url, .teach(code: code, token: token, lastSeen: nil))
        #expect(teacherBack.url == serverB.url)
        #expect(b.heldLeases[id] == 2)

        // Then A cannot store Ada's make-up answer: she is told it was not saved, and sent away to reconnect
        try ada.peer.send(.answer(question: asked.id, prediction: .number(40)))
        let refusal = try await ada.peer.expect("the refusal") { message -> ProtocolError? in
            if case .answerAccepted = message { Issue.record("a node that lost the lesson acknowledged an answer") }
            if case .error(let error) = message { return error }
            return nil
        }
        #expect(refusal.code == .tryLater)
        while try await ada.peer.next() != nil {}
        #expect(ada.peer.closed?.code == .serverRestarting)
        #expect(a.heldLeases.isEmpty)

        // And coming back through A she is sent to B, at the same moment, with no answer recorded
        let back = try await attachThroughCluster(
            client, home: serverA.url, .resumeMakeup(code: makeup.code, token: adaToken))
        #expect(back.url == serverB.url)
        var replayed: [ServerMessage] = []
        _ = try await back.peer.expectReply("the position") { message -> Bool? in
            replayed.append(message)
            if case .makeupPosition = message { return true }
            return nil
        }
        #expect(!replayed.contains { if case .answerAccepted = $0 { true } else { false } })
        #expect(
            replayed.contains { if case .question(let q) = $0 { q.id == asked.id && q.state == .open } else { false } })

        // And B, which holds the lesson, records it
        try back.peer.send(.answer(question: asked.id, prediction: .number(40)))
        _ = try await back.peer.expectReply("answerAccepted") { if case .answerAccepted = $0 { true } else { nil } }

        await nodes.stop()
    }
}
