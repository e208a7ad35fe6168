import PetriProtocol
import PetriSimulation
import Testing

@testable import PetriLesson

/// A prediction is counted in the bar whose reported edges hold it.
@Suite struct SpreadBinTests {
    @Test func aSeventyPercentAnswerIsInTheSeventyToEightyBar() {
        // Given answers of exactly 0.7 and 0.3 (0.7 / 0.1 is 6.999… in binary)
        let spread = SpreadBuilder.probabilities([0.7, 0.3])
        // Then each is counted in the bar that starts at it
        let bins = spread.bins ?? []
        #expect(bins.count == 10)
        #expect(bins[7].count == 1 && bins[7].lower == 0.7)
        #expect(bins[3].count == 1)
        #expect(bins[6].count == 0)
    }

    @Test func everyValueLiesWithinTheEdgesOfTheBarThatCountsIt() {
        // Given random values on random bounded and unbounded axes (seeded)
        var random = PetriRandom(seed: 0x5EED_B1A5)
        for _ in 0..<2_000 {
            let low = Double(random.next() % 2_000) / 8 - 100
            let high = low + Double(random.next() % 1_000 + 1) / 4
            // Values on the exact edges are the interesting case
            let edgeIndex = Double(random.next() % 11) / 10
            let x = random.next() % 2 == 0 ? low * (1 - edgeIndex) + high * edgeIndex : low + (high - low) * 0.37
            let bins = SpreadBuilder.numbers([x], actual: x, range: low...high).bins ?? []
            // Then the one counted bar's edges hold it (the last bar holds its upper edge)
            let counted = bins.filter { $0.count == 1 }
            #expect(counted.count == 1)
            if let bar = counted.first {
                #expect(bar.lower <= x && (x < bar.upper || (x == bar.upper && bar.upper == high)))
            }
        }
    }
}
