/// Elementary functions computed with plain IEEE 754 arithmetic, so they round the same way on every machine.
///
/// The platform `exp` (glibc on Linux, Apple's libm on macOS) is allowed to differ in the last bit between
/// libraries and versions; a one-bit difference in a death chance could, very rarely, flip a survival draw
/// and fork a replayed history. This port of fdlibm's `__ieee754_exp` (error below one ulp) uses only
/// additions, multiplications and divisions, which IEEE 754 defines exactly; Swift never fuses them
/// into FMAs on its own, so the result is bit-for-bit identical everywhere.
enum DeterministicMath {
    private static let ln2High = 6.93147180369123816490e-01  // 0x3FE62E42_FEE00000: k * ln2High is exact
    private static let ln2Low = 1.90821492927058770002e-10  // 0x3DEA39EF_35793C76
    private static let inverseLn2 = 1.44269504088896338700e+00
    private static let p1 = 1.66666666666666019037e-01
    private static let p2 = -2.77777777770155933842e-03
    private static let p3 = 6.61375632143793436117e-05
    private static let p4 = -1.65339022054652515390e-06
    private static let p5 = 4.13813679705723846039e-08
    private static let overflowThreshold = 7.09782712893383973096e+02
    private static let underflowThreshold = -7.45133219101941108420e+02

    /// e raised to `x`, identical on every machine.
    ///
    /// Reduces `x = k·ln2 + r` with |r| <= ln2/2, approximates e^r with fdlibm's rational
    /// Remez form, then scales by 2^k by building the power of two from its bits.
    ///
    /// - Parameters:
    ///   - x: Any double; NaN gives NaN, large positive values +infinity, large negative values 0.
    static func exp(_ x: Double) -> Double {
        if x.isNaN { return x }
        if x > overflowThreshold { return .infinity }
        if x < underflowThreshold { return 0 }
        var k = 0
        var high = x
        var low = 0.0
        var r = x
        if abs(x) > 0.5 * 0.6931471805599453 {
            k = Int(inverseLn2 * x + (x < 0 ? -0.5 : 0.5))  // rounds to nearest: Int() truncates toward zero
            let t = Double(k)
            high = x - t * ln2High
            low = t * ln2Low
            r = high - low
        }
        let t = r * r
        let c = r - t * (p1 + t * (p2 + t * (p3 + t * (p4 + t * p5))))
        if k == 0 { return 1 - ((r * c) / (c - 2) - r) }
        let y = 1 - ((low - (r * c) / (2 - c)) - high)
        if k >= -1021 {
            // Add k to y's exponent field (k can be 1024 with y < 1, where 2^k itself would overflow).
            return Double(bitPattern: y.bitPattern &+ (UInt64(bitPattern: Int64(k)) &<< 52))
        }
        // The result is subnormal: scale in two exact-as-possible steps, as fdlibm does.
        return y * powerOfTwo(k + 1000) * powerOfTwo(-1000)
    }

    /// 2^k for -1022...1023, built from its exponent bits (only used with -75...-1000 here).
    private static func powerOfTwo(_ k: Int) -> Double {
        Double(bitPattern: UInt64(1023 + k) << 52)
    }
}
