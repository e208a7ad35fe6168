/// One generation of a bit-packed board: the hot loop behind ``LifeGrid/step(rule:boundary:)``.
///
/// The board layout is described at the top of `LifeGrid.swift`. For each row the stepper makes
/// two passes over whole words (a `LifeVector` at a time, then single words for the row's tail):
///
/// 1. **Column sums.** For every column, the 2-bit sum (`lo`, `hi`) of the cells above, on and
///    below the row, with one full adder per word: `lo = a ^ b ^ c`, `hi = majority(a, b, c)`.
///    The sums go to two scratch rows that have one guard word on each side. Bounded boards
///    leave the guards zero (dead cells beyond the edge). On a torus the guard west of column 0
///    gets column `width - 1` (in its bit 63) and column 0 is copied to "column `width`", which is
///    either the first padding bit of the last word or bit 0 of the east guard. Rows above the
///    top and below the bottom are a zero row, or the opposite edge's row on a torus.
/// 2. **Block totals and the rule.** Shifting the sum rows by one bit (carrying across words
///    from the neighbouring scratch words) gives each cell's west and east column sums; two more
///    full adders turn west + centre + east into the 4-bit total of the 3×3 block (0...9) and the
///    rule kernel maps total and centre to the next state. Births (`new & ~old`) and deaths
///    (`old & ~new`) are counted with a SWAR popcount kept in bytes and summed every 31 vectors.
///
/// Padding bits of the last word come out as garbage (they see real neighbours); each row ends
/// by masking them off and taking them back out of the birth count, restoring the invariant.
/// Everything runs on unsafe pointers: no bounds checks, copy-on-write checks or reference
/// counting inside the loops.
///
/// This is the portable kernel (``LifeVectorUnit/portable``). `Sources/CLifeKernel` is the same
/// algorithm for AVX2 CPUs; a change here is a change there, and the tests compare the two.
struct LifeStepper<Kernel: LifeRuleKernel> {
    let kernel: Kernel
    let width: Int
    let height: Int
    let wordsPerRow: Int
    let toroidal: Bool
    let lastWordMask: UInt64

    /// Writes the next generation of `src` (`height * wordsPerRow` words) to `dst`, which must
    /// not overlap it, and returns the births and deaths.
    func run(from src: UnsafePointer<UInt64>, to dst: UnsafeMutablePointer<UInt64>) -> (births: Int, deaths: Int) {
        let wpr = wordsPerRow
        // A zero row (the dead cells above and below a bounded board), then the two sum rows,
        // each with a guard word on either side.
        let scratchCount = wpr + 2 * (wpr + 2)
        return withUnsafeTemporaryAllocation(of: UInt64.self, capacity: scratchCount) { scratch in
            guard let base = scratch.baseAddress else { return (0, 0) }
            base.initialize(repeating: 0, count: scratchCount)
            let zeroRow = UnsafePointer(base)
            let lo = base + wpr
            let hi = lo + (wpr + 2)
            var births = 0
            var deaths = 0
            for y in 0..<height {
                let row = src + y * wpr
                let above = y > 0 ? row - wpr : (toroidal ? src + (height - 1) * wpr : zeroRow)
                let below = y + 1 < height ? row + wpr : (toroidal ? src : zeroRow)
                columnSums(above: above, row: row, below: below, lo: lo, hi: hi)
                if toroidal {
                    wrapGuards(lo)
                    wrapGuards(hi)
                }
                let counts = nextRow(row: row, lo: UnsafePointer(lo), hi: UnsafePointer(hi), out: dst + y * wpr)
                births &+= counts.births
                deaths &+= counts.deaths
            }
            return (births, deaths)
        }
    }

    /// Pass 1: the 2-bit vertical sums of every column into `lo[1...wpr]`, `hi[1...wpr]`.
    @inline(__always)
    private func columnSums(
        above: UnsafePointer<UInt64>, row: UnsafePointer<UInt64>, below: UnsafePointer<UInt64>,
        lo: UnsafeMutablePointer<UInt64>, hi: UnsafeMutablePointer<UInt64>
    ) {
        @inline(__always) func sum<V: LifeLanes>(_: V.Type, _ i: Int) {
            let a = V.load(above, i), b = V.load(row, i), c = V.load(below, i)
            let ab = a ^ b
            (ab ^ c).store(lo, i + 1)
            ((a & b) | (c & ab)).store(hi, i + 1)
        }
        var i = 0
        while i + LifeVector.wordCount <= wordsPerRow {
            sum(LifeVector.self, i)
            i += LifeVector.wordCount
        }
        while i < wordsPerRow {
            sum(UInt64.self, i)
            i += 1
        }
    }

