import PetriProtocol

/// Something an accepted command established that a store keeps in its own tables beside the
/// log (who is in the class, who answered what, how questions were scored), so that it can
/// answer queries and enforce its own rules (one answer per student per question) without
/// replaying the log.
///
/// The lesson states these facts itself, in the ``LessonEffect/persist(_:facts:)`` effect of
/// the command that established them: nobody re-derives them from the other effects.
package enum LessonFact: Sendable, Hashable {
    /// A student joined; `token` is their resume token as the lesson holds it (the digest the
    /// server handed it, for lessons created by this version).
    case joined(StudentID, name: String, token: AccessToken)
    /// The teacher removed a student for good.
    case kicked(StudentID)
    /// A student answered, or changed their answer; `usedHint` says whether they had taken the
    /// question's hint by then, and `allowsChange` whether the question lets them change it.
    /// `reason` is the student's reason, sanitised (nil when they gave none).
    case answered(
        QuestionID, by: StudentID, prediction: Prediction, usedHint: Bool, allowsChange: Bool, reason: String? = nil)
    /// A student took a question's hint (marks an answer they already gave; a later answer
    /// says so itself).
    case tookHint(QuestionID, by: StudentID)
    /// A question was scored: points for each student whose answer was scored, and every
    /// student's score and streak right after (offline and removed ones included: they get no
    /// personal result, but their scores and streaks change all the same).
    case resolved(QuestionID, points: [StudentID: Int], scores: [StudentID: StudentStanding])
}
