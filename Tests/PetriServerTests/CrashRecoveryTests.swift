import Foundation
import PetriHub
import PetriHubTesting
import PetriLesson
import PetriPeer
import PetriProtocol
import PetriSimulation
import PetriTransport
import PetriWebSocket
import Testing

@testable import PetriServer

/// `kill -9` the real server at several points of a lesson; after each restart everything that
/// was acknowledged is there, students resume with their tokens, and the simulation's state
/// hash equals an uninterrupted run's.
@Suite(.serialized) struct CrashRecoveryTests {
    static let parameters: JSONValue = .object(["population": .number(80), "reproductiveChance": .number(0.6)])

    @Test(.timeLimit(.minutes(2))) func acknowledgedActionsAndAnswersSurviveKillNineAtSeveralPoints() async throws {
        let executable = try #require(petriExecutable(), "build the petri executable first (swift build)")
        let data = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: data) }
        let client = try await WebSocketClient.start()

        // Given a lesson with a student, on a server that stores in `data`
        var (server, url) = try await PetriProcess.serve(data: data, teacherKey: testTeacherKey, executable: executable)
        var teacher = try await TestClient(client, url: url)
        let (code, teacherToken) = try await teacher.createLesson(.camouflage, Self.parameters, seed: 42)
        _ = try await teacher.attach(.teach(code: code, token: teacherToken, lastSeen: nil))
        var ada = try await TestClient(client, url: url)
        let joined = try await ada.attach(.join(code: code, name: "Ada"))
        let adaToken = try #require(joined.you?.token)
        let adaID = try #require(joined.you?.student)

        /// Crashes the server, restarts it on the same data, and reconnects both.
        func crashAndRestart() async throws -> (teacher: Welcome, ada: Welcome) {
            await server.crash()
            (server, url) = try await PetriProcess.serve(data: data, teacherKey: testTeacherKey, executable: executable)
            teacher = try await TestClient(client, url: url)
            let t = try await teacher.attach(.teach(code: code, token: teacherToken, lastSeen: nil))
            ada = try await TestClient(client, url: url)
            let a = try await ada.attach(.resume(code: code, token: adaToken, lastSeen: nil))
            return (t, a)
        }

        // Crash 1: right after the join was acknowledged
        var after = try await crashAndRestart()
        #expect(after.ada.you?.student == adaID)
        #expect(after.ada.you?.name == "Ada")
        #expect(after.teacher.position.generation == 0)

        // Crash 2: mid-question, after the answer was acknowledged
        try teacher.send(.setParameter(name: "environmentColour", value: .number(30)))
        _ = try await teacher.expect { if case .actionApplied = $0 { true } else { nil } }
        try teacher.send(.step(count: 3))
        try await teacher.waitForGeneration(3)
        try teacher.send(.ask(QuestionSpec(metric: "meanTrait", kind: .number(tolerance: 25), horizon: 2)))
        let question = try await ada.expect { if case .question(let q) = $0 { q } else { nil } }
        try ada.send(.answer(question: question.id, prediction: .number(40)))
        _ = try await ada.expect { if case .answerAccepted = $0 { true } else { nil } }
        after = try await crashAndRestart()
        #expect(after.teacher.position.generation == 3)
        #expect(after.ada.answers.map(\.question) == [question.id])
        #expect(after.ada.questions.first?.id == question.id)

        // Crash 3: after the question resolved and scored
        try teacher.send(.step(count: 2))
        let result = try await ada.expect { if case .result(let r) = $0 { r } else { nil } }
        try teacher.send(.step(count: 4))
        try await teacher.waitForGeneration(9)
        after = try await crashAndRestart()
        #expect(after.teacher.position.generation == 9)
        #expect(after.ada.you?.score == result.score)
        #expect(after.ada.you?.streak == result.streak)

        // Crash 4: with a step in flight (not waited for): it either happened or not, never half
        try teacher.send(.step(count: 1))
        after = try await crashAndRestart()
        let generation = after.teacher.position.generation
        #expect(generation == 9 || generation == 10)

        // Then the recovered simulation equals an uninterrupted run of the same actions
        try teacher.send(.export)
        let recovered = try await teacher.expect { if case .definition(let d) = $0 { d } else { nil } }
        let reference = try await uninterruptedHash(steps: generation, client: client)
        #expect(recovered.stateHash != nil)
        #expect(recovered.stateHash == reference)

        await server.crash()
        await client.shutdown()
    }

    /// The same lesson driven without interruption on an in-process server.
    private func uninterruptedHash(steps: Int, client: WebSocketClient) async throws -> UInt64? {
        let server = try await TestServer.start()
        let teacher = try await TestClient(client, url: server.url)
        let (code, token) = try await teacher.createLesson(.camouflage, Self.parameters, seed: 42)
        _ = try await teacher.attach(.teach(code: code, token: token, lastSeen: nil))
        try teacher.send(.setParameter(name: "environmentColour", value: .number(30)))
        _ = try await teacher.expect { if case .actionApplied = $0 { true } else { nil } }
        try teacher.send(.step(count: steps))
        try await teacher.waitForGeneration(steps)
        try teacher.send(.export)
        let definition = try await teacher.expect { if case .definition(let d) = $0 { d } else { nil } }
        await server.stop()
        return definition.stateHash
    }
}

@Suite struct GracefulStopTests {
    @Test(.timeLimit(.minutes(1))) func sigtermLosesNoAcknowledgedAction() async throws {
        let executable = try #require(petriExecutable(), "build the petri executable first (swift build)")
        let data = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: data) }
        let client = try await WebSocketClient.start()
        // Given a lesson at generation 3 with an answered question, on a server with clients connected
        var (server, url) = try await PetriProcess.serve(data: data, teacherKey: testTeacherKey, executable: executable)
        let teacher = try await TestClient(client, url: url)
        let (code, token) = try await teacher.createLesson(.islands, .object([:]), seed: 3)
        _ = try await teacher.attach(.teach(code: code, token: token, lastSeen: nil))
        let bo = try await TestClient(client, url: url)
        let joined = try await bo.attach(.join(code: code, name: "Bo"))
        try teacher.send(.step(count: 3))
        try await teacher.waitForGeneration(3)
        try teacher.send(.ask(QuestionSpec(metric: "landTiles", kind: .number(tolerance: 5), horizon: 2)))
        let question = try await bo.expect { if case .question(let q) = $0 { q } else { nil } }
        try bo.send(.answer(question: question.id, prediction: .number(9)))
        _ = try await bo.expect { if case .answerAccepted = $0 { true } else { nil } }

        // When the server gets SIGTERM, clients hear 4012 and it exits 0
        kill(server.process.processIdentifier, SIGTERM)
        while try await bo.next() != nil {}
        #expect(bo.closed?.0 == .serverRestarting)
        #expect(await server.waitForExit(within: 10) == 0)

        // Then after a restart the lesson is at generation 3 and Bo's answer is there
        (server, url) = try await PetriProcess.serve(data: data, teacherKey: testTeacherKey, executable: executable)
        let again = try await TestClient(client, url: url)
        #expect(try await again.attach(.teach(code: code, token: token, lastSeen: nil)).position.generation == 3)
        let boAgain = try await TestClient(client, url: url)
        let resumed = try await boAgain.attach(
            .resume(code: code, token: try #require(joined.you?.token), lastSeen: nil))
        #expect(resumed.answers.map(\.question) == [question.id])
        await server.crash()
        await client.shutdown()
    }
}
