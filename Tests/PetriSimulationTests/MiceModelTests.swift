import Testing

@testable import PetriSimulation

/// The rock-pocket-mice model (Models/mice.yaml): a model that is a file only, run by the trait engine.
@Suite struct MiceModelTests {
    typealias Mice = TraitEngineModel<MiceFile>

    private func run(_ scenario: String, seed: UInt64, generations: Int) throws -> Mice {
        var model = try Mice(parameters: .preset(scenario), seed: seed)
        for _ in 0..<generations { model.step() }
        return model
    }

    /// The state after its tag byte: what the file decides (the tag is camouflage's until mice are served).
    private func fileHash(_ model: Mice) -> UInt64 { StableHash.fnv1a(Array(model.encodeState().dropFirst())) }

    @Test func theFileDescribesTheModelItRuns() throws {
        let description = Mice.modelDescription
        #expect(description.model == "mice")
        #expect(description.title == "Rock pocket mice (lava flows)")
        #expect(description.scenarios.map(\.name) == ["on-the-lava", "pale-rock", "sharp-eyed-owls"])
        #expect(Mice.metrics.first { $0.name == "meanFur" }?.tolerance == 5)
        let rock = description.parameters.first { $0.name == "rockColour" }
        #expect(rock?.label == "Rock colour (0 sandy to 100 black lava)")
    }

    @Test func theSameSeedGivesTheSameHistoryPinned() throws {
        let a = try run("on-the-lava", seed: 7, generations: 30)
        let b = try run("on-the-lava", seed: 7, generations: 30)
        #expect(a.encodeState() == b.encodeState())
        #expect(fileHash(a) == 6_763_728_711_776_713_601)
        #expect(fileHash(try run("on-the-lava", seed: 8, generations: 30)) != fileHash(a))
        var half = try run("on-the-lava", seed: 7, generations: 15)
        var restored = try Mice(decodingState: half.encodeState())
        #expect(restored == half)
        for _ in 0..<15 {
            half.step()
            restored.step()
        }
        #expect(fileHash(restored) == fileHash(a))
    }

    /// Nachman's field result, from the same mixed mice: dark on the lava, pale on the rock (20 seeds, 10
    /// generations: every run, measured).
    @Test func onTheLavaMiceTurnDarkAndOnPaleRockPale() throws {
        var dark = 0
        var pale = 0
        for seed in UInt64(1)...20 {
            if try run("on-the-lava", seed: seed, generations: 10).value(of: MetricID("meanFur")) >= 75 { dark += 1 }
            if try run("pale-rock", seed: seed, generations: 10).value(of: MetricID("meanFur")) <= 25 { pale += 1 }
        }
        #expect(dark == 20)
        #expect(pale == 20)
    }

    /// Sharper owls match the population to the lava sooner: more mice within 10 of the rock at generation 3 in
    /// 19 of 20 seeds (measured).
    @Test func sharperOwlsMatchTheRockSooner() throws {
        var sooner = 0
        for seed in UInt64(1)...20 {
            let usual = try run("on-the-lava", seed: seed, generations: 3).value(of: MetricID("matchedFraction"))
            let sharp = try run("sharp-eyed-owls", seed: seed, generations: 3).value(of: MetricID("matchedFraction"))
            if sharp > usual { sooner += 1 }
        }
        #expect(sooner == 19)
    }
}
