/// Where a hunt round's creatures stand and what they are called: drawn from the lesson's seed, never from the
/// model's own generator (a hunt must not change what the formula would have drawn).
///
/// The generator is seeded with `mix(mix(mix(lessonSeed ^ 0x68756E74) ^ timeline) ^ round)` (``ReplicateSeed/mix(_:)``;
/// `0x68756E74` is "hunt"), and draws, in this order: a Fisher-Yates shuffle of the ids 1...n (id `k` is given to
/// the creature at draw-order index `k`'s place in the shuffle), then each creature's `x` and `y` in draw order,
/// each `0...999` (thousandths of the field's width and height). The ids say nothing of a creature's trait or its
/// place in the population, so a client cannot rank creatures by anything but the colour it draws.
package struct HuntLayout: Sendable, Hashable {
    /// One creature of the round.
    package struct Spot: Sendable, Hashable {
        /// The creature's id in this round (1...n, a seeded permutation of draw order).
        package var id: Int
        /// Its index in the model's draw order (the server's secret: never sent).
        package var index: Int
        /// Thousandths of the field's width, 0...999.
        package var x: Int
        /// Thousandths of the field's height, 0...999.
        package var y: Int
    }

    /// Every creature, in draw order (index = ``Spot/index``).
    package let spots: [Spot]
    /// Draw-order index of each id (index = id - 1).
    private let indexOfID: [Int]

    /// Draws the layout of `count` creatures for round `round` on `timeline`.
    package init(count: Int, lessonSeed: UInt64, timeline: Int, round: Int) {
        let seed = ReplicateSeed.mix(
            ReplicateSeed.mix(ReplicateSeed.mix(lessonSeed ^ 0x6875_6E74) ^ UInt64(bitPattern: Int64(timeline)))
                ^ UInt64(bitPattern: Int64(round)))
        var random = PetriRandom(seed: seed)
        var ids = Array(1...max(count, 1))
        if count == 0 { ids = [] }
        if ids.count > 1 {
            for i in stride(from: ids.count - 1, to: 0, by: -1) {
                ids.swapAt(i, random.nextInt(in: 0...i))
            }
        }
        var spots: [Spot] = []
        spots.reserveCapacity(count)
        var indexOfID = [Int](repeating: 0, count: count)
        for index in 0..<count {
            let x = random.nextInt(in: 0...999)
            let y = random.nextInt(in: 0...999)
            spots.append(Spot(id: ids[index], index: index, x: x, y: y))
            indexOfID[ids[index] - 1] = index
        }
        self.spots = spots
        self.indexOfID = indexOfID
    }

    /// The draw-order index of the creature with this id, or nil for an id not in the round.
    package func index(of id: Int) -> Int? {
        guard id >= 1, id <= indexOfID.count else { return nil }
        return indexOfID[id - 1]
    }
}
