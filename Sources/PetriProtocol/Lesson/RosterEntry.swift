/// One student as the teacher sees them.
public struct RosterEntry: Sendable, Hashable, Codable {
    public var student: StudentID
    public var name: String
    /// Whether a connection is attached right now.
    public var online: Bool
    /// Whether the teacher removed them.
    public var kicked: Bool
    public var score: Int
    public var streak: Int

    public init(student: StudentID, name: String, online: Bool, kicked: Bool, score: Int, streak: Int) {
        self.student = student
        self.name = name
        self.online = online
        self.kicked = kicked
        self.score = score
        self.streak = streak
    }
}
