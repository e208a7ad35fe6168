/// A question as every client sees it: no hint text (only whether there is one), no answers.
///
/// ```json
/// {"type":"question","id":3,"metric":"population","metricDescription":"Creatures alive",
///  "unit":"creatures","kind":"number","tolerance":24,"askedAt":12,"target":22,"askedValue":120,
///  "openedAt":1741080000000,"closesAt":1741080060000,"hasHint":true,"allowChange":true,
///  "prompt":"How many moths at generation 22?","state":"open"}
/// ```
package struct QuestionInfo: Sendable, Hashable, Codable {
    package var id: QuestionID
    package var metric: String
    package var metricDescription: String
    package var unit: String
    /// The kind, with the tolerance or event the lesson settled on (defaults filled in).
    package var kind: QuestionKind
    /// The generation it was asked at; it locks when the simulation moves past it.
    package var askedAt: Int
    /// The generation it resolves at (sooner if the run ends first). For a question about hunt rounds, until it
    /// resolves, the generation it reaches if every step is a hunt; once resolved, the generation it resolved at.
    package var target: Int
    /// For a question whose horizon counts hunt rounds: how many rounds of the class's hunting after it was asked
    /// it resolves (nil for a horizon in generations).
    package var hunts: Int?
    /// The metric's value when it was asked (what `"ref":"asked"` compares against).
    package var askedValue: Double
    package var openedAt: Timestamp
    /// When the time limit runs out, if it has one.
    package var closesAt: Timestamp?
    package var hasHint: Bool
    package var allowChange: Bool
    package var prompt: String?
    package var state: QuestionState
    /// The value at resolution, once resolved.
    package var actual: Double?

    package init(
        id: QuestionID, metric: String, metricDescription: String, unit: String, kind: QuestionKind,
        askedAt: Int, target: Int, askedValue: Double, openedAt: Timestamp, closesAt: Timestamp?,
        hasHint: Bool, allowChange: Bool, prompt: String?, state: QuestionState, actual: Double?, hunts: Int? = nil
    ) {
        self.id = id
        self.metric = metric
        self.metricDescription = metricDescription
        self.unit = unit
        self.kind = kind
        self.askedAt = askedAt
        self.target = target
        self.askedValue = askedValue
        self.openedAt = openedAt
        self.closesAt = closesAt
        self.hasHint = hasHint
        self.allowChange = allowChange
        self.prompt = prompt
        self.state = state
        self.actual = actual
        self.hunts = hunts
    }

    private enum CodingKeys: String, CodingKey {
        case id, metric, metricDescription, unit, askedAt, target, askedValue, openedAt, closesAt, hasHint
        case allowChange, prompt, state, actual, hunts
    }

    package init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        id = try c.decode(QuestionID.self, forKey: .id)
        metric = try c.decode(String.self, forKey: .metric)
        metricDescription = try c.decode(String.self, forKey: .metricDescription)
        unit = try c.decode(String.self, forKey: .unit)
        kind = try QuestionKind(from: decoder)
        askedAt = try c.decode(Int.self, forKey: .askedAt)
        target = try c.decode(Int.self, forKey: .target)
        askedValue = try c.decode(Double.self, forKey: .askedValue)
        openedAt = try c.decode(Timestamp.self, forKey: .openedAt)
        closesAt = try c.decodeIfPresent(Timestamp.self, forKey: .closesAt)
        hasHint = try c.decode(Bool.self, forKey: .hasHint)
        allowChange = try c.decode(Bool.self, forKey: .allowChange)
        prompt = try c.decodeIfPresent(String.self, forKey: .prompt)
        state = try c.decode(QuestionState.self, forKey: .state)
        actual = try c.decodeIfPresent(Double.self, forKey: .actual)
        hunts = try c.decodeIfPresent(Int.self, forKey: .hunts)
    }

    package func encode(to encoder: any Encoder) throws {
        try kind.encode(to: encoder)
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(id, forKey: .id)
        try c.encode(metric, forKey: .metric)
        try c.encode(metricDescription, forKey: .metricDescription)
        try c.encode(unit, forKey: .unit)
        try c.encode(askedAt, forKey: .askedAt)
        try c.encode(target, forKey: .target)
        try c.encode(askedValue, forKey: .askedValue)
        try c.encode(openedAt, forKey: .openedAt)
        try c.encodeIfPresent(closesAt, forKey: .closesAt)
        try c.encode(hasHint, forKey: .hasHint)
        try c.encode(allowChange, forKey: .allowChange)
        try c.encodeIfPresent(prompt, forKey: .prompt)
        try c.encode(state, forKey: .state)
        try c.encodeIfPresent(actual, forKey: .actual)
        try c.encodeIfPresent(hunts, forKey: .hunts)
    }
}
