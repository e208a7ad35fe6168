import Foundation
import Testing

@testable import PetriSimulation

/// The original app's formulas, pinned at points worked out by hand (40-digit decimal arithmetic).
@Suite struct CamouflageRulesTests {
    private func chance(_ trait: Int, env: Int, pressure: Double = 0.15, crowding: Double = 0.2, n: Int) -> Double {
        CamouflageModel.chanceOfDeath(
            trait: trait, environmentColour: env, selectionPressure: pressure, crowding: crowding, population: n)
    }

    @Test func perfectMatchInASmallPopulationRarelyDies() {
        // adaptation 100, even-odds point 80 + 0.2·20 = 84: exp(-0.15·16) = e^-2.4, chance = e^-2.4 / (1 + e^-2.4)
        #expect(abs(chance(50, env: 50, n: 20) - 0.083172696493922370) < 1e-12)
    }

    @Test func perfectMatchHasEvenOddsWhenCrowdingReachesOneHundred() {
        // 80 + 0.2·100 = 100 = adaptation, so the exponent is 0 and the chance exactly one half.
        #expect(chance(50, env: 50, n: 100) == 0.5)
    }

    @Test func oppositeColourAlmostCertainlyDies() {
        // adaptation 1: exponent -0.15·(1 - 84) = 12.45
        #expect(abs(chance(1, env: 100, n: 20) - 0.99999608229258246721) < 1e-12)
    }

    @Test func poorMatchInATinyPopulationIsWorseThanEvenOdds() {
        // adaptation 80, even-odds point 82: exponent 0.3
        #expect(abs(chance(70, env: 50, n: 10) - 0.57444251681165898715) < 1e-12)
    }

    @Test func harshPressureSharpensTheCurve() {
        // adaptation 95, pressure 0.5, even-odds point 90: exponent -2.5
        #expect(abs(chance(45, env: 50, pressure: 0.5, n: 50) - 0.075858180021243551193) < 1e-12)
    }

    @Test func lowCrowdingLetsTenThousandCreaturesShareTheScreen() {
        // adaptation 80, even-odds point 80 + 0.002·10000 = 100: exponent 3
        #expect(abs(chance(30, env: 50, crowding: 0.002, n: 10_000) - 0.95257412682243321912) < 1e-12)
    }

    @Test func zeroPressureMakesSurvivalACoinToss() {
        #expect(chance(1, env: 100, pressure: 0, n: 20) == 0.5)
        #expect(chance(50, env: 50, pressure: 0, n: 20) == 0.5)
    }

    @Test func overwhelmingCrowdingMeansCertainDeath() {
        // The exponent is about 150,000: exp overflows to infinity and the chance is exactly 1.
        #expect(chance(50, env: 50, crowding: 1, n: 1_000_000) == 1)
    }

    @Test func adaptationIsOneHundredMinusTheDistance() {
        #expect(CamouflageModel.adaptation(trait: 50, environmentColour: 50) == 100)
        #expect(CamouflageModel.adaptation(trait: 1, environmentColour: 100) == 1)
        #expect(CamouflageModel.adaptation(trait: 90, environmentColour: 85) == 95)
    }

    @Test func reflectionFoldsChildrenBackIntoRange() {
        #expect(CamouflageModel.reflect(0) == 2)
        #expect(CamouflageModel.reflect(-9) == 11)
        #expect(CamouflageModel.reflect(101) == 99)
        #expect(CamouflageModel.reflect(110) == 90)
        #expect(CamouflageModel.reflect(1) == 1)
        #expect(CamouflageModel.reflect(100) == 100)
        #expect(CamouflageModel.reflect(57) == 57)
    }

    @Test func portableExpAgreesWithTheSystemLibraryToTheLastBitOrTwo() {
        // Every exponent the model can meet lies well inside ±750; compare across that range and its edges.
        var x = -745.0
        while x <= 709.7 {
            let mine = DeterministicMath.exp(x)
            let system = Foundation.exp(x)
            #expect(abs(mine - system) <= 2 * system.ulp, "exp(\(x))")
            x += 0.3711
        }
        for x in [0.0, 1e-300, -1e-300, 0.34657359, 0.34657360, -0.34657360, 1, -1, 2.4, -2.4, 12.45, 709.78] {
            #expect(abs(DeterministicMath.exp(x) - Foundation.exp(x)) <= 2 * Foundation.exp(x).ulp, "exp(\(x))")
        }
        #expect(DeterministicMath.exp(710) == .infinity)
        #expect(DeterministicMath.exp(-746) == 0)
        #expect(DeterministicMath.exp(.nan).isNaN)
        #expect(DeterministicMath.exp(0) == 1)
    }
}
