import Testing

@testable import PetriSimulation

/// The finch-beak formulas of MODELS.md §4, pinned at points worked out by hand, and one generation of a tiny
/// flock traced draw by draw.
@Suite struct BeaksRulesTests {
    @Test func theBestBeakDeepensWithTheSeedsHardness() {
        #expect(BeaksModel.optimum(seedHardness: 0) == 80)
        #expect(BeaksModel.optimum(seedHardness: 40) == 92)
        #expect(BeaksModel.optimum(seedHardness: 75) == 102.5)
        #expect(BeaksModel.optimum(seedHardness: 100) == 110)
    }

    @Test func eachTenthOfAMillimetreOffCostsTwoPointsOfAdaptation() {
        #expect(BeaksModel.adaptation(depth: 92, seedHardness: 40) == 100)
        #expect(BeaksModel.adaptation(depth: 97, seedHardness: 40) == 90)
        #expect(BeaksModel.adaptation(depth: 80, seedHardness: 75) == 55)
    }

    @Test func deathChanceFollowsCamouflagesCurveWithFoodForCrowding() {
        func chance(_ depth: Int, _ hardness: Int, n: Int) -> Double {
            BeaksModel.chanceOfDeath(
                depth: depth, seedHardness: hardness, selectionPressure: 0.15, food: 600, population: n)
        }
        // Even-odds point 80 + 20 · 300 / 600 = 90; adaptation 100: exponent -1.5
        #expect(abs(chance(92, 40, n: 300) - 0.18242552380635635) < 1e-15)
        // Adaptation 99 against 100 (a flock as large as the food): exponent 0.15
        #expect(abs(chance(102, 75, n: 600) - 0.5374298453437496) < 1e-15)
        // An 8.0 mm beak in the drought: adaptation 55, exponent 5.25
        #expect(abs(chance(80, 75, n: 300) - 0.9947798743064415) < 1e-15)
    }

    @Test func chicksAreReflectedIntoSixToFourteenMillimetres() {
        #expect(TraitPopulation.reflect(57, into: 60...140) == 63)
        #expect(TraitPopulation.reflect(143, into: 60...140) == 137)
    }

    @Test func generationZeroIsTheRoundedMeanOfThreeDraws() throws {
        let model = try BeaksModel(parameters: BeaksParameters(), seed: 3)
        var random = PetriRandom(seed: 3)
        let expected = (0..<400).map { _ in
            let sum = random.nextInt(in: 80...104) + random.nextInt(in: 80...104) + random.nextInt(in: 80...104)
            return Int((Double(sum) / 3).rounded())
        }
        #expect(model.traits.map(Int.init) == expected)
        let mean = try model.value(of: MetricID("meanBeakDepth"))
        #expect(abs(mean - 9.2) < 0.1)
    }

    @Test func oneGenerationOfThreeFinchesFollowsTheDocumentedDraws() throws {
        // Given three finches (8.0, 9.2 and 11.0 mm; this seed lets the first two live) on seeds of hardness 40 (best 9.2 mm), food for 600, every
        // survivor raising a chick within 0.3 mm of its own beak
        var p = BeaksParameters()
        p[int: "food"] = 600
        p[number: "reproductiveChance"] = 1
        p[int: "mutation"] = 3
        let start = try BeaksModel(parameters: p, seed: 5)
        var model = BeaksModel(
            parameters: p, creatures: TraitPopulation(traits: [80, 92, 110], random: start.creatures.random, seed: 5))
        // When the draws are replayed by hand: even-odds point 80 + 20 · 3 / 600 = 80.1
        var random = start.creatures.random
        var survivors: [Int] = []
        for depth in [80, 92, 110] {
            let adaptation = 100 - 2 * abs(Double(depth) - 92)
            let chance = 1 - 1 / (1 + DeterministicMath.exp(-0.15 * (adaptation - 80.1)))
            if random.nextUnit() > chance { survivors.append(depth) }
        }
        var expected = survivors
        for parent in survivors where random.nextUnit() < 1 {
            expected.append(TraitPopulation.reflect(parent + random.nextInt(in: -3...3), into: 60...140))
        }
        model.step()
        // Then the model made exactly those draws, and this seed gives the case traced here
        #expect(model.traits.map(Int.init) == expected)
        #expect(survivors == [80, 92])
        #expect(model.traits == [80, 92, 80, 90])
        #expect(model.creatures.random == random)
    }
}
