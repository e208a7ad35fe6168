import PetriProtocol

/// `petri teach new --rank-by`: what the new lesson's leaderboard ranks by (the lesson option `rankBy`).
package enum RankByOption {
    /// The option's values, as typed: `points` (the points scored, the default) or `expected` (the expected
    /// points of each answer over the replicates of its question's moment).
    package static let values = ["points", "expected"]

    /// The ranking `text` names (any letter case), or nil.
    package static func rankBy(_ text: String) -> LessonOptions.RankBy? {
        LessonOptions.RankBy(rawValue: text.lowercased())
    }

    /// The refusal of a value that names no ranking.
    package static func refusal(_ text: String) -> String {
        "--rank-by must be points (rank by the points scored) or expected (rank by expected points over the "
            + "replicates of each question's moment), but was \(text)."
    }
}
