import Testing

@testable import PetriSimulation

/// How a camouflage run unfolds: selection, reproduction, extinction and the population's level.
@Suite struct CamouflageRunTests {
    /// One white creature on a black background under the harshest pressure: its death chance is
    /// 1 - 1/(1 + e^39.6), which rounds to exactly 1.0, so it dies at generation 1 whatever the seed.
    private func doomed() throws -> CamouflageModel {
        var p = CamouflageParameters()
        p[int: "population"] = 1
        p[int: "environmentColour"] = 1
        p[number: "selectionPressure"] = 0.5
        p[int: "initialTraitMin"] = 100
        p[int: "initialTraitMax"] = 100
        return try CamouflageModel(parameters: p, seed: 3)
    }

    @Test func extinctionEndsTheRunAndSaysSo() throws {
        // Given a population that cannot survive
        var model = try doomed()
        #expect(!model.isOver)
        #expect(model.endMessage == nil)
        // When one generation passes
        model.step()
        // Then the species is extinct and everyone is told
        #expect(model.isOver)
        #expect(model.isExtinct)
        #expect(model.generation == 1)
        #expect(model.endMessage == "This species didn't adapt fast enough - it is now extinct.")
        #expect(try model.value(of: MetricID("extinct")) == 1)
        #expect(try model.value(of: MetricID("population")) == 0)
        #expect(try model.value(of: MetricID("deaths")) == 1)
        #expect(model.snapshot().extinct)
    }

    @Test func stepsAfterExtinctionChangeNothing() throws {
        var model = try doomed()
        model.step()
        let extinct = model
        for _ in 0..<5 { model.step() }
        #expect(model == extinct)
        #expect(model.stateHash == extinct.stateHash)
    }

