import Foundation
import Logging
import PetriHubTesting
import PetriPeer
import PetriProtocol
import PetriSimulation
import PetriWebSocket
import Testing

@testable import PetriServer

/// `petri serve --models DIR` (`models.directory`): every `*.yaml` there is checked as `petri model check` does; a bad
/// file is left out with its file, line and sentence, and the others are served.
@Suite struct ModelDirectoryTests {
    /// The finches' file under another name with a fitness function the engine does not have.
    private static let broken = ModelFileCopies.finches(model: "broken-finches")
        .replacingOccurrences(of: "function: logisticMatch", with: "function: sigmoid")

    @Test func aBadFileIsLeftOutWithItsLineAndTheGoodOnesLoad() throws {
        // Given a bad file and a good one
        let problem = try #require(TraitModelFile.check(Self.broken).first)
        let (catalog, refusals) = ModelDirectory.catalog(adding: [
            ("bad.yaml", Self.broken), ("good.yaml", ModelFileCopies.finches()),
        ])
        // Then the good one is served after the shipped models and the bad one is refused with its reason
        #expect(catalog.kinds.map(\.rawValue) == ModelKind.allCases.map(\.rawValue) + ["drought-finches"])
        #expect(refusals == [ModelFileRefusal(file: "bad.yaml", problems: TraitModelFile.check(Self.broken))])
        #expect(problem.sentence.contains("sigmoid"))
        // and /readyz's detail names the file, the line and the sentence
        let detail = ModelDirectory.readinessDetail(refusals)
        let json = try JSONSerialization.jsonObject(with: Data(("{" + detail.dropFirst() + "}").utf8))
        let text = try #require((json as? [String: String])?["detail"])
        #expect(text == "Model files not loaded: bad.yaml line \(problem.line): \(problem.sentence)")
    }

    @Test(.timeLimit(.minutes(1))) func theServerStartsServesTheGoodFileAndReadyzNamesTheBadOne() async throws {
        let executable = try #require(petriExecutable(), "build the petri executable first (swift build)")
        guard let curl = DeployTools.find("curl") else {
            print("skipped: curl is not installed, so /readyz was not checked over HTTP")
            return
        }
        // Given a models directory with a bad file and a good one
        let data = try temporaryDirectory()
        let models = try temporaryDirectory()
        defer {
            try? FileManager.default.removeItem(atPath: data)
            try? FileManager.default.removeItem(atPath: models)
        }
        let good = ModelFileCopies.finches()
        try Data(Self.broken.utf8).write(to: URL(fileURLWithPath: models + "/bad.yaml"))
        try Data(good.utf8).write(to: URL(fileURLWithPath: models + "/good.yaml"))
        // When the server starts with --models
        let (server, url) = try await PetriProcess.serve(
            data: data, teacherKey: testTeacherKey, executable: executable, arguments: ["--models", models])
        // Then /readyz is ready and its detail names the bad file and its line
        let problem = try #require(TraitModelFile.check(Self.broken).first)
        let readyz = url.replacingOccurrences(of: "ws://", with: "http://") + "readyz"
        var body = ""
        #expect(
            await eventually {
                body = (try? DeployTools.run(curl, ["-s", readyz]).output) ?? ""
                return body.contains(#""status":"ready""#)
            })
        let json = try JSONSerialization.jsonObject(with: Data(body.utf8)) as? [String: String]
        #expect(json?["detail"] == "Model files not loaded: bad.yaml line \(problem.line): \(problem.sentence)")
        // and a teacher runs a lesson of the good file, on the file's rules
        let client = try await WebSocketClient.start()
        let teacher = try await ProtocolPeer(client, url: url)
        let kind = try #require(ModelKind(rawValue: "drought-finches"))
        let (code, token) = try await teacher.createLesson(
            kind, .object(["scenario": .string("drought-1977")]), seed: 7, teacherKey: testTeacherKey)
        _ = try await teacher.attach(.teach(code: code, token: token, lastSeen: nil))
        _ = try await teacher.answers(to: .step(count: 3))
        try teacher.send(.export)
        let definition = try await teacher.expect("definition") { if case .definition(let d) = $0 { d } else { nil } }
        let source = try TraitModelSource(text: good)
        var direct = try FileTraitModel(parameters: TraitValues(source: source).preset("drought-1977"), seed: 7)
        for _ in 0..<3 { direct.step() }
        #expect(definition.stateHash == direct.stateHash)
        #expect(definition.modelFile?.hash == source.contentHash)
        await client.shutdown()
        await server.crash()
    }
}
