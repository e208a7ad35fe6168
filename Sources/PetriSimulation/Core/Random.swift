/// Xoshiro256** seeded through SplitMix64: the one generator every model draws from.
///
/// It is a value type held inside a model's state, so copying a model copies its future;
/// nothing in this package touches a global generator. The algorithm is fixed forever:
/// changing it would change every pinned history and every saved lesson.
package struct PetriRandom: RandomNumberGenerator, Sendable, Hashable {
    /// The four words of generator state; exposed for exact save and restore.
    private(set) var state: (UInt64, UInt64, UInt64, UInt64)

    /// Seeds the generator; every seed (including 0) gives a valid, distinct stream.
    package init(seed: UInt64) {
        var sm = seed
        func splitMix(_ x: inout UInt64) -> UInt64 {
            x &+= 0x9E37_79B9_7F4A_7C15
            var z = x
            z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
            z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
            return z ^ (z >> 31)
        }
        state = (splitMix(&sm), splitMix(&sm), splitMix(&sm), splitMix(&sm))
    }

    /// Restores a generator from words previously read from ``state``.
    ///
    /// - Throws: ``SimulationError/Code/corruptState`` for the all-zero state, which never occurs.
    package init(state: (UInt64, UInt64, UInt64, UInt64)) throws(SimulationError) {
        guard state != (0, 0, 0, 0) else {
            throw SimulationError(.corruptState, "The saved random generator state is all zeros, which is impossible.")
        }
        self.state = state
    }

    package mutating func next() -> UInt64 {
        let result = rotl(state.1 &* 5, 7) &* 9
        let t = state.1 << 17
        state.2 ^= state.0
        state.3 ^= state.1
        state.1 ^= state.2
        state.0 ^= state.3
        state.2 ^= t
        state.3 = rotl(state.3, 45)
        return result
    }

    /// A uniform double in [0, 1) with 53 random bits (the same on every machine).
    mutating func nextUnit() -> Double {
        Double(next() >> 11) * 0x1.0p-53
    }

    /// A uniform integer in `range`, unbiased (Lemire's multiply-and-reject).
    package mutating func nextInt(in range: ClosedRange<Int>) -> Int {
        let span = UInt64(bitPattern: Int64(range.upperBound &- range.lowerBound)) &+ 1
        if span == 0 { return Int(bitPattern: UInt(next())) }  // the full 64-bit range
        var m = next().multipliedFullWidth(by: span)
        if m.low < span {
            let threshold = (0 &- span) % span
            while m.low < threshold { m = next().multipliedFullWidth(by: span) }
        }
        return range.lowerBound &+ Int(m.high)
    }

    package static func == (a: PetriRandom, b: PetriRandom) -> Bool { a.state == b.state }

    package func hash(into hasher: inout Hasher) {
        hasher.combine(state.0)
        hasher.combine(state.1)
        hasher.combine(state.2)
        hasher.combine(state.3)
    }

    private func rotl(_ x: UInt64, _ k: UInt64) -> UInt64 { (x << k) | (x >> (64 - k)) }
}
