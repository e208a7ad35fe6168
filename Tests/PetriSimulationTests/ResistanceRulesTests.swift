import Testing

@testable import PetriSimulation

/// The antibiotic-resistance formulas of MODELS.md §4, pinned at points worked out by hand, and one generation of a
/// tiny population traced draw by draw.
@Suite struct ResistanceRulesTests {
    @Test func aBacteriumAsResistantAsTheDoseHasEvenOdds() {
        #expect(ResistanceModel.chanceOfKill(resistance: 40, dose: 40) == 0.5)
    }

    @Test func tenPointsBelowTheDoseIsKilledMoreOftenThanNot() {
        // 1 / (1 + e^-1) and 1 / (1 + e^1)
        #expect(abs(ResistanceModel.chanceOfKill(resistance: 40, dose: 50) - 0.7310585786300049) < 1e-15)
        #expect(abs(ResistanceModel.chanceOfKill(resistance: 50, dose: 40) - 0.2689414213699951) < 1e-15)
    }

    @Test func withNoAntibioticNothingIsKilledByIt() {
        for resistance in [0, 50, 100] { #expect(ResistanceModel.chanceOfKill(resistance: resistance, dose: 0) == 0) }
    }

    @Test func crowdingGrowsWithThePopulationUpToCertainDeath() {
        #expect(abs(ResistanceModel.chanceOfCrowding(crowding: 0.0008, population: 500) - 0.4) < 1e-15)
        #expect(ResistanceModel.chanceOfCrowding(crowding: 0.0008, population: 2_000) == 1)
    }

    @Test func resistanceSlowsDivision() {
        // 0.9 · (1 - 0.3 · 50 / 100) = 0.765
        #expect(abs(ResistanceModel.divisionChance(resistance: 50, reproductiveChance: 0.9, cost: 0.3) - 0.765) < 1e-15)
        #expect(ResistanceModel.divisionChance(resistance: 0, reproductiveChance: 0.9, cost: 0.3) == 0.9)
    }

    @Test func childrenAreReflectedIntoZeroToOneHundred() {
        #expect(TraitPopulation.reflect(-3, into: 0...100) == 3)
        #expect(TraitPopulation.reflect(104, into: 0...100) == 96)
        #expect(TraitPopulation.reflect(0, into: 0...100) == 0)
    }

    @Test func oneGenerationOfThreeBacteriaFollowsTheDocumentedDraws() throws {
        // Given three bacteria (resistance 0, 50, 100) under dose 50, crowding 0.1 · 3 = 0.3, every survivor
        // dividing with chance 1 - 0.5 · resistance / 100 and children within 2 of their parent
        var p = ResistanceParameters()
        p[int: "dose"] = 50
        p[number: "crowding"] = 0.1
        p[number: "reproductiveChance"] = 1
        p[number: "costOfResistance"] = 0.5
        p[int: "mutation"] = 2
        let start = try ResistanceModel(parameters: p, seed: 11)
        var model = ResistanceModel(
            parameters: p,
            creatures: TraitPopulation(traits: [0, 50, 100], random: start.creatures.random, seed: 11))
        // When the draws are replayed by hand from the same generator
        var random = start.creatures.random
        var survivors: [Int] = []
        var trace: [String] = []
        for resistance in [0, 50, 100] {
            let kill = 1 / (1 + DeterministicMath.exp(-0.1 * Double(50 - resistance)))
            let u = random.nextUnit()
            guard u >= kill else {
                trace.append("\(resistance) killed")
                continue
            }
            let v = random.nextUnit()
            guard v >= 0.3 else {
                trace.append("\(resistance) crowded out")
                continue
            }
            trace.append("\(resistance) survives")
            survivors.append(resistance)
        }
        var expected = survivors
        for parent in survivors where random.nextUnit() < 1 - 0.5 * Double(parent) / 100 {
            expected.append(TraitPopulation.reflect(parent + random.nextInt(in: -2...2), into: 0...100))
        }
        model.step()
        // Then the model made exactly those draws, and this seed gives the case traced here
        #expect(model.traits.map(Int.init) == expected)
        #expect(trace == ["0 killed", "50 killed", "100 survives"])
        #expect(model.traits == [100, 98])
        #expect(model.creatures.random == random)
        #expect(model.lastCounts.deaths == 2 && model.lastCounts.births == 1)
    }

    @Test func generationZeroIsUniformInTheStartingRange() throws {
        let model = try ResistanceModel(parameters: ResistanceParameters(), seed: 1)
        #expect(model.traits.count == 500)
        #expect(model.traits.allSatisfy { $0 <= 30 })
        var random = PetriRandom(seed: 1)
        #expect(model.traits.map(Int.init) == (0..<500).map { _ in random.nextInt(in: 0...30) })
    }
}
