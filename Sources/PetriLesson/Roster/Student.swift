import PetriProtocol

/// One student in a lesson's roster. Kicked students stay (their answers are results) but
/// cannot resume and are not ranked. An erased student (see `Lesson+Erasure.swift`) stays as a
/// nameless, removed slot: the class's counts keep them, nothing names them.
struct Student: Sendable, Hashable {
    let id: StudentID
    /// Empty once the teacher erased them (a name a student chose is never empty).
    var name: String
    /// The resume token the server minted at join.
    let token: AccessToken
    /// The log entry that added them; ordering by entry avoids ties that equal times would give.
    let joinedInEntry: Int
    /// Counts attachments; a `left` for an older session is ignored.
    var session = 1
    var isOnline = true
    var isKicked = false
    var score = 0
    var streak = 0
    /// The sum of their answers' expected points (the realised base points where a question had no
    /// replicates of its moment), for a lesson ranked by them.
    var expectedScore = 0
    /// What the leaderboard ranks them by: `score`, or `expectedScore` in a lesson ranked by expected
    /// points (kept by ``Roster``).
    var boardScore = 0
    /// Extra time on timed questions, percent of a limit on top (see `Lesson+ExtraTime.swift`).
    var extraTime = 0

    /// Whether the teacher erased them: no name, no reasons, removed for good.
    var isErased: Bool { name.isEmpty }

    var entry: RosterEntry {
        RosterEntry(
            student: id, name: name, online: isOnline, kicked: isKicked, score: score, streak: streak,
            extraTime: extraTime > 0 ? extraTime : nil)
    }
}
