import PetriProtocol

/// A student of one lesson: identity, resume token digest, score and streak.
public struct StoredStudent: Sendable, Hashable {
    /// The lesson they joined.
    public var lessonId: String
    /// Their id within the lesson.
    public var studentId: String
    /// Their display name, already sanitised by the caller.
    public var displayName: String
    /// The digest of their resume token; unique across all lessons.
    public var resumeTokenHash: TokenHash
    /// Seconds since 1970 when they joined.
    public var joinedAt: Double
    /// True once the teacher removed them.
    public var kicked: Bool
    /// Their points so far.
    public var score: Int
    /// Their current run of correct answers.
    public var streak: Int

    public init(
        lessonId: String, studentId: String, displayName: String, resumeTokenHash: TokenHash, joinedAt: Double,
        kicked: Bool = false, score: Int = 0, streak: Int = 0
    ) {
        self.lessonId = lessonId
        self.studentId = studentId
        self.displayName = displayName
        self.resumeTokenHash = resumeTokenHash
        self.joinedAt = joinedAt
        self.kicked = kicked
        self.score = score
        self.streak = streak
    }
}

/// A student's score and streak after a question is resolved.
public struct StudentScore: Sendable, Hashable {
    /// Their total points.
    public var score: Int
    /// Their current run of correct answers.
    public var streak: Int

    public init(score: Int, streak: Int) {
        self.score = score
        self.streak = streak
    }
}
