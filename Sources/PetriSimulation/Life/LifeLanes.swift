/// The operations the stepper needs on "a bunch of 64-cell words": one `UInt64`, or a SIMD
/// vector of them, so a single generic kernel serves the vector loop and the scalar row tail.
///
/// Loads and stores are unaligned and unchecked; callers keep indices in bounds.
protocol LifeLanes {
    /// How many 64-bit words one value holds.
    static var wordCount: Int { get }
    init(repeating word: UInt64)
    static func load(_ base: UnsafePointer<UInt64>, _ index: Int) -> Self
    func store(_ base: UnsafeMutablePointer<UInt64>, _ index: Int)
    static func & (a: Self, b: Self) -> Self
    static func | (a: Self, b: Self) -> Self
    static func ^ (a: Self, b: Self) -> Self
    static prefix func ~ (a: Self) -> Self
    static func &<< (a: Self, b: UInt64) -> Self
    static func &>> (a: Self, b: UInt64) -> Self
    static func &+ (a: Self, b: Self) -> Self
    static func &- (a: Self, b: Self) -> Self
    /// The sum of all bytes of all words (used to finish the SWAR population count).
    var byteSum: Int { get }
}

/// The vector the stepper uses for whole runs of words.
///
/// Four words are two SSE2 registers on a generic x86-64 build and one AVX2 register when the
/// build targets a newer CPU (the widths measured against each other: Sources/petri-bench/PERFORMANCE.md,
/// "Simulations (one core)"). The default build stays generic and gets AVX2 at run time instead, from the C kernel
/// (`LifeVectorUnit`): this Swift code is the portable path.
typealias LifeVector = SIMD4<UInt64>

extension UInt64: LifeLanes {
    static var wordCount: Int { 1 }

    init(repeating word: UInt64) { self = word }

    @inline(__always)
    static func load(_ base: UnsafePointer<UInt64>, _ index: Int) -> UInt64 { base[index] }

    @inline(__always)
    func store(_ base: UnsafeMutablePointer<UInt64>, _ index: Int) { base[index] = self }

    var byteSum: Int {
        var x = (self & 0x00FF_00FF_00FF_00FF) &+ ((self >> 8) & 0x00FF_00FF_00FF_00FF)
        x = x &+ (x >> 16)
        x = x &+ (x >> 32)
        return Int(x & 0xFFFF)
    }
}

extension SIMD4: LifeLanes where Scalar == UInt64 {
    static var wordCount: Int { 4 }

    @inline(__always)
    static func load(_ base: UnsafePointer<UInt64>, _ index: Int) -> SIMD4<UInt64> {
        UnsafeRawPointer(base + index).loadUnaligned(as: SIMD4<UInt64>.self)
    }

    @inline(__always)
    func store(_ base: UnsafeMutablePointer<UInt64>, _ index: Int) {
        UnsafeMutableRawPointer(base + index).storeBytes(of: self, as: SIMD4<UInt64>.self)
    }

    var byteSum: Int { self[0].byteSum + self[1].byteSum + self[2].byteSum + self[3].byteSum }
}

extension LifeLanes {
    /// Per-byte population counts (each byte 0...8) of every word: the first three steps of the
    /// SWAR popcount. A generic x86-64 build has no `popcnt` instruction, and these vectorise.
    @inline(__always)
    var bytePopulations: Self {
        let m1 = Self(repeating: 0x5555_5555_5555_5555)
        let m2 = Self(repeating: 0x3333_3333_3333_3333)
        let m4 = Self(repeating: 0x0F0F_0F0F_0F0F_0F0F)
        let x = self &- ((self &>> 1) & m1)
        let y = (x & m2) &+ ((x &>> 2) & m2)
        return (y &+ (y &>> 4)) & m4
    }
}
