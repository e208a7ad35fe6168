import PetriSimulation

/// A fast checksum of saved bytes: FNV-1a over little-endian 8-byte words, then over the bytes left.
///
/// Eight times fewer steps than ``StableHash/fnv1a(_:)`` on a multi-megabyte
/// lesson. It is for catching damage, not for identity: each step multiplies by an odd
/// number, which loses nothing, so a change confined to one word always changes the result.
enum StateChecksum {
    static func of(_ bytes: ArraySlice<UInt8>) -> UInt64 {
        let prime: UInt64 = 0x0000_0100_0000_01B3
        var h: UInt64 = 0xCBF2_9CE4_8422_2325
        bytes.withUnsafeBytes { raw in
            let words = raw.count / 8
            for i in 0..<words {
                h ^= UInt64(littleEndian: raw.loadUnaligned(fromByteOffset: i * 8, as: UInt64.self))
                h &*= prime
            }
            for i in (words * 8)..<raw.count {
                h ^= UInt64(raw[i])
                h &*= prime
            }
        }
        return h
    }

    /// Whether two byte arrays are equal, a word at a time.
    static func same(_ a: [UInt8], _ b: [UInt8]) -> Bool {
        guard a.count == b.count else { return false }
        return a.withUnsafeBytes { x in
            b.withUnsafeBytes { y in
                let words = x.count / 8
                for i in 0..<words {
                    let offset = i * 8
                    if x.loadUnaligned(fromByteOffset: offset, as: UInt64.self)
                        != y.loadUnaligned(fromByteOffset: offset, as: UInt64.self)
                    {
                        return false
                    }
                }
                return (words * 8..<x.count).allSatisfy { x[$0] == y[$0] }
            }
        }
    }
}
