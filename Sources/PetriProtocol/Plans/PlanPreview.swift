import PetriWords

/// What a plan would do with one seed, run on a private copy of the simulation before class (`planPreview`,
/// answering `previewPlan`): each question's outcome with this seed, and the spread of the same question over
/// replicates of the moment it is asked, so a teacher can tell a question everyone gets right from one nobody could.
package struct PlanPreview: Sendable, Hashable, Codable {
    /// The metric over replicates of the moment a question is asked, at its target generation.
    package struct Spread: Sendable, Hashable, Codable {
        /// How many replicates gave a value.
        package var count: Int
        package var min: Double
        /// The 10th percentile.
        package var low: Double
        package var median: Double
        /// The 90th percentile.
        package var high: Double
        package var max: Double

        package init(count: Int, min: Double, low: Double, median: Double, high: Double, max: Double) {
            (self.count, self.min, self.low, self.median, self.high, self.max) = (count, min, low, median, high, max)
        }

        /// The spread of `values` (NaN left out); nil when none is a number.
        package init?(of values: [Double]) {
            let sorted = values.filter { !$0.isNaN }.sorted()
            guard let first = sorted.first, let last = sorted.last else { return nil }
            func at(_ fraction: Double) -> Double { sorted[Int((Double(sorted.count - 1) * fraction).rounded())] }
            self.init(count: sorted.count, min: first, low: at(0.1), median: at(0.5), high: at(0.9), max: last)
        }
    }

    /// One question of the plan as the preview asked it.
    package struct Question: Sendable, Hashable, Codable {
        /// The ask moment's index in the plan (from 0) and its line in the file.
        package var moment: Int
        package var line: Int
        package var prompt: String?
        package var metric: String
        package var kind: QuestionKind
        package var askedAt: Int
        package var target: Int
        /// The metric's value when asked.
        package var asked: Double?
        /// The metric's value at the target with this seed (nil when the preview stopped before it).
        package var outcome: Double?
        /// For a choice question, the option that came true.
        package var correctOption: Int?
        /// For a probability question, whether the event happened.
        package var happened: Bool?
        /// The replicates' spread at the target (nil when none ran).
        package var spread: Spread?
        /// For a choice question, how many replicates ended in each option, in the options' order (a replicate
        /// for which no option held counts in none), so the teacher tells a question one option always wins (trivial)
        /// from one no option wins often (a matter of luck); nil when none ran.
        package var optionCounts: [Int]?

        package init(
            moment: Int, line: Int, prompt: String?, metric: String, kind: QuestionKind, askedAt: Int, target: Int,
            asked: Double? = nil, outcome: Double? = nil, correctOption: Int? = nil, happened: Bool? = nil,
            spread: Spread? = nil, optionCounts: [Int]? = nil
        ) {
            self.moment = moment
            self.line = line
            self.prompt = prompt
            self.metric = metric
            self.kind = kind
            self.askedAt = askedAt
            self.target = target
            self.asked = asked
            self.outcome = outcome
            self.correctOption = correctOption
            self.happened = happened
            self.spread = spread
            self.optionCounts = optionCounts
        }
    }

    /// A hunt moment of the plan as the preview reached it: where the class hunts. A preview has no class, so it
    /// catches nothing there; what a hunt removes, and so every question after it, depends on the class.
    package struct Hunt: Sendable, Hashable, Codable {
        /// The hunt moment's index in the plan (from 0) and its line in the file.
        package var moment: Int
        package var line: Int
        /// The generation the class hunts in.
        package var generation: Int

        package init(moment: Int, line: Int, generation: Int) {
            (self.moment, self.line, self.generation) = (moment, line, generation)
        }
    }

    /// The seed the preview ran with (as text on the wire, like every seed).
    package var seed: UInt64
    /// How many replicates each question's spread ran.
    package var replicates: Int
    package var questions: [Question]
    /// The generation the preview reached.
    package var generation: Int
    /// Whether the plan ran to its end (false: the preview stopped at its bounds first).
    package var finished: Bool
    /// The plan's hunt moments the preview reached, in order (absent on the wire when there are none).
    package var hunts: [Hunt]

    package init(
        seed: UInt64, replicates: Int, questions: [Question], generation: Int, finished: Bool, hunts: [Hunt] = []
    ) {
        self.hunts = hunts
        self.seed = seed
        self.replicates = replicates
        self.questions = questions
        self.generation = generation
        self.finished = finished
    }

    private enum Keys: String, CodingKey { case seed, replicates, questions, generation, finished, hunts }

    package init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: Keys.self)
        guard let seed = UInt64(try c.decodeText(.seed, limit: 20)) else {
            throw ProtocolError(.invalidField, ProtocolWords.word("protocol.seed.notText"))
        }
        self.seed = seed
        replicates = try c.decodeWhole(.replicates)
        questions = try c.decode([Question].self, forKey: .questions)
        generation = try c.decodeWhole(.generation)
        finished = try c.decode(Bool.self, forKey: .finished)
        hunts = try c.decodeIfPresent([Hunt].self, forKey: .hunts) ?? []
    }

    package func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: Keys.self)
        try c.encode(String(seed), forKey: .seed)
        try c.encode(replicates, forKey: .replicates)
        try c.encode(questions, forKey: .questions)
        try c.encode(generation, forKey: .generation)
        try c.encode(finished, forKey: .finished)
        if !hunts.isEmpty { try c.encode(hunts, forKey: .hunts) }
    }
}

/// A mistake in a plan file, as `planProblems` lists them: its line (1-based) and a sentence saying what to fix (in
/// the requester's language: a plain string on the wire, as before).
package struct PlanProblem: Sendable, Hashable, Codable {
    package var line: Int
    package var sentence: Sentence

    package init(line: Int, sentence: Sentence) {
        self.line = line
        self.sentence = sentence
    }
}
