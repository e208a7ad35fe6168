/// The seed of one replicate: fixed by the lesson's seed, the generation it starts from and its index.
///
/// `seed = mix(mix(mix(lessonSeed) ^ generation) ^ index)`, where `mix(x)` is one SplitMix64 step
/// (add 0x9E3779B97F4A7C15, then the xor-shift-multiply finaliser). Each stage goes through the full
/// avalanche, so neighbouring generations or indices give unrelated streams, and the same request at the
/// same point always gives the same seeds (and so the same bands). The formula is fixed: changing it
/// would change every band a class has seen.
enum ReplicateSeed {
    /// The seed of replicate `index` (0-based) of a request made at `generation`.
    static func derive(lessonSeed: UInt64, generation: Int, index: Int) -> UInt64 {
        let g = UInt64(bitPattern: Int64(generation))
        let i = UInt64(bitPattern: Int64(index))
        return mix(mix(mix(lessonSeed) ^ g) ^ i)
    }

    /// One SplitMix64 step.
    static func mix(_ value: UInt64) -> UInt64 {
        var z = value &+ 0x9E37_79B9_7F4A_7C15
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
