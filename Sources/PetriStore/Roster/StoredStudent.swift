import PetriProtocol

/// A student of one lesson: identity, resume token digest, score and streak.
package struct StoredStudent: Sendable, Hashable {
    /// The lesson they joined.
    var lessonId: String
    /// Their id within the lesson.
    package var studentId: StudentID
    /// Their display name, already sanitised by the caller.
    package var displayName: String
    /// The digest of their resume token; unique across all lessons.
    var resumeTokenHash: TokenHash
    /// Seconds since 1970 when they joined.
    var joinedAt: Double
    /// True once the teacher removed them.
    var kicked: Bool
    /// Their points so far.
    package var score: Int
    /// Their current run of correct answers.
    package var streak: Int

    package init(
        lessonId: String, studentId: StudentID, displayName: String, resumeTokenHash: TokenHash, joinedAt: Double,
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
package struct StudentScore: Sendable, Hashable {
    /// Their total points.
    var score: Int
    /// Their current run of correct answers.
    var streak: Int

    package init(score: Int, streak: Int) {
        self.score = score
        self.streak = streak
    }
}
