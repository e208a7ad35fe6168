import PetriSimulation
import Testing

@testable import PetriSimulation

@Suite("The class's hunt in the trait engine")
struct HuntActionTests {
    private func moths() throws -> CamouflageModel {
        var parameters = CamouflageParameters()
        parameters[int: "population"] = 40
        return try CamouflageModel(parameters: parameters, seed: 99)
    }

    @Test func aHuntWaitingForTheStepSurvivesSavingAndRestoring() throws {
        var model = try moths()
        let plain = model.encodeState()
        try model.apply(.hunt(caught: [1, 5, 39], formula: false))
        let saved = model.encodeState()
        #expect(saved[1] == 2)
        #expect(plain[1] == 1)
        var restored = try CamouflageModel(decodingState: saved)
        #expect(restored == model)
        model.step()
        restored.step()
        #expect(restored.stateHash == model.stateHash)
        // Once stepped, nothing waits and the state is version 1 again
        #expect(model.encodeState()[1] == 1)
    }

    @Test func theClassAloneRemovesOnlyWhatItCaughtThenTheSurvivorsBreed() throws {
        var model = try moths()
        let before = model.traits
        try model.apply(.hunt(caught: [0, 2, 4], formula: false))
        model.step()
        let kept = before.enumerated().filter { ![0, 2, 4].contains($0.offset) }.map(\.element)
        #expect(Array(model.traits.prefix(kept.count)) == kept)
        #expect(model.stats().values["deaths"] == 3)
    }

    @Test func huntsNamingCreaturesOutOfOrderOrAbsentAreRefusedAndChangeNothing() throws {
        var model = try moths()
        let before = model
        for caught in [[3, 1], [1, 1], [40], [-1]] {
            #expect(throws: SimulationError.self) { try model.apply(.hunt(caught: caught, formula: false)) }
            #expect(model == before)
        }
        var life = try LifeModel(parameters: .init(width: 8, height: 8, density: 0.5), seed: 1)
        #expect(throws: SimulationError.self) { try life.apply(.hunt(caught: [], formula: false)) }
    }
}
