/// Word-level helpers for the bit-packed board: population counts and the board fingerprint.
enum LifeBits {
    /// Live cells in `words` (padding bits are zero, so they do not count).
    static func population(of words: UnsafeBufferPointer<UInt64>) -> Int {
        var total = 0
        for w in words { total &+= w.nonzeroBitCount }
        return total
    }

    /// A stable 64-bit hash of `words`, four independent lanes so it runs near memory speed.
    ///
    /// Fixed forever: fingerprints are kept in saved state (the period detector's ring).
    static func fingerprint(of words: UnsafeBufferPointer<UInt64>, seed: UInt64) -> UInt64 {
        let k: UInt64 = 0x9E37_79B9_7F4A_7C15
        var h0 = seed ^ 0x243F_6A88_85A3_08D3, h1 = seed ^ 0x1319_8A2E_0370_7344
        var h2 = seed ^ 0xA409_3822_299F_31D0, h3 = seed ^ 0x082E_FA98_EC4E_6C89
        @inline(__always) func mix(_ h: UInt64, _ w: UInt64) -> UInt64 {
            let x = (h ^ w) &* k
            return x ^ (x >> 29)
        }
        let n = words.count
        var i = 0
        while i + 4 <= n {
            h0 = mix(h0, words[i])
            h1 = mix(h1, words[i + 1])
            h2 = mix(h2, words[i + 2])
            h3 = mix(h3, words[i + 3])
            i += 4
        }
        while i < n {
            h0 = mix(h0, words[i])
            i += 1
        }
        var h = mix(mix(mix(mix(UInt64(n), h0), h1), h2), h3)
        h ^= h >> 32
        h &*= 0xD6E8_FEB8_6659_FD93
        return h ^ (h >> 32)
    }
}
