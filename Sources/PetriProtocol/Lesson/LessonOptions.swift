/// How a lesson runs its questions and names; chosen when it is created.
///
/// Every field is optional on the wire: `{"names":"generated","streakBonus":false}`.
public struct LessonOptions: Sendable, Hashable, Codable {
    /// How students get their display names.
    public enum NameMode: String, Sendable, Hashable, Codable {
        /// Students type a name (sanitised and made unique).
        case free
        /// Students get a generated name such as "Brave Otter" (for young classes).
        case generated
    }

    public var names: NameMode
    /// Adds up to 10 points for answering early within the open window.
    public var speedBonus: Bool
    /// Adds points for consecutive good answers.
    public var streakBonus: Bool
    /// How many lines of the leaderboard students see (1...100).
    public var leaderboardSize: Int
    /// A fixed number of rounds (questions), like a quiz; nil for no limit (1...100).
    public var questionLimit: Int?

    public init(
        names: NameMode = .free, speedBonus: Bool = true, streakBonus: Bool = true, leaderboardSize: Int = 10,
        questionLimit: Int? = nil
    ) {
        self.names = names
        self.speedBonus = speedBonus
        self.streakBonus = streakBonus
        self.leaderboardSize = leaderboardSize
        self.questionLimit = questionLimit
    }

    /// Says what is out of range, or nothing when every option is usable.
    public var problem: ProtocolError? {
        if !(1...100).contains(leaderboardSize) {
            return ProtocolError(.outOfRange, "leaderboardSize must be between 1 and 100, but was \(leaderboardSize).")
        }
        if let limit = questionLimit, !(1...100).contains(limit) {
            return ProtocolError(.outOfRange, "questionLimit must be between 1 and 100, but was \(limit).")
        }
        return nil
    }

    private enum CodingKeys: String, CodingKey { case names, speedBonus, streakBonus, leaderboardSize, questionLimit }

    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        let defaults = LessonOptions()
        names = try c.decodeIfPresent(NameMode.self, forKey: .names) ?? defaults.names
        speedBonus = try c.decodeIfPresent(Bool.self, forKey: .speedBonus) ?? defaults.speedBonus
        streakBonus = try c.decodeIfPresent(Bool.self, forKey: .streakBonus) ?? defaults.streakBonus
        leaderboardSize = try c.decodeIfPresent(Int.self, forKey: .leaderboardSize) ?? defaults.leaderboardSize
        questionLimit = try c.decodeIfPresent(Int.self, forKey: .questionLimit)
    }
}
