/// Where a question is in its life: open → locked → resolved, or cancelled.
package enum QuestionState: String, Sendable, Hashable, Codable {
    /// Accepting answers.
    case open
    /// No more answers; waiting for the simulation to reach the target generation.
    case locked
    /// Scored; the actual value is known.
    case resolved
    /// Withdrawn without scoring (a rewind undid it, the lesson ended, or the metric had no value).
    case cancelled
}

/// Why a question stopped accepting answers.
package enum LockReason: String, Sendable, Hashable, Codable {
    /// The simulation advanced past the generation the question was asked at.
    case advanced
    /// The question's time limit ran out.
    case timeLimit
    /// The teacher closed it.
    case closedByTeacher
}