    @Test func actionsAfterExtinctionAreRefused() throws {
        var model = try doomed()
        model.step()
        #expect(
            throws: SimulationError(
                .invalidAction, "The species is extinct, so the run is over; start a new lesson to try again.")
        ) {
            try model.apply(.set(name: "environmentColour", value: .number(100)))
        }
    }

    @Test func withCertainReproductionEverySurvivorHasOneChildAfterTheSurvivors() throws {
        // Given every survivor breeding
        var p = CamouflageParameters()
        p[int: "population"] = 200
        p[number: "reproductiveChance"] = 1
        var model = try CamouflageModel(parameters: p, seed: 11)
        let before = model.traits
        // When a generation passes
        model.step()
        // Then the population is the survivors followed by one child each, within 10 of its parent
        // (reflection keeps that: a parent of 95 with offset +10 has a child of 200 - 105 = 95)
        let births = Int(try model.value(of: MetricID("births")))
        let deaths = Int(try model.value(of: MetricID("deaths")))
        #expect(births == 200 - deaths)
        #expect(model.traits.count == 2 * births)
        let survivors = Array(model.traits[0..<births])
        #expect(isSubsequence(survivors, of: before))
        for (parent, child) in zip(survivors, model.traits[births...]) {
            #expect(abs(Int(child) - Int(parent)) <= 10)
        }
    }

    @Test func withNoReproductionThePopulationOnlyShrinks() throws {
        var p = CamouflageParameters()
        p[int: "population"] = 100
        p[number: "reproductiveChance"] = 0
        var model = try CamouflageModel(parameters: p, seed: 5)
        var last = model.traits.count
        for _ in 0..<20 where !model.isOver {
            model.step()
            #expect(model.traits.count <= last)
            #expect(try model.value(of: MetricID("births")) == 0)
            last = model.traits.count
        }
    }

    @Test func thePopulationCapStopsBirthsButKillsNoOne() throws {
        // Given a cap of 30 and a population that would otherwise grow towards 100
        var p = CamouflageParameters()
        p[int: "population"] = 20
        p[number: "reproductiveChance"] = 1
        p[int: "maxPopulation"] = 30
        p[int: "initialTraitMin"] = 45
        p[int: "initialTraitMax"] = 55
        var model = try CamouflageModel(parameters: p, seed: 8)
        // Then no generation ever holds more than 30
        for _ in 0..<200 where !model.isOver {
            model.step()
            #expect(model.traits.count <= 30)
        }
        // And a starting population above the cap is allowed: the cap only stops births
        p[int: "population"] = 50
        let crowded = try CamouflageModel(parameters: p, seed: 8)
        #expect(crowded.traits.count == 50)
    }

    /// With reproductiveChance 1 each survivor has exactly one child, so N' = 2·survivors and the
    /// population is steady where the mean survival chance is 1/2, i.e. where a typical creature's
    /// adaptation a equals the even-odds point 80 + 0.2·N: N* = 5·(a - 80).
    ///
    /// Centre: a can be at most 100, so N* <= 100 (the "levels off near 100" of the original). Children
    /// differ from their parents by U{-10...10}, whose mean size is 110/21 ≈ 5.2, and selection keeps the
    /// population within about that of the background, so a ≈ 100 - 5.2 and N* ≈ 74; allowing the spread
    /// anywhere up to 8 gives N* >= 5·(100 - 8 - 80) = 60. So the long-run mean lies in 60...100.
    ///
    /// Band: survivors ~ Binomial(N, 1/2), so one generation's noise in N' = 2·survivors has variance
    /// 4·N/4 = N, a standard deviation of sqrt(74) ≈ 8.6. The crowding term pulls back hard:
    /// dN'/dN = 1 - 2·N·0.2·0.15·s(1-s) = 1 - 2·74·0.0075 ≈ -0.1, so deviations do not accumulate and the
    /// stationary deviation stays ≈ 8.7. Over 451 generations, ±5 deviations (±43) is a band a correct
    /// model leaves with probability below 1e-3: 30...120.
    @Test func withCertainReproductionThePopulationLevelsOffBelowOneHundred() throws {
        var p = CamouflageParameters()
        p[number: "reproductiveChance"] = 1
        var model = try CamouflageModel(parameters: p, seed: 1_234)
        var sizes: [Int] = []
        for generation in 1...500 {
            model.step()
            if generation >= 50 { sizes.append(model.traits.count) }
        }
        #expect(!model.isOver)
        #expect(sizes.allSatisfy { (30...120).contains($0) }, "range \(sizes.min() ?? 0)...\(sizes.max() ?? 0)")
        let mean = Double(sizes.reduce(0, +)) / Double(sizes.count)
        #expect((60...100).contains(mean), "mean \(mean)")
    }

    @Test func selectionPullsTheMeanTraitTowardsTheBackground() throws {
        // Given creatures of every shade on a black-ish background
        var p = CamouflageParameters()
        p[int: "population"] = 100
        p[int: "environmentColour"] = 10
        p[number: "reproductiveChance"] = 0.8
        var model = try CamouflageModel(parameters: p, seed: 99)
        let start = try model.value(of: MetricID("meanTrait"))
        // When 30 generations pass
        for _ in 0..<30 { model.step() }
        // Then the mean trait is close to the background
        #expect(!model.isOver)
        #expect(start > 40)
        #expect(abs(try model.value(of: MetricID("meanTrait")) - 10) < 8)
    }

    @Test func luckAndMisfortuneAreCountedEveryGeneration() throws {
        // Uniform colours on a mid-grey background: some close creatures die, some far ones live.
        var p = CamouflageParameters()
        p[int: "population"] = 2_000
        p[number: "crowding"] = 0.002
        var model = try CamouflageModel(parameters: p, seed: 4)
        model.step()
        #expect(try model.value(of: MetricID("luckySurvivors")) > 0)
        #expect(try model.value(of: MetricID("unluckyDeaths")) > 0)
    }

    private func isSubsequence(_ small: [UInt8], of big: [UInt8]) -> Bool {
        var iterator = big.makeIterator()
        return small.allSatisfy { element in
            while let next = iterator.next() { if next == element { return true } }
            return false
        }
    }
}