    /// Torus only: fills the guards of one sum row with the opposite edge's column.
    @inline(__always)
    private func wrapGuards(_ s: UnsafeMutablePointer<UInt64>) {
        let lastColumn = s[1 + (width - 1) >> 6] >> UInt64((width - 1) & 63) & 1
        let firstColumn = s[1] & 1
        s[0] = lastColumn << 63
        s[wordsPerRow + 1] = 0
        s[1 + width >> 6] |= firstColumn << UInt64(width & 63)
    }

    /// Pass 2: one output row from the sum rows and the current row; returns its births and deaths.
    @inline(__always)
    private func nextRow(
        row: UnsafePointer<UInt64>, lo: UnsafePointer<UInt64>, hi: UnsafePointer<UInt64>,
        out: UnsafeMutablePointer<UInt64>
    ) -> (births: Int, deaths: Int) {
        var births = 0
        var deaths = 0
        var i = 0
        var birthBytes = LifeVector(repeating: 0)
        var deathBytes = LifeVector(repeating: 0)
        var pending = 0
        while i + LifeVector.wordCount <= wordsPerRow {
            let old = LifeVector.load(row, i)
            let new = cells(lo: lo, hi: hi, i, centre: old)
            new.store(out, i)
            // Each byte gains at most 8 a round, so 31 rounds fit before the bytes could overflow.
            birthBytes = birthBytes &+ (new & ~old).bytePopulations
            deathBytes = deathBytes &+ (old & ~new).bytePopulations
            pending += 1
            if pending == 31 {
                births += birthBytes.byteSum
                deaths += deathBytes.byteSum
                birthBytes = LifeVector(repeating: 0)
                deathBytes = LifeVector(repeating: 0)
                pending = 0
            }
            i += LifeVector.wordCount
        }
        births += birthBytes.byteSum
        deaths += deathBytes.byteSum
        while i < wordsPerRow {
            let old = row[i]
            let new: UInt64 = cells(lo: lo, hi: hi, i, centre: old)
            out[i] = new
            births += (new & ~old).bytePopulations.byteSum
            deaths += (old & ~new).bytePopulations.byteSum
            i += 1
        }
        // Padding bits saw real neighbours; the old padding was zero, so they counted as births.
        let last = wordsPerRow - 1
        let garbage = out[last] & ~lastWordMask
        if garbage != 0 {
            births -= garbage.bytePopulations.byteSum
            out[last] &= lastWordMask
        }
        return (births, deaths)
    }

    /// The next state of the cells in words `i..<i + V.wordCount` of the row.
    @inline(__always)
    private func cells<V: LifeLanes>(lo: UnsafePointer<UInt64>, hi: UnsafePointer<UInt64>, _ i: Int, centre: V) -> V {
        // Word i's column sums are at scratch index i + 1; its neighbours' at i and i + 2.
        let loPrev = V.load(lo, i), loMid = V.load(lo, i + 1), loNext = V.load(lo, i + 2)
        let hiPrev = V.load(hi, i), hiMid = V.load(hi, i + 1), hiNext = V.load(hi, i + 2)
        // Column sums of the cells one to the west (x - 1) and one to the east (x + 1).
        let loWest = (loMid &<< 1) | (loPrev &>> 63)
        let loEast = (loMid &>> 1) | (loNext &<< 63)
        let hiWest = (hiMid &<< 1) | (hiPrev &>> 63)
        let hiEast = (hiMid &>> 1) | (hiNext &<< 63)
        // west + centre + east, each 0...3, as the 4-bit total b3 b2 b1 b0.
        let loXor = loWest ^ loMid
        let b0 = loXor ^ loEast
        let carryLo = (loWest & loMid) | (loXor & loEast)
        let hiXor = hiWest ^ hiMid
        let sumHi = hiXor ^ hiEast
        let carryHi = (hiWest & hiMid) | (hiXor & hiEast)
        let b1 = carryLo ^ sumHi
        let carry = carryLo & sumHi
        let b2 = carryHi ^ carry
        let b3 = carryHi & carry
        return kernel.next(b0, b1, b2, b3, centre: centre)
    }
}
