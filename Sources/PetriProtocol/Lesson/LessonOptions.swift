import PetriWords

/// How a lesson runs its questions and names; chosen when it is created.
///
/// Every field is optional on the wire: `{"names":"generated","streakBonus":false}`.
package struct LessonOptions: Sendable, Hashable, Codable {
    /// How students get their display names.
    package enum NameMode: String, Sendable, Hashable, Codable {
        /// Students type a name (sanitised and made unique).
        case free
        /// Students get a generated name such as "Brave Otter" (for young classes).
        case generated
    }

    /// What students and the projector see of other students' names on leaderboards.
    package enum LeaderboardNames: String, Sendable, Hashable, Codable {
        /// Display names, as always.
        case names
        /// Initials only: "Brave Otter" shows as "BO".
        case initials
        /// Ranks and scores only: every name is the empty string.
        case anonymous
    }

    /// When the class's spread of predictions reaches students and the projector.
    package enum SpreadReveal: String, Sendable, Hashable, Codable {
        /// At resolution, or earlier when the teacher sends `showAnswers` (after a discussion).
        case onRequest
        /// Only at resolution; `showAnswers` is refused (the behaviour before `showAnswers`).
        case atResolution
    }

    /// Whether replicates run by themselves when a question locks.
    package enum ReplicateRuns: String, Sendable, Hashable, Codable {
        /// Only when the teacher asks (`replicates`).
        case manual
        /// Also when a question locks: ``autoReplicateCount`` replicates of that moment, as far as its target,
        /// so each answer gets its expected points at resolution (unless it resolves before they finish).
        case onLock
    }

    /// What the leaderboard ranks students by.
    package enum RankBy: String, Sendable, Hashable, Codable {
        /// The points they scored (the default).
        case points
        /// The expected points of their answers over the replicates of each question's moment (judgement
        /// apart from luck); a question without such replicates counts its realised base points.
        case expected
    }

    /// Where make-up students (PROTOCOL.md 5.9) are ranked.
    package enum MakeupRanking: String, Sendable, Hashable, Codable {
        /// Among themselves (the default): the class's leaderboards stay the class's, and the report and the
        /// results rank make-up students in a ranking of their own beside it.
        case apart
        /// Among the class: their results' standing, the report's ranks and every leaderboard the class and the
        /// teacher get include them, so the class's board changes when a make-up student scores.
        case withClass
    }

    /// How many replicates `onLock` runs.
    package static let autoReplicateCount = 100

    package var names: NameMode
    /// Adds up to 10 points for answering early within the open window.
    package var speedBonus: Bool
    /// Adds points for consecutive good answers.
    package var streakBonus: Bool
    /// How many lines of the leaderboard students see (1...100).
    package var leaderboardSize: Int
    /// A fixed number of rounds (questions), like a quiz; nil for no limit (1...100).
    package var questionLimit: Int?
    /// Names on what students and observers see of the leaderboard (the teacher's keeps names).
    package var leaderboard: LeaderboardNames
    /// Whether the teacher may show the spread before resolution.
    package var spread: SpreadReveal
    /// The lesson's language (a BCP 47 tag): what a connection that asks for none reads; nil for English.
    package var language: String?
    /// Whether replicates run by themselves when a question locks.
    package var replicates: ReplicateRuns = .manual
    /// What the leaderboard ranks by.
    package var rankBy: RankBy = .points
    /// What decides which creatures die (`formula`, `class` or `both`); anything but `formula` needs a model drawn
    /// as creatures on a background. The teacher may change it between generations (`setSelection`).
    package var selection: SelectionMode = .formula
    /// Where make-up students are ranked.
    package var makeupRanking: MakeupRanking = .apart

    package init(
        names: NameMode = .free, speedBonus: Bool = true, streakBonus: Bool = true, leaderboardSize: Int = 10,
        questionLimit: Int? = nil, leaderboard: LeaderboardNames = .names, spread: SpreadReveal = .onRequest,
        language: String? = nil
    ) {
        self.names = names
        self.speedBonus = speedBonus
        self.streakBonus = streakBonus
        self.leaderboardSize = leaderboardSize
        self.questionLimit = questionLimit
        self.leaderboard = leaderboard
        self.spread = spread
        self.language = language
    }

    /// Says what is out of range, or nothing when every option is usable.
    package var problem: ProtocolError? {
        if !(1...100).contains(leaderboardSize) {
            return ProtocolError(
                .outOfRange, ProtocolWords.word("protocol.options.leaderboardSize", ["value": .int(leaderboardSize)]))
        }
        if let limit = questionLimit, !(1...100).contains(limit) {
            return ProtocolError(
                .outOfRange, ProtocolWords.word("protocol.options.questionLimit", ["value": .int(limit)]))
        }
        if let language, language.utf8.count > 35 || Language(language) == nil {
            return ProtocolError(.invalidField, ProtocolWords.word("protocol.language.invalidOption"))
        }
        return nil
    }

    private enum CodingKeys: String, CodingKey {
        case names, speedBonus, streakBonus, leaderboardSize, questionLimit, leaderboard, spread, language, replicates
        case rankBy
        case selection
        case makeupRanking
    }

    package init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        let defaults = LessonOptions()
        names = try c.decodeIfPresent(NameMode.self, forKey: .names) ?? defaults.names
        speedBonus = try c.decodeIfPresent(Bool.self, forKey: .speedBonus) ?? defaults.speedBonus
        streakBonus = try c.decodeIfPresent(Bool.self, forKey: .streakBonus) ?? defaults.streakBonus
        leaderboardSize = try c.decodeIfPresent(Int.self, forKey: .leaderboardSize) ?? defaults.leaderboardSize
        questionLimit = try c.decodeIfPresent(Int.self, forKey: .questionLimit)
        leaderboard = try c.decodeIfPresent(LeaderboardNames.self, forKey: .leaderboard) ?? defaults.leaderboard
        spread = try c.decodeIfPresent(SpreadReveal.self, forKey: .spread) ?? defaults.spread
        language = try c.decodeIfPresent(String.self, forKey: .language)
        replicates = try c.decodeIfPresent(ReplicateRuns.self, forKey: .replicates) ?? defaults.replicates
        rankBy = try c.decodeIfPresent(RankBy.self, forKey: .rankBy) ?? defaults.rankBy
        selection = try c.decodeIfPresent(SelectionMode.self, forKey: .selection) ?? defaults.selection
        makeupRanking =
            try c.decodeIfPresent(MakeupRanking.self, forKey: .makeupRanking) ?? defaults.makeupRanking
    }

    /// Writes `leaderboard`, `spread`, `language`, `replicates`, `rankBy`, `selection` and `makeupRanking` only when
    /// they differ from the defaults, so lessons stored, and welcomes sent, before these options existed keep the same bytes.
    package func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(names, forKey: .names)
        try c.encode(speedBonus, forKey: .speedBonus)
        try c.encode(streakBonus, forKey: .streakBonus)
        try c.encode(leaderboardSize, forKey: .leaderboardSize)
        try c.encodeIfPresent(questionLimit, forKey: .questionLimit)
        if leaderboard != .names { try c.encode(leaderboard, forKey: .leaderboard) }
        if spread != .onRequest { try c.encode(spread, forKey: .spread) }
        try c.encodeIfPresent(language, forKey: .language)
        if replicates != .manual { try c.encode(replicates, forKey: .replicates) }
        if rankBy != .points { try c.encode(rankBy, forKey: .rankBy) }
        if selection != .formula { try c.encode(selection, forKey: .selection) }
        if makeupRanking != .apart { try c.encode(makeupRanking, forKey: .makeupRanking) }
    }
}
