import Foundation
import Testing

@testable import PetriSimulation

/// The finch-beak model's parameters, teacher actions, metrics and description (its pinned run and saved state:
/// ``TraitModelRunTests``).
@Suite struct BeaksModelTests {
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
        #expect(refusal { $0[int: "seedHardness"] = -1 } == "seedHardness must be between 0 and 100, but was -1.")
        #expect(refusal { $0[int: "food"] = 0 } == "food must be between 1 and 100000, but was 0.")
        #expect(
            refusal { $0[number: "selectionPressure"] = 0.6 }
                == "selectionPressure must be between 0 and 0.5, but was 0.6.")
        #expect(refusal { $0[int: "mutation"] = 30 } == "mutation must be between 0 and 20, but was 30.")
        #expect(refusal { $0[int: "maxPopulation"] = 0 } == "maxPopulation must be between 1 and 1000000, but was 0.")
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
                        var p = BeaksParameters(); p[int: "population"] = 50; return p
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
