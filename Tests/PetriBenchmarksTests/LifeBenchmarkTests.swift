import PetriSimulation
import Testing

@testable import PetriBenchmarks

/// `petri-bench life`: the engines take turns and the figures say which kernel ran.
@Suite struct LifeBenchmarkTests {
    @Test func turnsAddUpToEveryGeneration() {
        for total in [0, 1, 2, 9, 10, 11, 32, 3000] {
            let shares = (0..<10).map { LifeBenchmark.share(of: total, slice: $0, of: 10) }
            #expect(shares.reduce(0, +) == total, "\(total)")
            #expect((shares.max() ?? 0) - (shares.min() ?? 0) <= 1, "\(total): \(shares)")
        }
    }

    @Test func aRunNamesItsKernelAndComparesItWithThePortableOneWhenItIsNotPortable() {
        let best = LifeBenchmark(size: 100, generations: 30, seed: 3, referenceGenerations: 7).run()
        #expect(best.unit == LifeVectorUnit.best)
        #expect(best.agree)
        #expect((best.portableGensPerSecond != nil) == (LifeVectorUnit.best != .portable))
        #expect(best.json.contains(#""kernel":"\#(LifeVectorUnit.best.rawValue)""#))

        let portable = LifeBenchmark(size: 100, generations: 30, seed: 3, referenceGenerations: 7, unit: .portable)
            .run()
        #expect(portable.unit == .portable && portable.agree && portable.portableGensPerSecond == nil)
        #expect(portable.finalPopulation == best.finalPopulation)
    }
}
