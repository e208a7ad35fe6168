/// One student as the teacher sees them.
package struct RosterEntry: Sendable, Hashable, Codable {
    package var student: StudentID
    package var name: String
    /// Whether a connection is attached right now.
    package var online: Bool
    /// Whether the teacher removed them.
    package var kicked: Bool
    package var score: Int
    package var streak: Int
    /// Extra time on timed questions, percent of the limit on top (absent: none).
    package var extraTime: Int?
    /// When a make-up student joined the lesson's make-up (absent for the class's own students).
    package var makeup: Timestamp?

    package init(
        student: StudentID, name: String, online: Bool, kicked: Bool, score: Int, streak: Int, extraTime: Int? = nil,
        makeup: Timestamp? = nil
    ) {
        self.student = student
        self.name = name
        self.online = online
        self.kicked = kicked
        self.score = score
        self.streak = streak
        self.extraTime = extraTime
        self.makeup = makeup
    }
}
