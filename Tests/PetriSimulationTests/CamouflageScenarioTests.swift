import Testing

@testable import PetriSimulation

/// The preset lessons: valid, explained, and showing what they claim for a fixed seed.
@Suite struct CamouflageScenarioTests {
    @Test func everyScenarioIsValidAndExplained() throws {
        try CamouflageScenario.expectAllValidAndExplained(inMoreThan: 100)
    }

    @Test func explanationsSayThatSurvivalIsAMatterOfChance() {
        let stable = CamouflageScenario.stableEnvironment.explanation
        #expect(stable.contains("survival is random"))
        #expect(stable.contains("some well-camouflaged creatures die and some conspicuous ones live"))
        #expect(CamouflageScenario.industrialRevolution.explanation.contains("some well-hidden moths die"))
        #expect(CamouflageScenario.harshSelection.explanation.contains("survival is a chance, not a certainty"))
    }

    @Test func stableEnvironmentIsTheOriginalApp() {
        var expected = CamouflageParameters()
        expected.scenarioName = CamouflageScenario.stableEnvironment.rawValue
        #expect(CamouflageScenario.stableEnvironment.parameters == expected)
    }

    @Test func industrialRevolutionDarkensFromGenerationTenAndTheMothsFollow() throws {
        // Given pale moths on pale bark
        var m = try CamouflageModel(parameters: CamouflageScenario.industrialRevolution.parameters, seed: 2_024)
        #expect(m.traits.allSatisfy { (70...100).contains($0) })
        for _ in 0..<9 { m.step() }
        // Then the bark is still pale at generation 9 and the moths match it
        #expect(m.parameters[int: "environmentColour"] == 85)
        let paleMean = try m.value(of: MetricID("meanTrait"))
        #expect(paleMean > 78)
        // When generation 10 comes, soot starts to darken the bark, reaching 20 at generation 30
        m.step()
        #expect(m.parameters[int: "environmentColour"] == 75)
        while m.generation < 30 { m.step() }
        #expect(m.parameters[int: "environmentColour"] == 20)
        for _ in 0..<20 { m.step() }
        // Then the mean trait has fallen with it
        #expect(!m.isOver)
        let darkMean = try m.value(of: MetricID("meanTrait"))
        #expect(darkMean < 30, "mean trait \(darkMean) at generation 50")
        #expect(try m.value(of: MetricID("darkFraction")) > 0.9)
    }

    @Test func cleanAirLightensTheMothsAgain() throws {
        var m = try CamouflageModel(parameters: CamouflageScenario.cleanAir.parameters, seed: 2_024)
        for _ in 0..<50 { m.step() }
        #expect(!m.isOver)
        #expect(m.parameters[int: "environmentColour"] == 85)
        #expect(try m.value(of: MetricID("meanTrait")) > 70)
    }

    @Test func aSuddenChangeEndsInExtinction() throws {
        var m = try CamouflageModel(parameters: CamouflageScenario.suddenChange.parameters, seed: 2_024)
        while !m.isOver && m.generation < 60 { m.step() }
        #expect(m.isOver)
        #expect(m.generation >= 10, "it dies under the dark background, not before")
        #expect(m.endMessage == CamouflageModel.extinctionMessage)
    }

    @Test func harshSelectionNarrowsTheHistogram() throws {
        var harsh = try CamouflageModel(parameters: CamouflageScenario.harshSelection.parameters, seed: 2_024)
        for _ in 0..<15 { harsh.step() }
        #expect(!harsh.isOver)
        // Nearly everyone sits in the two bins around the background (41-50 and 51-60).
        let histogram = harsh.stats().histogram ?? []
        #expect(Double(histogram[4] + histogram[5]) > 0.8 * Double(harsh.traits.count))
    }
}
