import PetriProtocol

/// How a lesson is set up: the teacher's options plus the server's tuning.
public struct LessonConfiguration: Sendable, Hashable, Codable {
    /// The teacher's choices (names, bonuses, leaderboard size, number of rounds).
    public var options: LessonOptions
    /// Seeds the generated display names (the server draws it from its secure generator;
    /// it is not the simulation's seed and reveals nothing about the simulation).
    public var nameSeed: UInt64
    /// Generations between the in-memory checkpoints that make rewinds fast.
    public var checkpointInterval: Int
    /// The most in-memory checkpoints kept; past it they are thinned to every other one.
    public var maxCheckpoints: Int
    /// Generations per `history` page.
    public var historyPageSize: Int
    /// The lesson refuses to go past this generation (each one's stats are kept in memory).
    public var maxGenerations: Int
    /// The plan the lesson runs, as it was when the lesson was created (nil for a lesson without a plan).
    public var plan: PlanCopy?

    public init(
        options: LessonOptions = LessonOptions(), nameSeed: UInt64 = 0, checkpointInterval: Int = 32,
        maxCheckpoints: Int = 64, historyPageSize: Int = 500, maxGenerations: Int = 100_000, plan: PlanCopy? = nil
    ) {
        self.plan = plan
        self.options = options
        self.nameSeed = nameSeed
        self.checkpointInterval = max(1, checkpointInterval)
        self.maxCheckpoints = max(2, maxCheckpoints)
        self.historyPageSize = max(1, historyPageSize)
        self.maxGenerations = max(1, maxGenerations)
    }
}
