import PetriProtocol
import PetriSimulation

/// What the parser needs to know about the lesson.
public struct CommandContext: Sendable {
    /// The lesson's model.
    public var model: ModelKind?
    /// Metric names as the model lists them (`population`, `cell(x,y)`).
    public var metrics: [String]
    /// The model's parameters, for `set` and completion.
    public var parameterNames: [String]
    /// The students, for `kick` and completion.
    public var roster: [RosterEntry]
    /// The question `close` closes.
    public var openQuestion: QuestionID?
    /// The hint waiting for the next question.
    public var pendingHint: String?
    /// The current generation (the most `rewind` can go back).
    public var generation: Int

    /// A context from its parts (tests use this; the console uses ``init(lesson:pendingHint:)``).
    public init(
        model: ModelKind?, metrics: [String], parameterNames: [String], roster: [RosterEntry],
        openQuestion: QuestionID?, pendingHint: String?, generation: Int
    ) {
        self.model = model
        self.metrics = metrics
        self.parameterNames = parameterNames
        self.roster = roster
        self.openQuestion = openQuestion
        self.pendingHint = pendingHint
        self.generation = generation
    }

    /// The context of a lesson as the client knows it.
    public init(lesson: LessonState, pendingHint: String?) {
        var names: [String] = []
        if case .object(let values) = lesson.parameters { names = values.keys.sorted() }
        self.init(
            model: lesson.model, metrics: lesson.metrics.map(\.name), parameterNames: names,
            roster: lesson.roster.values.filter { !$0.kicked }.sorted { $0.student < $1.student },
            openQuestion: lesson.openQuestion?.id, pendingHint: pendingHint, generation: lesson.position.generation)
    }
}
