import Testing

@testable import PetriSimulation

@Suite("Replicates: copies of the present, each with its own future")
struct ReplicateTests {
    @Test func quantilesOfOneToElevenAreTheOrderStatistics() {
        let values = (1...11).map(Double.init)
        #expect(Quantile.of(sorted: values, 0.5) == 6)
        #expect(Quantile.of(sorted: values, 0.1) == 2)
        #expect(Quantile.of(sorted: values, 0.9) == 10)
        #expect(Quantile.of(sorted: values, 0) == 1)
        #expect(Quantile.of(sorted: values, 1) == 11)
    }

    @Test func quantilesInterpolateBetweenNeighbours() {
        // Two values 0 and 10: the p quantile is 10 p (type 7).
        #expect(Quantile.of(sorted: [0, 10], 0.1) == 1)
        #expect(Quantile.of(sorted: [0, 10], 0.5) == 5)
        #expect(Quantile.of(sorted: [0, 10], 0.9) == 9)
        #expect(Quantile.of(sorted: [], 0.5) == nil)
        #expect(Quantile.of(sorted: [4], 0.9) == 4)
    }

    @Test func aUniformSampleHasItsKnownQuantiles() {
        // 0, 1, ..., 1000: the 10th, 50th and 90th percentiles are exactly 100, 500 and 900.
        let values = (0...1000).map(Double.init)
        #expect(Quantile.of(sorted: values, 0.1) == 100)
        #expect(Quantile.of(sorted: values, 0.5) == 500)
        #expect(Quantile.of(sorted: values, 0.9) == 900)
    }

    @Test func seedsDifferByIndexAndGenerationAndRepeat() {
        let a = ReplicateSeed.derive(lessonSeed: 42, generation: 10, index: 0)
        #expect(a == ReplicateSeed.derive(lessonSeed: 42, generation: 10, index: 0))
        #expect(a != ReplicateSeed.derive(lessonSeed: 42, generation: 10, index: 1))
        #expect(a != ReplicateSeed.derive(lessonSeed: 42, generation: 11, index: 0))
        #expect(a != ReplicateSeed.derive(lessonSeed: 43, generation: 10, index: 0))
        let seeds = Set((0..<200).map { ReplicateSeed.derive(lessonSeed: 42, generation: 10, index: $0) })
        #expect(seeds.count == 200)
    }

    @Test func theSameRequestGivesTheSameTracesHoweverItIsSplit() throws {
        var model = try CamouflageModel(parameters: .with(population: 50), seed: 9)
        for _ in 0..<5 { model.step() }
        let metric = MetricID("population")
        let whole = Replicates.run(from: model, lessonSeed: 9, indices: 0..<12, horizon: 15, metric: metric)
        let again = Replicates.run(from: model, lessonSeed: 9, indices: 0..<12, horizon: 15, metric: metric)
        let first = Replicates.run(from: model, lessonSeed: 9, indices: 0..<5, horizon: 15, metric: metric)
        let rest = Replicates.run(from: model, lessonSeed: 9, indices: 5..<12, horizon: 15, metric: metric)
        let traces = try #require(whole)
        #expect(whole == again)
        #expect(traces == (try #require(first)) + (try #require(rest)))
        #expect(traces.count == 12)
        #expect(traces.allSatisfy { $0.values.count == 16 && $0.values[0] == traces[0].values[0] })
        // Reseeded copies really differ: the futures are not all one.
        #expect(Set(traces.map { $0.values.last ?? 0 }).count > 1)
    }

    @Test func aReplicateStartsFromThePresentAndLeavesItUnchanged() throws {
        var model = try CamouflageModel(parameters: .with(population: 100), seed: 3)
        model.step()
        let before = model.stateHash
        let traces = try #require(
            Replicates.run(from: model, lessonSeed: 3, indices: 0..<3, horizon: 4, metric: MetricID("population")))
        #expect(model.stateHash == before)
        #expect(traces.allSatisfy { $0.values[0] == (try? model.value(of: MetricID("population"))) })
    }

    @Test func stoppingAbandonsTheWork() throws {
        let model = try CamouflageModel(parameters: .with(population: 100), seed: 3)
        var asked = 0
        let traces = Replicates.run(
            from: model, lessonSeed: 3, indices: 0..<10, horizon: 50, metric: MetricID("population"),
            shouldStop: {
                asked += 1
                return asked > 7
            })
        #expect(traces == nil)
        #expect(asked == 8)
    }

    @Test func anExtinctReplicateKeepsItsLastValueAndSaysWhen() throws {
        // Every creature dies in the first step: selection is total against a far-off background.
        var parameters = CamouflageParameters.with(population: 10)
        parameters[number: "reproductiveChance"] = 0
        let model = try CamouflageModel(parameters: parameters, seed: 1)
        let traces = try #require(
            Replicates.run(from: model, lessonSeed: 1, indices: 0..<4, horizon: 200, metric: MetricID("population")))
        for trace in traces {
            let ended = try #require(trace.endedAt)
            #expect(trace.values.count == 201)
            #expect(trace.values[ended...].allSatisfy { $0 == 0 })
        }
    }
}

extension CamouflageParameters {
    fileprivate static func with(population: Int) -> CamouflageParameters {
        var parameters = CamouflageParameters()
        parameters[int: "population"] = population
        return parameters
    }
}
