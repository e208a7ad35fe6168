import PetriProtocol

/// How a lesson is set up: the teacher's options plus the server's tuning.
package struct LessonConfiguration: Sendable, Hashable, Codable {
    /// The teacher's choices (names, bonuses, leaderboard size, number of rounds).
    package var options: LessonOptions
    /// Seeds the generated display names (the server draws it from its secure generator;
    /// it is not the simulation's seed and reveals nothing about the simulation).
    package var nameSeed: UInt64
    /// Generations between the in-memory checkpoints that make rewinds fast.
    package var checkpointInterval: Int
    /// The most in-memory checkpoints kept; past it they are thinned to every other one.
    var maxCheckpoints: Int
    /// Generations per `history` page.
    var historyPageSize: Int
    /// The lesson refuses to go past this generation (each one's stats are kept in memory).
    package var maxGenerations: Int
    /// The plan the lesson runs, as it was when the lesson was created (nil for a lesson without a plan).
    package var plan: PlanCopy?

    package init(
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
