import Testing

@testable import PetriSimulation

/// Same seed, parameters and actions give the same history, bit for bit, on every machine.
@Suite struct CamouflageDeterminismTests {
    /// The industrial revolution for 1,000 generations, with a teacher lightening the background a little
    /// (20 to 30, within the population's reach) at generation 500.
    private func run(seed: UInt64, generations: Int = 1_000) throws -> CamouflageModel {
        var model = try CamouflageModel(parameters: CamouflageScenario.industrialRevolution.parameters, seed: seed)
        for generation in 1...generations {
            if generation == 500 { try model.apply(.set(name: "environmentColour", value: .number(30))) }
            model.step()
        }
        return model
    }

    /// The pinned values were reproduced by an independent Python port of MODELS.md §1 and the documented
    /// draw order (Xoshiro256**, Lemire, glibc exp, the version-1 state layout, FNV-1a), not only read
    /// off this implementation.
    @Test func sameSeedAndActionsGiveThePinnedHashAfterOneThousandGenerations() throws {
        let model = try run(seed: 2_024)
        #expect(!model.isOver)
        #expect(model.traits.count == 65)
        #expect(model.stateHash == 8_048_477_626_534_165_290)
        #expect(try run(seed: 2_024).stateHash == model.stateHash)
    }

    @Test func generationZeroHasAPinnedHash() throws {
        // The first 20 draws of nextInt(in: 1...100) from seed 1.
        let model = try CamouflageModel(parameters: CamouflageParameters(), seed: 1)
        #expect(model.traits == [71, 53, 58, 40, 70, 15, 8, 39, 87, 56, 94, 96, 94, 67, 60, 90, 9, 50, 5, 7])
        #expect(model.stateHash == 14_946_320_051_525_114_968)
    }

    @Test func differentSeedsGiveDifferentHistories() throws {
        var a = try CamouflageModel(parameters: CamouflageParameters(), seed: 1)
        var b = try CamouflageModel(parameters: CamouflageParameters(), seed: 2)
        #expect(a.traits != b.traits)
        for _ in 0..<10 {
            a.step()
            b.step()
        }
        #expect(a.stateHash != b.stateHash)
    }

    @Test func restoringSavedStateContinuesExactlyAsTheUninterruptedRun() throws {
        // Given a run saved at generation 300
        let saved = try run(seed: 77, generations: 300)
        let bytes = saved.encodeState()
        // When it is restored and both continue for 200 generations
        var restored = try CamouflageModel(decodingState: bytes)
        #expect(restored == saved)
        var uninterrupted = saved
        for _ in 0..<200 {
            restored.step()
            uninterrupted.step()
        }
        // Then they are identical
        #expect(restored == uninterrupted)
        #expect(restored.stateHash == uninterrupted.stateHash)
        #expect(restored.stats() == uninterrupted.stats())
    }

    @Test func savedStateRoundTripsAtGenerationZeroAndAfterExtinction() throws {
        let fresh = try CamouflageModel(parameters: CamouflageScenario.cleanAir.parameters, seed: 5)
        #expect(try CamouflageModel(decodingState: fresh.encodeState()) == fresh)
        var doomed = try CamouflageModel(parameters: CamouflageScenario.suddenChange.parameters, seed: 5)
        while !doomed.isOver && doomed.generation < 100 { doomed.step() }
        #expect(doomed.isOver)
        #expect(try CamouflageModel(decodingState: doomed.encodeState()) == doomed)
    }

    @Test func truncatedStateIsRefused() throws {
        let bytes = try run(seed: 9, generations: 20).encodeState()
        for length in [0, 1, 2, 10, bytes.count / 2, bytes.count - 1] {
            do {
                _ = try CamouflageModel(decodingState: Array(bytes.prefix(length)))
                Issue.record("\(length) of \(bytes.count) bytes were accepted")
            } catch {
                #expect(error.code == .corruptState)
            }
        }
    }

    @Test func corruptStateIsRefusedWithCorruptState() throws {
        let bytes = try run(seed: 9, generations: 20).encodeState()
        // Another model's tag, another version, a trait of 0, trailing garbage.
        var otherModel = bytes
        otherModel[0] = 2
        var otherVersion = bytes
        otherVersion[1] = 9
        var badTrait = bytes
        badTrait[badTrait.count - 1] = 0
        var badParameter = bytes
        badParameter[10] = 0xFF  // environmentColour's little-endian low byte: 255 is out of range
        for corrupt in [otherModel, otherVersion, badTrait, bytes + [0], badParameter] {
            do {
                _ = try CamouflageModel(decodingState: corrupt)
                Issue.record("corrupt state was accepted")
            } catch {
                #expect(error.code == .corruptState)
            }
        }
    }

    @Test func aHugeCreatureCountIsRefusedBeforeAnythingIsAllocated() throws {
        // Given a fresh model's bytes with the creature count replaced by 2^40
        let model = try CamouflageModel(parameters: CamouflageParameters(), seed: 1)
        var bytes = model.encodeState()
        let countOffset = bytes.count - model.traits.count - 8
        bytes.replaceSubrange(countOffset..<countOffset + 8, with: [0, 0, 0, 0, 0, 1, 0, 0])
        #expect(
            throws: SimulationError(
                .corruptState, "The saved state holds a count of 1099511627776, outside 0...1000000.")
        ) {
            try CamouflageModel(decodingState: bytes)
        }
    }
}
