import Testing

@testable import PetriSimulation

/// Each finch-beak scenario shows its point in most of 20 seeds (1...20).
///
/// Tuning record: with MODELS.md's starting constants (150 finches, hardness 30, food 200, selection pressure 0.1,
/// mutation 3, drought at 75) a Python port of the same rules shifted the mean beak depth by 0.3 to 0.8 mm in only
/// 36 of 100 runs (mean 0.26 mm): the flock was small and too uniform. 400 finches, food 600, selection pressure
/// 0.15 and mutation 5, with the drought's 30, 75 for two generations, 30 again, gave 99 of 100 within 0.3 to
/// 0.8 mm (mean 0.48 mm), none extinct, the flock falling by about 87% as the real one fell by about 85%. This
/// build's counts for seeds 1...20 are pinned below (measured, then written down).
@Suite struct BeaksScenarioTests {
    private static let seeds: [UInt64] = Array(1...20)

    @Test func everyScenarioIsValidAndExplained() throws {
        try BeaksScenario.expectAllValidAndExplained(inMoreThan: 200)
        #expect(BeaksScenario.drought1977.explanation.contains("0.5 mm deeper"))
    }

    @Test func theDroughtDeepensTheMeanBeakByHalfAMillimetreWithoutWipingTheFlockOut() throws {
        // The mean before the drought (generation 5) against the mean after its two generations (7).
        let start = BeaksScenario.droughtStart
        var shifted = 0
        var survived = 0
        var total = 0.0
        for seed in Self.seeds {
            let history = try BeaksScenario.drought1977.history(seed: seed, generations: start + 4)
            #expect(
                history[start].parameters[int: "seedHardness"] == 75
                    && history[start + 2].parameters[int: "seedHardness"] == 30)
            if !history.last!.isExtinct { survived += 1 }
            let shift =
                try history[start + 1].value(of: MetricID("meanBeakDepth"))
                - history[start - 1].value(of: MetricID("meanBeakDepth"))
            total += shift
            if (0.3...0.8).contains(shift) { shifted += 1 }
        }
        #expect(survived == 20)
        // Measured: 18 of 20 seeds within 0.3 to 0.8 mm, a mean shift of 0.455 mm.
        #expect(shifted == 18)
        #expect(abs(total / 20 - 0.455) < 0.001)
    }

    @Test func aStableIslandKeepsItsBeaksAndItsFlock() throws {
        var steady = 0
        for seed in Self.seeds {
            let history = try BeaksScenario.stableIsland.history(seed: seed, generations: 30)
            let shift =
                try history[30].value(of: MetricID("meanBeakDepth")) - history[0].value(of: MetricID("meanBeakDepth"))
            if abs(shift) < 0.15 && history[30].traits.count >= 200 { steady += 1 }
        }
        #expect(steady == 20)
    }
}
