import Testing

@testable import PetriServer

/// Freed memory is given back once a burst is over, not in its middle and not over and over.
@Suite struct MemoryTrimPolicyTests {
    private static let mib = 1 << 20

    /// The policy's answers to resident samples given in MiB.
    private func answers(_ samples: [Int], growth: Int = 16) -> [Bool] {
        var policy = MemoryTrimPolicy(growth: growth * Self.mib)
        return samples.map { policy.shouldTrim(resident: $0 * Self.mib) }
    }

    @Test func aBurstIsTrimmedOnceItStopsGrowing() {
        // Given resident memory that grows by 40 MiB in a burst, then holds
        let answers = answers([100, 110, 125, 140, 140, 139])
        // Then the trim comes at the first sample that did not grow, and not while it grew
        #expect(answers == [false, false, false, false, true, true])
    }

    @Test func growthBelowTheThresholdIsNeverTrimmed() {
        #expect(answers([100, 105, 110, 110, 110, 108]).allSatisfy { !$0 })
    }

    @Test func afterATrimTheNextWaitsForAsMuchGrowthAgain() {
        // Given a trim that gave back half of a 40 MiB burst
        var policy = MemoryTrimPolicy(growth: 16 * Self.mib)
        for resident in [100, 140] { _ = policy.shouldTrim(resident: resident * Self.mib) }
        let trims = policy.shouldTrim(resident: 140 * Self.mib)
        #expect(trims)
        policy.trimmed(resident: 120 * Self.mib)
        // When memory holds, then grows by less than the threshold, then by more
        let later = [120, 130, 130, 137, 137].map { policy.shouldTrim(resident: $0 * Self.mib) }
        // Then only the growth past 16 MiB over what the trim left is trimmed again
        #expect(later == [false, false, false, false, true])
    }

    @Test func memoryFallingLowersTheMark() {
        // Given memory that fell from 100 to 60 MiB by itself, then grew by 20
        #expect(answers([100, 60, 70, 80, 80]) == [false, false, false, false, true])
    }
}
