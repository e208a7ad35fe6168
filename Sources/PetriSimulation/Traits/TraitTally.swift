/// One pass over a trait model's creatures: how many carry each trait value, and the numbers read off that.
struct TraitTally {
    /// The model's trait range.
    let range: ClosedRange<Int>
    /// Indexed by the trait itself: `counts[t]` creatures have trait t (entries below the range are 0).
    let counts: [Int]
    /// Living creatures.
    let population: Int

    init(_ traits: [UInt8], range: ClosedRange<Int>) {
        var counts = [Int](repeating: 0, count: range.upperBound + 1)
        for trait in traits { counts[Int(trait)] += 1 }
        self.range = range
        self.counts = counts
        population = traits.count
    }

    /// The counts of the range's values only, lowest first (what snapshots send).
    var rangeCounts: [Int] { Array(counts[range]) }

    /// The mean trait, 0 for no creatures.
    var mean: Double {
        guard population > 0 else { return 0 }
        var sum = 0
        for trait in range { sum += trait * counts[trait] }
        return Double(sum) / Double(population)
    }

    /// The median trait (the mean of the two middle ones for an even count), 0 for no creatures.
    var median: Double {
        guard population > 0 else { return 0 }
        // 0-based positions of the middle creature(s) in trait order.
        let low = (population - 1) / 2
        let high = population / 2
        var seen = 0
        var lowTrait: Int?
        for trait in range {
            let next = seen + counts[trait]
            if lowTrait == nil && low < next { lowTrait = trait }
            if high < next { return Double((lowTrait ?? trait) + trait) / 2 }
            seen = next
        }
        return Double(lowTrait ?? 0)  // unreachable: the counts add up to the population
    }

    /// How many creatures have a trait in `traits` (clamped to the range).
    func count(in traits: ClosedRange<Int>) -> Int {
        let low = max(traits.lowerBound, range.lowerBound)
        let high = min(traits.upperBound, range.upperBound)
        guard low <= high else { return 0 }
        return counts[low...high].reduce(0, +)
    }

    /// Bins of `width` trait values from the bottom of the range; the last bin also takes the values left over
    /// (resistance 0...100 in bins of 10: 0-9, ..., 90-100).
    func histogram(binWidth: Int) -> [Int] {
        let bins = max(1, range.count / binWidth)
        return (0..<bins).map { bin in
            let low = range.lowerBound + bin * binWidth
            let high = bin == bins - 1 ? range.upperBound : low + binWidth - 1
            return count(in: low...high)
        }
    }
}
