/// What a teacher asks: a metric, a kind of answer, how far ahead, and the rules of answering.
///
/// ```json
/// {"type":"ask","metric":"population","kind":"number","horizon":10,"timeLimit":60,
///  "hint":"Look at the last five generations.","allowChange":true,"prompt":"How many moths?"}
/// ```
/// The lesson checks the content (metric exists, 2...8 options, horizon 1...1000, ...).
package struct QuestionSpec: Sendable, Hashable, Codable {
    /// The metric, as `population` or `cell(3,4)`.
    package var metric: String
    package var kind: QuestionKind
    /// Generations ahead: the question resolves at the asking generation + `horizon`.
    package var horizon: Int
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
        allowChange: Bool = true, prompt: String? = nil
    ) {
        self.metric = metric
        self.kind = kind
        self.horizon = horizon
        self.timeLimit = timeLimit
        self.hint = hint
        self.allowChange = allowChange
        self.prompt = prompt
    }

    private enum CodingKeys: String, CodingKey { case metric, horizon, timeLimit, hint, allowChange, prompt }

    package init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        metric = try c.decodeText(.metric, limit: TextLimit.metric)
        kind = try QuestionKind(from: decoder)
        horizon = try c.decodeWhole(.horizon)
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
        try c.encodeIfPresent(timeLimit, forKey: .timeLimit)
        try c.encodeIfPresent(hint, forKey: .hint)
        try c.encode(allowChange, forKey: .allowChange)
        try c.encodeIfPresent(prompt, forKey: .prompt)
    }
}
