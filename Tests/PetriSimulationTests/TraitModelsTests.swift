import Testing

@testable import PetriSimulation

/// What every model kind promises, checked the same way for each: a fixed seed gives the same history, and a
/// saved state restores to a model that continues identically.
@Suite struct EveryModelKindTests {
    /// Runs `Model` with default parameters (or the given ones) for `generations`, saving and restoring halfway.
    private func checkDeterminismAndRestore<Model: SimulationModel>(
        _: Model.Type, _ parameters: Model.Parameters, generations: Int = 20
    ) throws {
        func run(seed: UInt64) throws -> Model {
            var model = try Model(parameters: parameters, seed: seed)
            for _ in 0..<generations { model.step() }
            return model
        }
        #expect(try run(seed: 5).stateHash == run(seed: 5).stateHash, "\(Model.kind)")
        var model = try Model(parameters: parameters, seed: 9)
        for _ in 0..<generations / 2 { model.step() }
        var restored = try Model(decodingState: model.encodeState())
        #expect(restored == model, "\(Model.kind)")
        for _ in 0..<generations / 2 {
            model.step()
            restored.step()
        }
        #expect(restored.stateHash == model.stateHash, "\(Model.kind)")
        #expect(restored.stats() == model.stats(), "\(Model.kind)")
        for descriptor in Model.metrics where descriptor.argumentNames.isEmpty {
            #expect(model.stats().values[descriptor.name] != nil, "\(Model.kind) stats lack \(descriptor.name)")
        }
    }

    @Test(arguments: ModelKind.allCases)
    func sameSeedGivesTheSameHistoryAndSavedStateRestoresExactly(kind: ModelKind) throws {
        switch kind {
        case .camouflage: try checkDeterminismAndRestore(CamouflageModel.self, CamouflageParameters())
        case .islands: try checkDeterminismAndRestore(IslandsModel.self, IslandsParameters())
        case .life: try checkDeterminismAndRestore(LifeModel.self, LifeModel.Parameters(density: 0.3))
        case .resistance:
            try checkDeterminismAndRestore(ResistanceModel.self, ResistanceScenario.stoppedEarly.parameters)
        case .beaks: try checkDeterminismAndRestore(BeaksModel.self, BeaksScenario.drought1977.parameters)
        case .mice: try checkDeterminismAndRestore(MiceModel.self, MiceModel.Parameters().preset("on-the-lava"))
        default: Issue.record("\(kind) is not a shipped model")
        }
    }

    @Test func everyModelsStateStartsWithItsOwnTag() {
        #expect(Set(ModelKind.allCases.map(\.tag)).count == ModelKind.allCases.count)
    }
}
