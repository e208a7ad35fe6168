import PetriProtocol
import PetriSimulation

/// The scoring formulas, exactly as the lesson applies them (each kind's own formula is in its
/// file under `Kinds/`).
///
/// - number: `round(1000 × max(0, 1 − |p − a| / tolerance))`
/// - choice: 1000 for the option that came true, else 0
/// - probability: `round(1000 × (1 − (p − o)²))` with o = 1 if the event happened, else 0 (Brier)
/// - range: `round(1000 × max(0, 1 − (miss + (α/2)·width) / tolerance))`, α = 1 − confidence/100
///   (the interval score, scaled)
///
/// Then the hint halves the base (`round(base / 2)`, halves rounding up), the speed tie-break
/// adds `round(10 × (1 − t / w))` for an answer `t` ms into a `w` ms open window (only when the
/// base is above 0), and the streak bonus adds `min(50 × (streak − 1), 200)` for a good answer.
/// `round` rounds halves away from zero.
enum Scoring {
    /// The most points the formula gives one answer.
    static let maxPoints = 1000
    /// The most the speed tie-break adds.
    static let maxSpeedBonus = 10
    /// The most the streak bonus adds.
    static let maxStreakBonus = 200

    /// `round(1000 × closeness)` with closeness clamped to 0...1 (NaN counts as 0): never traps.
    static func points(closeness: Double) -> Int {
        guard closeness.isFinite, closeness > 0 else { return 0 }
        let scaled = (Double(maxPoints) * min(1, closeness)).rounded(.toNearestOrAwayFromZero)
        return Int(exactly: scaled) ?? 0
    }

    /// Half the points, halves rounding up: the price of a hint.
    package static func halved(_ points: Int) -> Int { (points + 1) / 2 }

    /// The early-answer tie-break.
    ///
    /// - Parameters:
    ///   - elapsed: Milliseconds from the question opening to the answer.
    ///   - window: Milliseconds from the question opening to its lock.
    package static func speedBonus(elapsed: Int64, window: Int64) -> Int {
        guard window > 0 else { return 0 }
        let fraction = 1 - Double(min(max(elapsed, 0), window)) / Double(window)
        return Int((Double(maxSpeedBonus) * fraction).rounded(.toNearestOrAwayFromZero))
    }

    /// The streak bonus for the `streak`-th good answer in a row (the first earns nothing).
    package static func streakBonus(streak: Int) -> Int { min(max(0, 50 * (streak - 1)), maxStreakBonus) }

    /// Whether an answer was good enough to extend a streak.
    ///
    /// A number or range within half the tolerance (base ≥ 500), the right choice, or a probability
    /// that leaned the right way (better than the 750 of a coin-flip 0.5).
    static func isGood(base: Int, for kind: QuestionKind) -> Bool { kind.rules.isGood(base: base) }
}
