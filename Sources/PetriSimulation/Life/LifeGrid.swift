// The bit layout of a Life board (described here once; every other Life file relies on it).
//
// A `width`×`height` board is `height` rows stored one after another, row 0 (the top) first.
// Each row is `wordsPerRow = (width + 63) / 64` `UInt64` words, and cell (x, y) is bit
// `x % 64` (bit 0 being the least significant) of word `y * wordsPerRow + x / 64`. So within a
// word, lower bits are cells further left, and a set bit is a live cell. When `width` is not a
// multiple of 64, the high bits of each row's last word beyond the board's right edge are padding
// and are ALWAYS zero: population counts, equality, hashing and saved state rely on it, and the
// stepper masks them off after every generation. There are no padding words and no padding rows;
// the stepper supplies the dead (or wrapped) cells beyond the edges itself, one row at a time, in
// scratch buffers (see `LifeStepper.swift`).
//
// On a little-endian machine the bytes of a row's words are therefore the row packed eight cells
// per byte, leftmost cell in the lowest bit: the same order the snapshot format uses.

/// A bit-packed Life board of up to 16384×16384 cells, stepped a 64-cell word (or a vector of
/// words) at a time.
///
/// A value type: copying a grid copies the board (lazily, copy-on-write). Its storage layout is
/// described at the top of this file.
///
/// ```swift
/// var grid = try LifeGrid(width: 64, height: 48)
/// grid[1, 0] = true; grid[2, 1] = true; grid[0, 2] = true; grid[1, 2] = true; grid[2, 2] = true
/// let (births, deaths) = grid.step(rule: .conway, boundary: .bounded)
/// ```
package struct LifeGrid: Sendable, Hashable {
    /// The largest width or height a board may have.
    package static let maxSide = 16_384

    /// Number of columns, 1...``maxSide``.
    package let width: Int
    /// Number of rows, 1...``maxSide``.
    package let height: Int
    /// `(width + 63) / 64`: the words that hold one row.
    let wordsPerRow: Int
    /// `height * wordsPerRow` words, row 0 first; padding bits are zero.
    var words: [UInt64]

    /// Creates an all-dead board.
    ///
    /// - Parameters:
    ///   - width: number of columns, 1...16384.
    ///   - height: number of rows, 1...16384.
    /// - Throws: ``SimulationError/Code/parameterOutOfRange`` naming `width` or `height`.
    package init(width: Int, height: Int) throws(SimulationError) {
        try SimulationError.check("width", width, in: 1...Self.maxSide)
        try SimulationError.check("height", height, in: 1...Self.maxSide)
        self.init(validWidth: width, height: height, words: nil)
    }

    /// Creates a board whose size is already validated; `words` (if given) must have the layout above.
    init(validWidth width: Int, height: Int, words: [UInt64]?) {
        self.width = width
        self.height = height
        wordsPerRow = (width + 63) >> 6
        self.words = words ?? [UInt64](repeating: 0, count: wordsPerRow * height)
    }

    /// The valid bits of each row's last word (all ones when the width is a multiple of 64).
    var lastWordMask: UInt64 {
        let r = width & 63
        return r == 0 ? ~0 : (1 << UInt64(r)) &- 1
    }

    /// True when (x, y) lies on the board.
    func contains(x: Int, y: Int) -> Bool { x >= 0 && x < width && y >= 0 && y < height }

    /// Whether the cell at column `x`, row `y` is alive.
    ///
    /// - Precondition: (x, y) lies on the board (check with ``contains(x:y:)`` first for input
    ///   from outside the program).
    subscript(x: Int, y: Int) -> Bool {
        get {
            precondition(contains(x: x, y: y), "cell (\(x), \(y)) is not on the \(width)×\(height) board")
            return words[y * wordsPerRow + x >> 6] >> UInt64(x & 63) & 1 != 0
        }
        set {
            precondition(contains(x: x, y: y), "cell (\(x), \(y)) is not on the \(width)×\(height) board")
            let bit: UInt64 = 1 << UInt64(x & 63)
            if newValue {
                words[y * wordsPerRow + x >> 6] |= bit
            } else {
                words[y * wordsPerRow + x >> 6] &= ~bit
            }
        }
    }

    /// The number of live cells on the board.
    package var population: Int {
        words.withUnsafeBufferPointer { LifeBits.population(of: $0) }
    }

    /// The number of live cells in `region`; cells of the region beyond the board count as dead.
    func population(in region: LifeRegion) -> Int {
        let r = region.clipped(width: width, height: height)
        guard !r.isEmpty else { return 0 }
        var total = 0
        for y in r.y..<r.y + r.height {
            total += rowPopulation(y, from: r.x, to: r.x + r.width)
        }
        return total
    }

    /// Live cells of row `y` in columns `x0..<x1` (both on the board, `x0 < x1`).
    func rowPopulation(_ y: Int, from x0: Int, to x1: Int) -> Int {
        let base = y * wordsPerRow
        let first = x0 >> 6, last = (x1 - 1) >> 6
        var total = 0
        for i in first...last {
            var w = words[base + i]
            if i == first { w &= ~0 << UInt64(x0 & 63) }
            if i == last { w &= ~0 >> UInt64(63 - (x1 - 1) & 63) }
            total += w.nonzeroBitCount
        }
        return total
    }

    /// Up to 64 cells of row `y` starting at column `x`, cell `x` in bit 0; cells beyond the
    /// right edge read as dead.
    func bits(row y: Int, from x: Int, count: Int) -> UInt64 {
        let base = y * wordsPerRow
        let i = x >> 6, shift = UInt64(x & 63)
        var w = words[base + i] >> shift
        if shift != 0, i + 1 < wordsPerRow { w |= words[base + i + 1] << (64 - shift) }
        return count >= 64 ? w : w & ((1 << UInt64(count)) &- 1)
    }

    /// Kills every cell of row `y` in columns `x0..<x1` (on the board, `x0 < x1`).
    mutating func clearRow(_ y: Int, from x0: Int, to x1: Int) {
        let base = y * wordsPerRow
        let first = x0 >> 6, last = (x1 - 1) >> 6
        for i in first...last {
            var keep: UInt64 = 0
            if i == first { keep |= ~(~0 << UInt64(x0 & 63)) }
            if i == last { keep |= ~(~0 >> UInt64(63 - (x1 - 1) & 63)) }
            words[base + i] &= keep
        }
    }

    /// A stable 64-bit fingerprint of the board (size and cells), the same on every machine.
    ///
    /// Used to spot repeated boards (oscillation periods); not cryptographic.
    var fingerprint: UInt64 {
        words.withUnsafeBufferPointer { LifeBits.fingerprint(of: $0, seed: UInt64(width) << 32 | UInt64(height)) }
    }
}
