import PetriProtocol

/// One student in a lesson's roster. Kicked students stay (their answers are results) but
/// cannot resume and are not ranked. An erased student (see `Lesson+Erasure.swift`) stays as a
/// nameless, removed slot: the class's statistics keep their answers (``countsInClass``), nothing names them.
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

    /// Whether their answers count in the class's anonymous statistics (answer spreads, the class's calibration and
    /// expected points): everyone's but a removed student's. An erased student's still count, nameless (a student
    /// removed before they were erased has no answers left: `Lesson.erase(_:)`).
    var countsInClass: Bool { !isKicked || isErased }

    var entry: RosterEntry {
        RosterEntry(
            student: id, name: name, online: isOnline, kicked: isKicked, score: score, streak: streak,
            extraTime: extraTime > 0 ? extraTime : nil)
    }
}
