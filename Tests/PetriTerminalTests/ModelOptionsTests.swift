import Foundation
import PetriProtocol
import PetriSimulation
import PetriWords
import Testing

@testable import PetriTerminal

/// `petri teach new`'s parameters are checked against the server's description of the model, so a model file the
/// server loaded is checked like a shipped one.
@Suite struct ModelOptionsTests {
    /// A teacher's copy of the finches, loaded by a server as `drought-finches`.
    static func loadedFinches() throws -> ModelDescription {
        let text = BeaksFile.source.text.replacingOccurrences(of: "model: beaks", with: "model: drought-finches")
        return try TraitModelSource(text: text).modelDescription
    }

    @Test(.timeLimit(.minutes(1)))
    func aLoadedModelsParametersAreCheckedByTheDescriptionTheServerGives() async throws {
        // Given a server that describes the shipped models and a loaded copy of the finches
        let server = try await FakeLessonServer.start()
        var inbox = server.messages.makeAsyncIterator()
        let described = try ModelCatalog.shipped.descriptions + [Self.loadedFinches()]
        let options = ClientOptions(server: server.url, json: true, colorMode: .none, tokens: nil)
        // When the command asks it for its models
        async let served = ModelOptions.served(options: options)
        let (connection, message) = try #require(await inbox.next())
        #expect(message == .describeModels(teacherKey: nil))
        server.send([.models(described)], to: connection)
        let models = try #require(await served)
        await server.stop()
        let finches = try #require(ModelKind(rawValue: "drought-finches"))
        // Then a parameter the loaded file lacks is refused with the file's own options
        let problem = try #require(
            ModelOptions.problem(model: finches, parameters: .object(["seedHardnes": .number(50)]), models: models))
        #expect(problem.hasPrefix("drought-finches has no parameter --seed-hardnes; it has "))
        #expect(problem.contains("--seed-hardness"))
        // And the file's own parameters and scenarios pass
        let good: JSONValue = .object(["seedHardness": .number(50), "scenario": .string("drought-1977")])
        #expect(ModelOptions.problem(model: finches, parameters: good, models: models) == nil)
        // And a model the server does not describe is named with the ones it does
        let other = try #require(ModelKind(rawValue: "guppies"))
        let unknown = try #require(ModelOptions.problem(model: other, parameters: nil, models: models))
        #expect(unknown.contains("drought-finches"))
        #expect(unknown.hasSuffix("but was guppies."))
    }

    @Test func theCheckAndAStudentsAnswerProblemsAreInTheReadersLanguage() throws {
        let spanish = try #require(Language("es"))
        let models = [BeaksModel.modelDescription]
        let problem = ModelOptions.problem(
            model: .beaks, parameters: .object(["seedHardnes": .number(50)]), models: models, in: spanish)
        #expect(problem?.hasPrefix("beaks no tiene el parámetro --seed-hardnes; tiene --") == true)
        let welsh = try #require(Language("cy"))
        guard case .failure(let typed) = NumberInput().prediction(typed: "lots", question: QuestionID(2)) else {
            Issue.record("a word is not a number")
            return
        }
        #expect(typed.message == "Question 2 wants a number.")
        #expect(typed.message(in: welsh) == "Mae cwestiwn 2 eisiau rhif.")
        guard case .failure(let range) = RangeInput().prediction(typed: "40", question: QuestionID(3)) else {
            Issue.record("one bound is not a range")
            return
        }
        #expect(range.message(in: welsh) == "Mae cwestiwn 3 eisiau amrediad, yr isaf yna'r uchaf: 40,60 neu 40..60.")
    }
}
