import Testing

@testable import PetriSimulation

extension TraitScenario {
    /// The scenario's model run from `seed` for `generations` steps: generation 0 first, then one model per step.
    func history(seed: UInt64, generations: Int) throws -> [TraitEngineModel<Name>] {
        var model = try TraitEngineModel(parameters: parameters, seed: seed)
        var history = [model]
        for _ in 0..<generations {
            model.step()
            history.append(model)
        }
        return history
    }

    /// Every scenario's preset is valid, carries its own name, and is explained in more than `characters` characters.
    static func expectAllValidAndExplained(inMoreThan characters: Int) throws {
        for scenario in allCases {
            try scenario.parameters.validate()
            #expect(scenario.parameters.scenarioName == scenario.rawValue)
            #expect(!scenario.title.isEmpty)
            #expect(scenario.explanation.count > characters, "\(scenario.rawValue) needs a real explanation")
        }
    }
}
