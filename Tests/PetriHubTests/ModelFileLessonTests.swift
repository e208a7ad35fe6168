import PetriHubTesting
import PetriLesson
import PetriPeer
import PetriProtocol
import PetriSimulation
import Testing

@testable import PetriHub

/// A model file a teacher added runs lessons like a shipped model, and a lesson keeps the version of the file it was
/// created from: a restart after the file changed restores the lesson as it ran.
@Suite struct ModelFileLessonTests {
    /// The catalog of a server whose models directory holds `texts`.
    private static func catalog(_ texts: String...) throws -> ModelCatalog {
        var catalog = ModelCatalog.shipped
        for (index, text) in texts.enumerated() { catalog = try catalog.adding(fileNamed: "\(index).yaml", text: text) }
        return catalog
    }

    /// Creates a lesson of `model` from the drought scenario, steps it `steps` times and returns its code, its
    /// teacher token and the lesson file the teacher exports.
    private static func runLesson(
        on server: InProcessHub, model: ModelKind, steps: Int
    ) async throws -> (JoinCode, AccessToken, LessonDefinition) {
        let (code, token) = try await server.connect().createLesson(
            model, .object(["scenario": .string("drought-1977")]), seed: 7)
        let teacher = server.connect()
        _ = try await teacher.attach(.teach(code: code, token: token, lastSeen: nil))
        if steps > 0 { _ = try await teacher.answers(to: .step(count: steps)) }
        return (code, token, try await exported(by: teacher))
    }

    private static func exported(by teacher: ProtocolPeer) async throws -> LessonDefinition {
        try teacher.send(.export)
        return try await teacher.expect("definition") { if case .definition(let d) = $0 { d } else { nil } }
    }

    @Test(.timeLimit(.minutes(1))) func aLoadedModelFileIsDescribedAndRunsALessonByTheFile() async throws {
        // Given a server that loaded a copy of the finches under another name, with another mismatch cost
        let text = ModelFileCopies.finches()
        let source = try TraitModelSource(text: text)
        let models = try Self.catalog(text)
        let server = InProcessHub { $0.models = models }
        // When anyone asks for the models, Then the copy comes after the shipped ones, with its own story
        let someone = server.connect()
        try someone.send(.describeModels(teacherKey: nil))
        let described = try await someone.expect("models") { if case .models(let m) = $0 { m } else { nil } }
        #expect(described.map(\.model) == ModelKind.allCases.map(\.rawValue) + ["drought-finches"])
        #expect(described.last?.story.hasPrefix("A teacher's copy of the finches") == true)
        // When a teacher creates a lesson of it and steps 5 generations
        let kind = try #require(ModelKind(rawValue: "drought-finches"))
        let (_, _, definition) = try await Self.runLesson(on: server, model: kind, steps: 5)
        // Then the lesson keeps the file and its hash, and its state is the file's model run directly
        #expect(definition.modelFile == ModelFileCopy(hash: source.contentHash, text: text))
        var direct = try FileTraitModel(parameters: TraitValues(source: source).preset("drought-1977"), seed: 7)
        for _ in 0..<5 { direct.step() }
        #expect(definition.stateHash == direct.stateHash)
        // and that is not what the shipped finches give (the mismatch cost counts)
        var shipped = try BeaksModel(parameters: BeaksScenario.drought1977.parameters, seed: 7)
        for _ in 0..<5 { shipped.step() }
        #expect(Array(shipped.encodeState().dropFirst()) != Array(direct.encodeState().dropFirst()))
        await server.stop()
    }

    @Test(.timeLimit(.minutes(1))) func aLessonRestoresFromTheFileItRanAfterTheFileChanged() async throws {
        // Given a lesson of a loaded file, stepped 5 generations
        let before = ModelFileCopies.finches(mismatchCost: 3)
        let after = ModelFileCopies.finches(mismatchCost: 4)
        let (first, second) = (try Self.catalog(before), try Self.catalog(after))
        let server = InProcessHub { $0.models = first }
        let kind = try #require(ModelKind(rawValue: "drought-finches"))
        let (code, token, ran) = try await Self.runLesson(on: server, model: kind, steps: 5)
        await server.stop()
        // When the server restarts with the file changed
        let restarted = try await server.restarted { $0.models = second }
        let teacher = restarted.connect()
        _ = try await teacher.attach(.teach(code: code, token: token, lastSeen: nil))
        let restored = try await Self.exported(by: teacher)
        // Then the lesson is the one that ran, on the file as it was
        #expect(restored.stateHash == ran.stateHash)
        #expect(restored.modelFile?.hash == TraitModelSource.hash(of: before))
        // while a new lesson takes the changed file, and runs differently
        let (_, _, fresh) = try await Self.runLesson(on: restarted, model: kind, steps: 5)
        #expect(fresh.modelFile?.hash == TraitModelSource.hash(of: after))
        #expect(fresh.stateHash != ran.stateHash)
        await restarted.stop()
    }

    @Test(.timeLimit(.minutes(1))) func aModelTheServerDoesNotHaveIsRefusedNamingTheOnesItHas() async throws {
        let server = InProcessHub()
        let teacher = server.connect()
        let kind = try #require(ModelKind(rawValue: "dinosaurs"))
        try teacher.send(
            .create(teacherKey: InProcessHub.teacherKey, model: kind, parameters: nil, seed: 1, options: nil))
        let error = try await teacher.expect("error") { if case .error(let e) = $0 { e } else { nil } }
        #expect(
            error
                == ProtocolError(
                    .invalidField,
                    "The field \"model\" must be one of camouflage, islands, life, resistance, beaks, mice."))
        await server.stop()
    }

    @Test func aFileWhoseNameIsTakenIsRefusedWithASentenceAndLine() throws {
        // Given a copy that keeps the finches' own name, and then two copies of one new name
        let shippedName = ModelFileCopies.finches(model: "beaks")
        #expect(
            throws: ModelFileRefusal(
                file: "0.yaml",
                problems: [
                    .init(
                        line: 5,
                        sentence: "model beaks is already a shipped model's name; give this model another name.")
                ])
        ) { try Self.catalog(shippedName) }
        let copy = ModelFileCopies.finches()
        #expect(
            throws: ModelFileRefusal(
                file: "1.yaml",
                problems: [
                    .init(
                        line: 5,
                        sentence:
                            "model drought-finches is already an earlier file's name; give this model another name.")
                ])
        ) { try Self.catalog(copy, copy) }
    }
}
