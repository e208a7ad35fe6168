import Foundation
import Testing

@testable import PetriSimulation

/// Parameters: defaults, lesson-file decoding, teacher changes and the exact sentences for bad values.
@Suite struct CamouflageParameterTests {
    private func model(seed: UInt64 = 1) throws -> CamouflageModel {
        try CamouflageModel(parameters: CamouflageParameters(), seed: seed)
    }

    private func expectError(
        _ code: SimulationError.Code, _ message: String, _ action: ModelAction, on start: CamouflageModel? = nil
    ) throws {
        var m = try start ?? model()
        let before = m
        #expect(throws: SimulationError(code, message)) { try m.apply(action) }
        #expect(m == before, "a refused action must change nothing")
    }

    @Test func defaultsAreTheOriginalApps() {
        let p = CamouflageParameters()
        #expect(p[int: "population"] == 20)
        #expect(p[int: "environmentColour"] == 50)
        #expect(p[number: "reproductiveChance"] == 0.5)
        #expect(p[number: "selectionPressure"] == 0.15)
        #expect(p[number: "crowding"] == 0.2)
        #expect(p[int: "maxPopulation"] == 100_000)
        #expect(p.schedule.isEmpty)
        #expect(p.scenarioName == nil)
    }

    @Test func everyKeyIsOptionalInALessonFile() throws {
        let decoded = try JSONDecoder().decode(CamouflageParameters.self, from: Data("{}".utf8))
        #expect(decoded == CamouflageParameters())
        let some = try JSONDecoder().decode(
            CamouflageParameters.self, from: Data(#"{"environmentColour": 20, "crowding": 0.002}"#.utf8))
        #expect(some[int: "environmentColour"] == 20)
        #expect(some[number: "crowding"] == 0.002)
        #expect(some[int: "population"] == 20)
    }

    @Test func aNamedScenarioSuppliesTheDefaultsAndOtherKeysOverrideThem() throws {
        let json = #"{"scenario": "industrial-revolution", "population": 80}"#
        let p = try JSONDecoder().decode(CamouflageParameters.self, from: Data(json.utf8))
        var expected = CamouflageScenario.industrialRevolution.parameters
        expected[int: "population"] = 80
        #expect(p == expected)
        let roundTrip = try JSONDecoder().decode(CamouflageParameters.self, from: try JSONEncoder().encode(p))
        #expect(roundTrip == p)
    }

    @Test func aMisspeltKeyInALessonFileIsAnErrorNotSilence() {
        #expect(throws: DecodingError.self) {
            try JSONDecoder().decode(CamouflageParameters.self, from: Data(#"{"environmentColor": 20}"#.utf8))
        }
        #expect(throws: DecodingError.self) {
            try JSONDecoder().decode(CamouflageParameters.self, from: Data(#"{"scenario": "ice-age"}"#.utf8))
        }
    }

    @Test func aChangedBackgroundTakesEffectInTheNextGeneration() throws {
        // Given a population adapted to a pale background
        var p = CamouflageParameters()
        p[int: "population"] = 100
        p[int: "environmentColour"] = 90
        p[number: "reproductiveChance"] = 0.8
        var m = try CamouflageModel(parameters: p, seed: 21)
        for _ in 0..<20 { m.step() }
        let adapted = try m.value(of: MetricID("meanTrait"))
        // When the teacher sets a darker background (within reach of the population)
        try m.apply(.set(name: "environmentColour", value: .number(70)))
        #expect(m.parameters[int: "environmentColour"] == 70)
        #expect(try m.value(of: MetricID("environmentColour")) == 70)
        for _ in 0..<20 { m.step() }
        // Then the population follows it
        #expect(!m.isOver)
        #expect(adapted > 82)
        #expect(abs(try m.value(of: MetricID("meanTrait")) - 70) < 8)
    }

    @Test func everyBetweenGenerationsParameterCanBeSet() throws {
        var m = try model()
        m.step()
        try m.apply(.set(name: "reproductiveChance", value: .number(1)))
        try m.apply(.set(name: "selectionPressure", value: .number(0.5)))
        try m.apply(.set(name: "crowding", value: .number(0.002)))
        try m.apply(.set(name: "maxPopulation", value: .number(500)))
        #expect(m.parameters[number: "reproductiveChance"] == 1)
        #expect(m.parameters[number: "selectionPressure"] == 0.5)
        #expect(m.parameters[number: "crowding"] == 0.002)
        #expect(m.parameters[int: "maxPopulation"] == 500)
    }

    @Test func populationSetAtGenerationZeroIsTheSameAsCreatingWithIt() throws {
        // Given a lesson at generation 0 whose background the teacher already changed
        var m = try model(seed: 31)
        try m.apply(.set(name: "environmentColour", value: .number(30)))
        // When the teacher sets the population
        try m.apply(.set(name: "population", value: .number(200)))
        // Then generation 0 is exactly the one a lesson created with both values would have
        var p = CamouflageParameters()
        p[int: "environmentColour"] = 30
        p[int: "population"] = 200
        #expect(m == (try CamouflageModel(parameters: p, seed: 31)))
    }

    @Test func scenarioSetAtGenerationZeroReplacesEveryParameter() throws {
        var m = try model(seed: 4)
        try m.apply(.set(name: "scenario", value: .text("clean-air")))
        #expect(m == (try CamouflageModel(parameters: CamouflageScenario.cleanAir.parameters, seed: 4)))
    }

    @Test func populationCannotChangeAfterGenerationZero() throws {
        var m = try model()
        m.step()
        m.step()
        try expectError(
            .invalidAction,
            "population shapes the starting population, so it can only be changed at generation 0; "
                + "this run is at generation 2. Start a new lesson to change it.",
            .set(name: "population", value: .number(50)), on: m)
    }

    @Test func outOfRangeValuesNameTheParameterTheValueAndTheRange() throws {
        try expectError(
            .parameterOutOfRange, "environmentColour must be between 1 and 100, but was 101.",
            .set(name: "environmentColour", value: .number(101)))
        try expectError(
            .parameterOutOfRange, "reproductiveChance must be between 0 and 1, but was 1.5.",
            .set(name: "reproductiveChance", value: .number(1.5)))
        try expectError(
            .parameterOutOfRange, "selectionPressure must be between 0 and 0.5, but was -0.1.",
            .set(name: "selectionPressure", value: .number(-0.1)))
        try expectError(
            .parameterOutOfRange, "crowding must be between 0 and 1, but was 2.",
            .set(name: "crowding", value: .number(2)))
        try expectError(
            .parameterOutOfRange, "population must be between 1 and 100000, but was 0.",
            .set(name: "population", value: .number(0)))
        try expectError(
            .parameterOutOfRange, "maxPopulation must be between 1 and 1000000, but was 1e+300.",
            .set(name: "maxPopulation", value: .number(1e300)))
    }

    @Test func notANumberIsRefused() throws {
        try expectError(
            .parameterOutOfRange, "selectionPressure must be between 0 and 0.5, but was not a number.",
            .set(name: "selectionPressure", value: .number(.nan)))
        try expectError(
            .parameterOutOfRange, "environmentColour must be between 1 and 100, but was not a number.",
            .set(name: "environmentColour", value: .number(.nan)))
    }

    @Test func wholeNumberParametersRefuseFractions() throws {
        try expectError(
            .parameterOutOfRange, "environmentColour must be a whole number between 1 and 100, but was 20.5.",
            .set(name: "environmentColour", value: .number(20.5)))
    }

    @Test func theWrongKindOfValueIsNamed() throws {
        try expectError(
            .wrongValueKind, "environmentColour takes a number, but was given the text \"dark\".",
            .set(name: "environmentColour", value: .text("dark")))
        try expectError(
            .wrongValueKind, "crowding takes a number, but was given the yes/no value true.",
            .set(name: "crowding", value: .flag(true)))
        try expectError(
            .wrongValueKind,
            "scenario takes a scenario name such as industrial-revolution, but was given the number 3.",
            .set(name: "scenario", value: .number(3)))
    }

    @Test func anUnknownParameterListsTheValidNames() throws {
        try expectError(
            .unknownParameter,
            "Camouflage has no parameter named \"colour\"; its parameters are environmentColour, reproductiveChance, "
                + "selectionPressure, crowding, maxPopulation, population, initialTraitMin, initialTraitMax, scenario.",
            .set(name: "colour", value: .number(20)))
    }

    @Test func anUnknownScenarioListsTheValidOnes() throws {
        try expectError(
            .parameterOutOfRange,
            "scenario must be one of stable-environment, industrial-revolution, clean-air, sudden-change, "
                + "harsh-selection, but was \"ice-age\".",
            .set(name: "scenario", value: .text("ice-age")))
    }

    @Test func gridActionsAreRefused() throws {
        try expectError(
            .invalidAction,
            "Camouflage has no grid to toggle or place patterns on; "
                + "change a parameter such as environmentColour instead.",
            .toggle(x: 1, y: 1))
    }

    @Test func creationChecksEveryParameter() {
        var p = CamouflageParameters()
        p[int: "initialTraitMin"] = 80
        p[int: "initialTraitMax"] = 60
        #expect(
            throws: SimulationError(
                .parameterOutOfRange, "initialTraitMin (80) must not be above initialTraitMax (60).")
        ) {
            try CamouflageModel(parameters: p, seed: 1)
        }
        p = CamouflageParameters()
        p[int: "population"] = 200_000
        #expect(
            throws: SimulationError(.parameterOutOfRange, "population must be between 1 and 100000, but was 200000.")
        ) {
            try CamouflageModel(parameters: p, seed: 1)
        }
    }

    @Test func badScheduleEntriesAreNamedByPositionAndGeneration() {
        var p = CamouflageParameters()
        p.schedule = [
            CamouflageScheduledChange(generation: 5, name: "environmentColour", value: .number(30)),
            CamouflageScheduledChange(generation: 9, name: "environmentColour", value: .number(300)),
        ]
        #expect(
            throws: SimulationError(
                .parameterOutOfRange,
                "schedule entry 2 (generation 9): environmentColour must be between 1 and 100, but was 300.")
        ) {
            try CamouflageModel(parameters: p, seed: 1)
        }
        p.schedule = [CamouflageScheduledChange(generation: 0, name: "environmentColour", value: .number(30))]
        #expect(
            throws: SimulationError(
                .parameterOutOfRange, "schedule entry 1 has generation 0; scheduled changes start at generation 1.")
        ) {
            try CamouflageModel(parameters: p, seed: 1)
        }
        p.schedule = [CamouflageScheduledChange(generation: 3, name: "population", value: .number(30))]
        #expect(
            throws: SimulationError(
                .invalidAction,
                "schedule entry 1 (generation 3) changes population, which only shapes generation 0; a schedule may "
                    + "change environmentColour, reproductiveChance, selectionPressure, crowding or maxPopulation.")
        ) {
            try CamouflageModel(parameters: p, seed: 1)
        }
    }

    @Test func aScheduledChangeAppliesInTheStepThatProducesItsGeneration() throws {
        var p = CamouflageParameters()
        p.schedule = [CamouflageScheduledChange(generation: 3, name: "environmentColour", value: .number(80))]
        var m = try CamouflageModel(parameters: p, seed: 1)
        m.step()
        m.step()
        #expect(m.parameters[int: "environmentColour"] == 50)
        m.step()
        #expect(m.generation == 3)
        #expect(m.parameters[int: "environmentColour"] == 80)
        #expect(m.snapshot().environmentColour == 80)
    }
}
