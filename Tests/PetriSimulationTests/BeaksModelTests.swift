import Foundation
import Testing

@testable import PetriSimulation

/// The finch-beak model as a whole: pinned history, saved state, parameters and teacher actions.
@Suite struct BeaksModelTests {
    /// The 1977 drought, then a teacher's second drought (hardness 90) at generations 30 and 31.
    private func run(seed: UInt64, generations: Int = 100) throws -> BeaksModel {
        var model = try BeaksModel(parameters: BeaksScenario.drought1977.parameters, seed: seed)
        for generation in 1...generations {
            if generation == 30 { try model.apply(.set(name: "seedHardness", value: .number(90))) }
            if generation == 32 { try model.apply(.set(name: "seedHardness", value: .number(40))) }
            model.step()
        }
        return model
    }

    /// The pinned values (this one and generation 0's) were reproduced by an independent Python port of MODELS.md
    /// section 4 and the documented draw order (Xoshiro256**, Lemire, glibc exp, the version-1 state layout,
    /// FNV-1a), not only read off this implementation.
    @Test func sameSeedAndActionsGiveThePinnedHash() throws {
        let model = try run(seed: 2_024)
        #expect(model.generation == 100)
        #expect(model.traits.count == 284)
        #expect(model.stateHash == 14_019_899_391_500_987_550)
        #expect(try run(seed: 2_024).stateHash == model.stateHash)
    }

    @Test func generationZeroHasAPinnedHash() throws {
        let model = try BeaksModel(parameters: BeaksParameters(), seed: 1)
        #expect(model.stateHash == 461_139_057_332_924_150)
    }

    @Test func restoringSavedStateContinuesExactlyAsTheUninterruptedRun() throws {
        let saved = try run(seed: 77, generations: 7)
        var restored = try BeaksModel(decodingState: saved.encodeState())
        #expect(restored == saved)
        var uninterrupted = saved
        for _ in 0..<30 {
            restored.step()
            uninterrupted.step()
        }
        #expect(restored == uninterrupted)
    }

    @Test func corruptOrTruncatedStateIsRefused() throws {
        let bytes = try run(seed: 9, generations: 4).encodeState()
        var badTrait = bytes
        badTrait[badTrait.count - 1] = 59
        var otherModel = bytes
        otherModel[0] = ModelKind.resistance.tag
        for corrupt in [Array(bytes.prefix(bytes.count / 2)), badTrait, otherModel, bytes + [0]] {
            #expect(throws: SimulationError.self) { try BeaksModel(decodingState: corrupt) }
        }
        #expect(
            throws: SimulationError(
                .corruptState, "The saved beaks state holds a creature with trait 59; it cannot be restored.")
        ) { try BeaksModel(decodingState: badTrait) }
    }

    @Test func outOfRangeParametersAreNamedWithTheirValueAndRange() {
        func refusal(_ change: (inout BeaksParameters) -> Void) -> String? {
            var p = BeaksParameters()
            change(&p)
            do {
                _ = try BeaksModel(parameters: p, seed: 1)
                return nil
            } catch {
                return error.message
            }
        }
        #expect(refusal { $0.seedHardness = -1 } == "seedHardness must be between 0 and 100, but was -1.")
        #expect(refusal { $0.food = 0 } == "food must be between 1 and 100000, but was 0.")
        #expect(refusal { $0.selectionPressure = 0.6 } == "selectionPressure must be between 0 and 0.5, but was 0.6.")
        #expect(refusal { $0.mutation = 30 } == "mutation must be between 0 and 20, but was 30.")
        #expect(refusal { $0.maxPopulation = 0 } == "maxPopulation must be between 1 and 1000000, but was 0.")
        #expect(
            refusal {
                $0.schedule = [ScheduledChange(generation: 2, name: "population", value: .number(9))]
            }
                == "schedule entry 1 (generation 2) changes population, which only shapes generation 0; a schedule "
                + "may change seedHardness, food, reproductiveChance, selectionPressure, mutation or maxPopulation.")
        #expect(
            refusal {
                $0.schedule = [ScheduledChange(generation: 2, name: "seedHardness", value: .text("hard"))]
            } == "schedule entry 1 (generation 2): seedHardness takes a number, but was given the text \"hard\".")
    }

    @Test func theTeacherChangesTheSeedsBetweenGenerations() throws {
        var model = try BeaksModel(parameters: BeaksParameters(), seed: 3)
        try model.apply(.set(name: "population", value: .number(50)))
        #expect(model.traits.count == 50)
        #expect(
            model
                == (try BeaksModel(
                    parameters: {
                        var p = BeaksParameters(); p.population = 50; return p
                    }(), seed: 3)))
        model.step()
        try model.apply(.set(name: "seedHardness", value: .number(100)))
        #expect(try model.value(of: MetricID("bestBeakDepth")) == 11)
        #expect(
            throws: SimulationError(
                .wrongValueKind, "seedHardness takes a number, but was given the text \"hard\".")
        ) { try model.apply(.set(name: "seedHardness", value: .text("hard"))) }
        #expect(
            throws: SimulationError(
                .parameterOutOfRange, "seedHardness must be a whole number between 0 and 100, but was 40.5.")
        ) { try model.apply(.set(name: "seedHardness", value: .number(40.5))) }
    }

    @Test func metricsDescribeTheFlockInMillimetres() throws {
        let p = BeaksParameters()
        let base = try BeaksModel(parameters: p, seed: 1)
        let model = BeaksModel(
            parameters: p,
            creatures: TraitPopulation(traits: [87, 92, 98, 120], random: base.creatures.random, seed: 1))
        #expect(abs(try model.value(of: MetricID("meanBeakDepth")) - 9.925) < 1e-12)
        #expect(try model.value(of: MetricID("medianBeakDepth")) == 9.5)
        #expect(try model.value(of: MetricID("foodMatchedFraction")) == 0.5)
        #expect(try model.value(of: MetricID("bestBeakDepth")) == 9.2)
        let histogram = model.stats().histogram ?? []
        #expect(
            histogram.count == 16 && histogram[5] == 1 && histogram[6] == 1 && histogram[7] == 1 && histogram[12] == 1)
        #expect(model.snapshot().traitCounts.count == 81 && model.snapshot().target == 92)
        for descriptor in BeaksModel.metrics { _ = try model.value(of: MetricID(descriptor.name)) }
    }

    @Test func theDescriptionTakesItsRangesAndDefaultsFromTheParameters() {
        let description = BeaksModel.modelDescription
        #expect(description.model == "beaks")
        let hardness = description.parameters.first { $0.name == "seedHardness" }
        #expect(hardness?.range == 0...100 && hardness?.defaultValue == .number(40) && hardness?.changeable == true)
        #expect(description.scenarios.map(\.name) == ["drought-1977", "stable-island"])
        #expect(description.scenarios[0].explanation.contains("Boag and Grant, 1981"))
    }
}
