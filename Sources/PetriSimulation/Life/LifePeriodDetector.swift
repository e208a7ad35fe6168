/// Spots oscillation by remembering the fingerprints of the last few boards.
///
/// Holds the fingerprints (``LifeGrid/fingerprint``) of up to ``capacity`` consecutive
/// generations, newest last. The period is the smallest `p` for which the board `p` generations
/// ago had the newest board's fingerprint, so periods up to `capacity - 1` (15: the
/// pentadecathlon's) are found; a board that only repeats over a longer cycle, or a spaceship
/// (which moves, so never repeats), reads 0. A teacher's edit starts a new history.
struct LifePeriodDetector: Sendable, Hashable {
    static let capacity = 16

    /// Fingerprints, oldest first; never empty.
    private(set) var fingerprints: [UInt64]

    /// Starts a history at one board.
    init(_ fingerprint: UInt64) { fingerprints = [fingerprint] }

    /// Restores a saved history (1...capacity fingerprints, oldest first).
    init?(restoring saved: [UInt64]) {
        guard (1...Self.capacity).contains(saved.count) else { return nil }
        fingerprints = saved
    }

    /// Records the board of the next generation.
    mutating func record(_ fingerprint: UInt64) {
        if fingerprints.count == Self.capacity { fingerprints.removeFirst() }
        fingerprints.append(fingerprint)
    }

    /// Forgets the history (after an edit) and starts again at `fingerprint`.
    mutating func reset(_ fingerprint: UInt64) { fingerprints = [fingerprint] }

    /// The newest board's fingerprint.
    var newest: UInt64 { fingerprints[fingerprints.count - 1] }

    /// The smallest period seen, or 0 when the newest board has not occurred before.
    var period: Int {
        let last = fingerprints.count - 1
        for p in stride(from: 1, through: last, by: 1) where fingerprints[last - p] == fingerprints[last] {
            return p
        }
        return 0
    }
}
