import Testing

@testable import PetriSimulation

/// Metrics, stats and snapshot agree with the creatures they describe.
@Suite struct CamouflageMetricsTests {
    private func model(traits: [UInt8], environment: Int = 50) throws -> CamouflageModel {
        var p = CamouflageParameters()
        p[int: "environmentColour"] = environment
        let base = try CamouflageModel(parameters: p, seed: 1)
        return CamouflageModel(parameters: p, seed: 1, random: base.random, traits: traits)
    }

    @Test func meanAndMedianFollowTheTraits() throws {
        let odd = try model(traits: [10, 90, 30])
        #expect(try odd.value(of: MetricID("meanTrait")) == 130.0 / 3)
        #expect(try odd.value(of: MetricID("medianTrait")) == 30)
        let even = try model(traits: [10, 90, 30, 41])
        #expect(try even.value(of: MetricID("medianTrait")) == 35.5)
        let single = try model(traits: [77])
        #expect(try single.value(of: MetricID("medianTrait")) == 77)
    }

    @Test func histogramHasTenBinsOfTen() throws {
        let m = try model(traits: [1, 10, 11, 20, 55, 91, 100, 100])
        #expect(m.stats().histogram == [2, 2, 0, 0, 0, 1, 0, 0, 0, 3])
    }

    @Test func bestCamouflagedAreWithinOneOfTheBackground() throws {
        let m = try model(traits: [48, 49, 50, 51, 52, 50], environment: 50)
        #expect(try m.value(of: MetricID("bestCamouflaged")) == 4)
        let edge = try model(traits: [1, 2, 3, 100], environment: 1)
        #expect(try edge.value(of: MetricID("bestCamouflaged")) == 2)
    }

    @Test func darkAndLightFractionsSplitAtFifty() throws {
        let m = try model(traits: [50, 51, 1, 100])
        #expect(try m.value(of: MetricID("darkFraction")) == 0.5)
        #expect(try m.value(of: MetricID("lightFraction")) == 0.5)
    }

    @Test func statsHoldEveryMetricAndTheSnapshotEveryCreature() throws {
        var m = try CamouflageModel(parameters: CamouflageParameters(), seed: 6)
        m.step()
        let stats = m.stats()
        #expect(stats.generation == 1)
        #expect(Set(stats.values.keys) == Set(CamouflageModel.metrics.map(\.name)))
        let snapshot = m.snapshot()
        #expect(snapshot.traitCounts.count == 100)
        #expect(snapshot.traitCounts.reduce(0, +) == m.traits.count)
        for (index, count) in snapshot.traitCounts.enumerated() {
            #expect(count == m.traits.filter { Int($0) == index + 1 }.count)
        }
        #expect(snapshot.histogram == stats.histogram)
        #expect(snapshot.population == m.traits.count)
        #expect(Double(snapshot.bestCamouflaged) == stats.values["bestCamouflaged"])
    }

    @Test func unknownMetricsAndArgumentsAreNamed() throws {
        let m = try model(traits: [50])
        let names = CamouflageModel.metrics.map(\.name).joined(separator: ", ")
        #expect(
            throws: SimulationError(
                .unknownMetric, "Camouflage has no metric named \"speed\"; its metrics are \(names).")
        ) {
            try m.value(of: MetricID("speed"))
        }
        #expect(throws: SimulationError(.unknownMetric, "population takes no arguments, but was given population(3)."))
        {
            try m.value(of: MetricID("population", [3]))
        }
    }

    @Test func extinctIsAYesNoMetric() {
        let extinct = CamouflageModel.metrics.first { $0.name == "extinct" }
        #expect(extinct?.isYesNo == true)
        #expect(CamouflageModel.metrics.filter(\.isYesNo).count == 1)
    }
}
