import PetriProtocol
import PetriSimulation

/// The scoring formulas, exactly as the lesson applies them.
///
/// - number: `round(1000 × max(0, 1 − |p − a| / tolerance))`
/// - choice: 1000 for the option that came true, else 0
/// - probability: `round(1000 × (1 − (p − o)²))` with o = 1 if the event happened, else 0 (Brier)
///
/// Then the hint halves the base (`round(base / 2)`, halves rounding up), the speed tie-break
/// adds `round(10 × (1 − t / w))` for an answer `t` ms into a `w` ms open window (only when the
/// base is above 0), and the streak bonus adds `min(50 × (streak − 1), 200)` for a good answer.
/// `round` rounds halves away from zero.
public enum Scoring {
    /// The most points the formula gives one answer.
    public static let maxPoints = 1000
    /// The most the speed tie-break adds.
    public static let maxSpeedBonus = 10
    /// The most the streak bonus adds.
    public static let maxStreakBonus = 200

    /// Points for a numeric prediction.
    ///
    /// - Parameters:
    ///   - prediction: The student's number.
    ///   - actual: The metric's value at resolution.
    ///   - tolerance: How far off scores 0 (positive).
    ///
    /// Total on any doubles: a difference that overflows, or a non-finite input, scores 0.
    public static func number(prediction: Double, actual: Double, tolerance: Double) -> Int {
        guard tolerance > 0 else { return prediction == actual ? maxPoints : 0 }
        return points(closeness: 1 - abs(prediction - actual) / tolerance)
    }

    /// Points for a choice: all or nothing.
    public static func choice(chosen: Int, correct: Int?) -> Int { chosen == correct ? maxPoints : 0 }

    /// Points for a probability that an event happens (Brier score, scaled).
    public static func probability(_ p: Double, happened: Bool) -> Int {
        // Clamped, so a probability that somehow bypassed the answer check still scores 0...1000.
        let miss = min(1, max(0, p.isNaN ? 0.5 : p)) - (happened ? 1 : 0)
        return points(closeness: 1 - miss * miss)
    }

    /// `round(1000 × closeness)` with closeness clamped to 0...1 (NaN counts as 0): never traps.
    static func points(closeness: Double) -> Int {
        guard closeness.isFinite, closeness > 0 else { return 0 }
        let scaled = (Double(maxPoints) * min(1, closeness)).rounded(.toNearestOrAwayFromZero)
        return Int(exactly: scaled) ?? 0
    }

    /// Half the points, halves rounding up: the price of a hint.
    public static func halved(_ points: Int) -> Int { (points + 1) / 2 }

    /// The early-answer tie-break.
    ///
    /// - Parameters:
    ///   - elapsed: Milliseconds from the question opening to the answer.
    ///   - window: Milliseconds from the question opening to its lock.
    public static func speedBonus(elapsed: Int64, window: Int64) -> Int {
        guard window > 0 else { return 0 }
        let fraction = 1 - Double(min(max(elapsed, 0), window)) / Double(window)
        return Int((Double(maxSpeedBonus) * fraction).rounded(.toNearestOrAwayFromZero))
    }

    /// The streak bonus for the `streak`-th good answer in a row (the first earns nothing).
    public static func streakBonus(streak: Int) -> Int { min(max(0, 50 * (streak - 1)), maxStreakBonus) }

    /// Whether an answer was good enough to extend a streak.
    ///
    /// A number within half the tolerance (base ≥ 500), the right choice, or a probability
    /// that leaned the right way (better than the 750 of a coin-flip 0.5).
    public static func isGood(base: Int, for kind: QuestionKind) -> Bool {
        switch kind {
        case .probability: base > 750
        case .choice: base == maxPoints
        case .number: base >= 500
        }
    }

    /// The tolerance of a number question when the teacher gives none.
    ///
    /// The metric's own ``MetricDescriptor/tolerance`` when it states one (beak depth → 0.3 mm);
    /// else a tenth of the metric's range when it is bounded (trait 1...100 → 9.9; a yes/no
    /// metric → 0.1); otherwise a fifth of its value when asked, but at least 1
    /// (population 120 → 24).
    public static func defaultTolerance(for metric: MetricDescriptor, askedValue: Double) -> Double {
        if let tolerance = metric.tolerance { return tolerance }
        if let range = metric.range, range.upperBound > range.lowerBound {
            return (range.upperBound - range.lowerBound) / 10
        }
        return max(1, abs(askedValue) / 5)
    }
}
