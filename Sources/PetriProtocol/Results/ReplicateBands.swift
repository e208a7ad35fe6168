import PetriWords

/// "What else could have happened?": a metric's spread over replicates of the lesson's present.
///
/// Replicates are copies of the lesson's model at `generation`, each with its own random future,
/// stepped `horizon` generations ahead (the lesson itself does not change). Index `i` of `median`,
/// `low` and `high` is generation `generation + i`, so a client draws the band behind the real run's
/// line on the same axis.
package struct ReplicateBands: Sendable, Hashable, Codable {
    /// The timeline of the real run they branch from (a rewind or restore makes them stale).
    package var timeline: Int
    /// The generation they start from.
    package var generation: Int
    /// The metric, as a question names it (`meanTrait`, `cell(3,4)`).
    package var metric: String
    /// How many replicates ran.
    package var replicates: Int
    /// How many generations each ran ahead.
    package var horizon: Int
    /// The median at each generation (horizon + 1 values).
    package var median: [Double]
    /// The 10th percentile at each generation: one replicate in ten was lower.
    package var low: [Double]
    /// The 90th percentile at each generation: one replicate in ten was higher.
    package var high: [Double]
    /// The generation at which each replicate that ended (e.g. went extinct) did so, ascending.
    package var extinctAt: [Int]

    package init(
        timeline: Int, generation: Int, metric: String, replicates: Int, horizon: Int, median: [Double],
        low: [Double], high: [Double], extinctAt: [Int]
    ) {
        self.timeline = timeline
        self.generation = generation
        self.metric = metric
        self.replicates = replicates
        self.horizon = horizon
        self.median = median
        self.low = low
        self.high = high
        self.extinctAt = extinctAt
    }

    /// The fraction of replicates that ended within the horizon (0...1).
    package var extinctFraction: Double { replicates > 0 ? Double(extinctAt.count) / Double(replicates) : 0 }
}

/// Where a resolved question's actual value fell among the latest replicates of its metric.
package struct ReplicateStanding: Sendable, Hashable, Codable {
    /// The generation the replicates started from.
    package var generation: Int
    /// How many replicates reached the question's target generation.
    package var replicates: Int
    /// How many of them ended strictly below the actual value.
    package var below: Int
    /// How many ended exactly at it.
    package var equal: Int

    package init(generation: Int, replicates: Int, below: Int, equal: Int) {
        self.generation = generation
        self.replicates = replicates
        self.below = below
        self.equal = equal
    }

    /// One sentence for every screen, e.g. "The real run ended above 8 of the 10 runs that could have happened.",
    /// rendered in its reader's language.
    package var word: Word {
        let counts: [String: WordArgument] = ["below": .int(below), "count": .int(replicates), "equal": .int(equal)]
        return equal > 0
            ? ProtocolWords.word("protocol.standing.aboveLevel", counts)
            : ProtocolWords.word("protocol.standing.above", counts)
    }

    /// The sentence in English.
    package var sentence: String { word.text() }
}
