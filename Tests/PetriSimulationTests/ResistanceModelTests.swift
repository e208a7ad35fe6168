import Foundation
import Testing

@testable import PetriSimulation

/// The antibiotic-resistance model's parameters, teacher actions, metrics and description (its pinned run and saved
/// state: ``TraitModelRunTests``).
@Suite struct ResistanceModelTests {
    @Test func outOfRangeParametersAreNamedWithTheirValueAndRange() {
        func refusal(_ change: (inout ResistanceParameters) -> Void) -> String? {
            var p = ResistanceParameters()
            change(&p)
            do {
                _ = try ResistanceModel(parameters: p, seed: 1)
                return nil
            } catch {
                return error.message
            }
        }
        #expect(refusal { $0[int: "dose"] = 101 } == "dose must be between 0 and 100, but was 101.")
        #expect(refusal { $0[int: "population"] = 0 } == "population must be between 1 and 100000, but was 0.")
        #expect(
            refusal { $0[number: "costOfResistance"] = 1.5 } == "costOfResistance must be between 0 and 1, but was 1.5."
        )
        #expect(refusal { $0[number: "crowding"] = .nan } == "crowding must be between 0 and 1, but was not a number.")
        #expect(refusal { $0[int: "mutation"] = 21 } == "mutation must be between 0 and 20, but was 21.")
        #expect(
            refusal { $0[number: "reproductiveChance"] = -0.1 }
                == "reproductiveChance must be between 0 and 1, but was -0.1.")
        #expect(
            refusal {
                $0[int: "initialResistanceMin"] = 50
                $0[int: "initialResistanceMax"] = 20
            } == "initialResistanceMin (50) must not be above initialResistanceMax (20).")
    }

    @Test func theTeacherChangesTheDoseBetweenGenerations() throws {
        var model = try ResistanceModel(parameters: ResistanceParameters(), seed: 3)
        model.step()
        try model.apply(.set(name: "dose", value: .number(60)))
        #expect(model.parameters[int: "dose"] == 60)
        #expect(try model.value(of: MetricID("dose")) == 60)
        #expect(throws: SimulationError(.parameterOutOfRange, "dose must be between 0 and 100, but was 120.")) {
            try model.apply(.set(name: "dose", value: .number(120)))
        }
        #expect(
            throws: SimulationError(
                .invalidAction,
                "population shapes the starting population, so it can only be changed at generation 0; this run is at "
                    + "generation 1. Start a new lesson to change it.")
        ) { try model.apply(.set(name: "population", value: .number(10))) }
        #expect(throws: SimulationError.self) { try model.apply(.set(name: "colour", value: .number(10))) }
        #expect(throws: SimulationError.self) { try model.apply(.toggle(x: 1, y: 1)) }
    }

    @Test func lessonFileParametersTakeTheScenarioAndRefuseUnknownKeys() throws {
        let json = Data(#"{"scenario":"second-course","population":300}"#.utf8)
        let p = try JSONDecoder().decode(ResistanceParameters.self, from: json)
        #expect(p[int: "population"] == 300)
        #expect(p.schedule == ResistanceScenario.secondCourse.parameters.schedule)
        #expect(try JSONDecoder().decode(ResistanceParameters.self, from: JSONEncoder().encode(p)) == p)
        #expect(throws: DecodingError.self) {
            try JSONDecoder().decode(ResistanceParameters.self, from: Data(#"{"doze":40}"#.utf8))
        }
    }

    @Test func metricsDescribeTheBacteria() throws {
        var p = ResistanceParameters()
        p[int: "dose"] = 30
        let base = try ResistanceModel(parameters: p, seed: 1)
        let model = ResistanceModel(
            parameters: p, creatures: TraitPopulation(traits: [10, 30, 40, 90], random: base.creatures.random, seed: 1))
        #expect(try model.value(of: MetricID("meanResistance")) == 42.5)
        #expect(try model.value(of: MetricID("medianResistance")) == 35)
        #expect(try model.value(of: MetricID("resistantFraction")) == 0.75)
        #expect(try model.value(of: MetricID("extinct")) == 0)
        #expect(model.stats().histogram == [0, 1, 0, 1, 1, 0, 0, 0, 0, 1])
        let snapshot = model.snapshot()
        #expect(snapshot.traitCounts.count == 101 && snapshot.traitCounts[30] == 1 && snapshot.suited == 3)
        for descriptor in ResistanceModel.metrics { _ = try model.value(of: MetricID(descriptor.name)) }
    }

    @Test func theDescriptionTakesItsRangesAndDefaultsFromTheParameters() {
        let description = ResistanceModel.modelDescription
        #expect(description.model == "resistance")
        let dose = description.parameters.first { $0.name == "dose" }
        #expect(dose?.range == 0...100 && dose?.changeable == true)
        #expect(description.parameters.first { $0.name == "population" }?.defaultValue == .number(500))
        #expect(description.scenarios.map(\.name) == ResistanceScenario.allCases.map(\.rawValue))
        #expect(description.story.contains("Who dies is a matter of chance"))
    }
}
