/// How one answer's points were made up.
///
/// `total = (hintTaken ? round(base / 2) : base) + speed + streak`.
package struct ScoreBreakdown: Sendable, Hashable, Codable {
    /// Points from the scoring formula alone, 0...1000.
    package var base: Int
    /// Whether the hint was taken (which halves `base`).
    package var hintTaken: Bool
    /// The early-answer tie-break, 0...10 (0 when switched off or the answer scored nothing).
    package var speed: Int
    /// The streak bonus (0 when switched off or the answer was not good).
    package var streak: Int
    /// What the answer added to the student's score.
    package var total: Int

    package init(base: Int, hintTaken: Bool, speed: Int, streak: Int, total: Int) {
        self.base = base
        self.hintTaken = hintTaken
        self.speed = speed
        self.streak = streak
        self.total = total
    }
}
