import PetriProtocol

/// `petri teach new --makeup-ranking`: where the new lesson ranks make-up students (the lesson option
/// `makeupRanking`).
package enum MakeupRankingOption {
    /// The option's values, as typed: `apart` (among themselves; the class's leaderboard stays the class's, the
    /// default) or `with-class` (among the class: the class's leaderboard changes as they play).
    package static let values = ["apart", "with-class"]

    /// The ranking `text` names (any letter case; `withClass`, as the protocol spells it, too), or nil.
    package static func ranking(_ text: String) -> LessonOptions.MakeupRanking? {
        switch text.lowercased() {
        case "apart": .apart
        case "with-class", "withclass": .withClass
        default: nil
        }
    }

    /// The refusal of a value that names no ranking.
    package static func refusal(_ text: String) -> String {
        "--makeup-ranking must be apart (make-up students ranked among themselves, the class's leaderboard "
            + "unchanged) or with-class (ranked among the class, whose leaderboard then changes as they play), "
            + "but was \(text)."
    }
}
