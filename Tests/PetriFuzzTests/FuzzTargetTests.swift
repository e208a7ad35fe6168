import PetriFuzzTargets
import Testing

/// A short, seeded run of every fuzz target (the long coverage-guided runs are `make fuzz`).
///
/// Deterministic: the same seed gives the same inputs, so a failure here fails every time and
/// its message carries the input.
@Suite struct FuzzTargetTests {
    static let iterations: [FuzzTarget: Int] = [
        .clientMessage: 10000, .lesson: 600, .savedState: 1500, .rle: 10000, .reassembly: 10000,
    ]

    @Test(arguments: FuzzTarget.allCases)
    func aSeededRunBreaksNoInvariant(_ target: FuzzTarget) throws {
        var fuzzer = SeededFuzzer(target: target, seed: 0x5EED_0000 + UInt64(target.rawValue.count))
        do {
            try fuzzer.run(Self.iterations[target, default: 100])
        } catch {
            Issue.record("\(error)")
        }
        #expect(fuzzer.executions == Self.iterations[target, default: 100])
    }

    @Test func everyTargetHasSeedsThatRunClean() throws {
        for target in FuzzTarget.allCases {
            #expect(!target.seeds.isEmpty, "\(target) has no seeds")
            for seed in target.seeds { try target.run(seed) }
        }
    }
}
