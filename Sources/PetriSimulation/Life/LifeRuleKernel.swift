/// A rule compiled to bitwise logic: the next state of 64 (or 256) cells at once from the
/// bit-sliced total of each cell's 3×3 block.
///
/// The stepper adds, per cell, its own state and its eight neighbours' into a 4-bit total
/// `t = b3 b2 b1 b0` (0...9, the centre included). A dead cell's neighbour count is `t`, a live
/// one's is `t - 1`, so a rule is a function of `t` and the centre `c`.
protocol LifeRuleKernel {
    func next<V: LifeLanes>(_ b0: V, _ b1: V, _ b2: V, _ b3: V, centre c: V) -> V
}

/// `B3/S23` written out by hand: alive next iff `t == 3`, or `t == 4` and alive now.
///
/// Only `t` = 8 and 9 set `b3`, and both have `b1 = b2 = 0`, so `b3` is never needed.
struct LifeConwayKernel: LifeRuleKernel {
    @inline(__always)
    func next<V: LifeLanes>(_ b0: V, _ b1: V, _ b2: V, _ b3: V, centre c: V) -> V {
        let three = b0 & b1 & ~b2
        let four = b2 & c & ~(b0 | b1)
        return three | four
    }
}

/// Any Life-like rule: a multiplexer tree over the total's bits, whose leaves are the rule's
/// answer for each total as a function of the centre.
///
/// For each total `t`, next = `c ? S(t-1) : B(t)`, written `born[t] ^ (c & flip[t])` with
/// all-ones or all-zero constants (`born[t]` = B(t), `flip[t]` = B(t) xor S(t-1)). About
/// 50 bitwise operations a vector, against 6 for the hand-written Conway kernel.
struct LifeGenericKernel: LifeRuleKernel {
    private let born: (UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64)
    private let flip: (UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64)

    init(_ rule: LifeRule) {
        let m = Self.masks(rule)
        born = (
            m.born[0], m.born[1], m.born[2], m.born[3], m.born[4], m.born[5], m.born[6], m.born[7], m.born[8], m.born[9]
        )
        flip = (
            m.flip[0], m.flip[1], m.flip[2], m.flip[3], m.flip[4], m.flip[5], m.flip[6], m.flip[7], m.flip[8], m.flip[9]
        )
    }

    /// The leaves' constants for totals 0...9: `born[t]` = B(t), `flip[t]` = B(t) xor S(t-1), each
    /// all ones or zero (shared with the AVX2 kernel, which takes them as arrays).
    static func masks(_ rule: LifeRule) -> (born: [UInt64], flip: [UInt64]) {
        let born = (0...9).map { t -> UInt64 in rule.isBorn(neighbours: t) ? ~0 : 0 }
        let flip = (0...9).map { t -> UInt64 in
            let survives = t >= 1 && rule.survives(neighbours: t - 1)
            return rule.isBorn(neighbours: t) != survives ? ~0 : 0
        }
        return (born, flip)
    }

    @inline(__always)
    func next<V: LifeLanes>(_ b0: V, _ b1: V, _ b2: V, _ b3: V, centre c: V) -> V {
        @inline(__always) func leaf(_ born: UInt64, _ flip: UInt64) -> V {
            V(repeating: born) ^ (c & V(repeating: flip))
        }
        // mux(s, one, zero) picks `one` where s is set and `zero` elsewhere.
        @inline(__always) func mux(_ s: V, _ one: V, _ zero: V) -> V { zero ^ (s & (one ^ zero)) }
        let t01 = mux(b0, leaf(born.1, flip.1), leaf(born.0, flip.0))
        let t23 = mux(b0, leaf(born.3, flip.3), leaf(born.2, flip.2))
        let t45 = mux(b0, leaf(born.5, flip.5), leaf(born.4, flip.4))
        let t67 = mux(b0, leaf(born.7, flip.7), leaf(born.6, flip.6))
        let t89 = mux(b0, leaf(born.9, flip.9), leaf(born.8, flip.8))
        let t0123 = mux(b1, t23, t01)
        let t4567 = mux(b1, t67, t45)
        let t0to7 = mux(b2, t4567, t0123)
        return mux(b3, t89, t0to7)
    }
}
