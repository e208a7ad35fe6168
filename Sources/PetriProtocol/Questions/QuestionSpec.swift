/// What a teacher asks: a metric, a kind of answer, how far ahead, and the rules of answering.
///
/// ```json
/// {"type":"ask","metric":"population","kind":"number","horizon":10,"timeLimit":60,
///  "hint":"Look at the last five generations.","allowChange":true,"prompt":"How many moths?"}
/// ```
/// The lesson checks the content (metric exists, 2...8 options, horizon 1...1000, ...). With `"horizonIn":"hunts"`
/// the horizon counts hunt rounds instead of generations: the question resolves when the lesson has completed that
/// many rounds of the class's hunting after it was asked (a lesson whose `selection` is `class` or `both`).
package struct QuestionSpec: Sendable, Hashable, Codable {
    /// The metric, as `population` or `cell(3,4)`.
    package var metric: String
    package var kind: QuestionKind
    /// Generations ahead (or hunt rounds, see `horizonIn`): the question resolves at the asking generation +
    /// `horizon`.
    package var horizon: Int
    /// What `horizon` counts: generations (the default), or the class's hunt rounds.
    package var horizonIn: HorizonUnit
    /// Seconds until answers lock, if sooner than the next step.
    package var timeLimit: Int?
    /// Text a student may reveal at the cost of half the points.
    package var hint: String?
    /// Whether a student may change the answer until the question locks.
    package var allowChange: Bool
    /// The teacher's own wording, shown above the question.
    package var prompt: String?

    package init(
        metric: String, kind: QuestionKind, horizon: Int, timeLimit: Int? = nil, hint: String? = nil,
        allowChange: Bool = true, prompt: String? = nil, horizonIn: HorizonUnit = .generations
    ) {
        self.metric = metric
        self.kind = kind
        self.horizon = horizon
        self.horizonIn = horizonIn
        self.timeLimit = timeLimit
        self.hint = hint
        self.allowChange = allowChange
        self.prompt = prompt
    }

    private enum CodingKeys: String, CodingKey { case metric, horizon, horizonIn, timeLimit, hint, allowChange, prompt }

    package init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        metric = try c.decodeText(.metric, limit: TextLimit.metric)
        kind = try QuestionKind(from: decoder)
        horizon = try c.decodeWhole(.horizon)
        horizonIn = try c.decodeIfPresent(HorizonUnit.self, forKey: .horizonIn) ?? .generations
        timeLimit = try c.decodeWholeIfPresent(.timeLimit)
        hint = try c.decodeTextIfPresent(.hint, limit: TextLimit.hint)
        allowChange = try c.decodeIfPresent(Bool.self, forKey: .allowChange) ?? true
        prompt = try c.decodeTextIfPresent(.prompt, limit: TextLimit.prompt)
    }

    package func encode(to encoder: any Encoder) throws {
        try kind.encode(to: encoder)
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(metric, forKey: .metric)
        try c.encode(horizon, forKey: .horizon)
        if horizonIn != .generations { try c.encode(horizonIn, forKey: .horizonIn) }
        try c.encodeIfPresent(timeLimit, forKey: .timeLimit)
        try c.encodeIfPresent(hint, forKey: .hint)
        try c.encode(allowChange, forKey: .allowChange)
        try c.encodeIfPresent(prompt, forKey: .prompt)
    }
}

/// What a question's horizon counts.
package enum HorizonUnit: String, Sendable, Hashable, Codable, CaseIterable {
    /// Generations of the simulation.
    case generations
    /// Rounds of the class's hunting (section 5.8): completed rounds after the question was asked.
    case hunts
}
