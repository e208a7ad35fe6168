import Testing

@testable import PetriSimulation

/// One shipped trait model's pinned run: its scenario, the teacher's changes by generation, and the numbers pinned
/// for it. The pinned values (the run's and generation 0's) were reproduced by an independent Python port of
/// MODELS.md section 4 and the documented draw order (Xoshiro256**, Lemire, glibc exp, the version-1 state layout,
/// FNV-1a), not only read off this implementation.
struct PinnedTraitRun<Name: ShippedTraitModelName>: Sendable {
    var parameters: TraitValues<Name>
    /// The teacher's changes, each applied before the step that makes its generation.
    var actions: [Int: ModelAction]
    var generations: Int
    /// Seed 2024's run: how many creatures it ends with and its state hash.
    var creatures: Int
    var hash: UInt64
    /// The default parameters' generation 0 with seed 1.
    var generationZeroHash: UInt64
    /// How far the saved-state run goes before it is saved.
    var savedAfter: Int
    /// A trait outside the model's range, and another model's tag.
    var badTrait: UInt8
    var otherTag: UInt8

    func run(seed: UInt64, generations: Int? = nil) throws -> TraitEngineModel<Name> {
        var model = try TraitEngineModel<Name>(parameters: parameters, seed: seed)
        for generation in 1...(generations ?? self.generations) {
            if let action = actions[generation] { try model.apply(action) }
            model.step()
        }
        return model
    }
}

extension PinnedTraitRun where Name == BeaksFile {
    /// The 1977 drought, then a teacher's second drought (hardness 90) at generations 30 and 31.
    static let beaks = PinnedTraitRun(
        parameters: BeaksScenario.drought1977.parameters,
        actions: [
            30: .set(name: "seedHardness", value: .number(90)), 32: .set(name: "seedHardness", value: .number(40)),
        ], generations: 100, creatures: 284, hash: 14_019_899_391_500_987_550,
        generationZeroHash: 461_139_057_332_924_150, savedAfter: 7, badTrait: 59, otherTag: ModelKind.resistance.tag)
}

extension PinnedTraitRun where Name == ResistanceFile {
    /// A course stopped early, then a teacher's second course at dose 40 from generation 11.
    static let resistance = PinnedTraitRun(
        parameters: ResistanceScenario.stoppedEarly.parameters,
        actions: [11: .set(name: "dose", value: .number(40)), 21: .set(name: "dose", value: .number(0))],
        generations: 200, creatures: 574, hash: 3_850_020_543_608_822_338,
        generationZeroHash: 10_906_615_930_855_649_384, savedAfter: 5, badTrait: 101,
        otherTag: ModelKind.camouflage.tag)
}

/// What every file-driven trait model must do the same way: pinned history, generation 0, saved state and its
/// refusals (the models' own rules, parameters and metrics are in their own suites).
@Suite struct TraitModelRunTests {
    @Test(arguments: [ModelKind.beaks, .resistance])
    func sameSeedAndActionsGiveThePinnedHash(model: ModelKind) throws {
        switch model {
        case .beaks: try Self.pinnedHash(.beaks)
        case .resistance: try Self.pinnedHash(.resistance)
        default: Issue.record("\(model) has no pinned run")
        }
    }

    @Test(arguments: [ModelKind.beaks, .resistance])
    func generationZeroHasAPinnedHash(model: ModelKind) throws {
        switch model {
        case .beaks: try Self.generationZero(.beaks)
        case .resistance: try Self.generationZero(.resistance)
        default: Issue.record("\(model) has no pinned run")
        }
    }

    @Test(arguments: [ModelKind.beaks, .resistance])
    func restoringSavedStateContinuesExactlyAsTheUninterruptedRun(model: ModelKind) throws {
        switch model {
        case .beaks: try Self.restoring(.beaks)
        case .resistance: try Self.restoring(.resistance)
        default: Issue.record("\(model) has no pinned run")
        }
    }

    @Test(arguments: [ModelKind.beaks, .resistance])
    func corruptOrTruncatedStateIsRefused(model: ModelKind) throws {
        switch model {
        case .beaks: try Self.corrupt(.beaks)
        case .resistance: try Self.corrupt(.resistance)
        default: Issue.record("\(model) has no pinned run")
        }
    }

    private static func pinnedHash<Name>(_ pinned: PinnedTraitRun<Name>) throws {
        let model = try pinned.run(seed: 2_024)
        #expect(model.generation == pinned.generations)
        #expect(model.traits.count == pinned.creatures)
        #expect(model.stateHash == pinned.hash)
        #expect(try pinned.run(seed: 2_024).stateHash == model.stateHash)
    }

    private static func generationZero<Name>(_ pinned: PinnedTraitRun<Name>) throws {
        let model = try TraitEngineModel<Name>(parameters: TraitValues<Name>(), seed: 1)
        #expect(model.stateHash == pinned.generationZeroHash)
    }

    private static func restoring<Name>(_ pinned: PinnedTraitRun<Name>) throws {
        let saved = try pinned.run(seed: 77, generations: pinned.savedAfter)
        var restored = try TraitEngineModel<Name>(decodingState: saved.encodeState())
        #expect(restored == saved)
        var uninterrupted = saved
        for _ in 0..<30 {
            restored.step()
            uninterrupted.step()
        }
        #expect(restored == uninterrupted)
    }

    private static func corrupt<Name>(_ pinned: PinnedTraitRun<Name>) throws {
        let bytes = try pinned.run(seed: 9, generations: 4).encodeState()
        var badTrait = bytes
        badTrait[badTrait.count - 1] = pinned.badTrait
        var otherModel = bytes
        otherModel[0] = pinned.otherTag
        for corrupt in [Array(bytes.prefix(bytes.count / 2)), badTrait, otherModel, bytes + [0]] {
            #expect(throws: SimulationError.self) { try TraitEngineModel<Name>(decodingState: corrupt) }
        }
        #expect(
            throws: SimulationError(
                .corruptState,
                "The saved \(Name.kind.rawValue) state holds a creature with trait \(pinned.badTrait); it cannot be "
                    + "restored.")
        ) { try TraitEngineModel<Name>(decodingState: badTrait) }
    }
}
