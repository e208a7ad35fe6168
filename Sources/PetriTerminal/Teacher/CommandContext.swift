import PetriProtocol
import PetriSimulation

/// What the parser needs to know about the lesson.
struct CommandContext: Sendable {
    /// How the lesson's model is shown (nil when the server did not say), e.g. whether it can die out.
    var presentation: ModelPresentation?
    /// Metric names as the model lists them (`population`, `cell(x,y)`).
    var metrics: [String]
    /// The model's parameters, for `set` and completion.
    var parameterNames: [String]
    /// The values the model suggests for a parameter (its choices), by parameter name, once the server described
    /// the model; for completion.
    var suggestions: [String: [String]] = [:]
    /// The students, for `kick` and completion.
    var roster: [RosterEntry]
    /// The question `close` closes.
    var openQuestion: QuestionID?
    /// The hint waiting for the next question.
    var pendingHint: String?
    /// The current generation (the most `rewind` can go back).
    var generation: Int

    /// A context from its parts (tests use this; the console uses ``init(lesson:pendingHint:)``).
    init(
        presentation: ModelPresentation?, metrics: [String], parameterNames: [String], roster: [RosterEntry],
        openQuestion: QuestionID?, pendingHint: String?, generation: Int
    ) {
        self.presentation = presentation
        self.metrics = metrics
        self.parameterNames = parameterNames
        self.roster = roster
        self.openQuestion = openQuestion
        self.pendingHint = pendingHint
        self.generation = generation
    }

    /// The context of a lesson as the client knows it.
    init(lesson: LessonState, pendingHint: String?) {
        var names: [String] = []
        if case .object(let values) = lesson.parameters { names = values.keys.sorted() }
        self.init(
            presentation: lesson.presentation, metrics: lesson.metrics.map(\.name), parameterNames: names,
            roster: lesson.roster.values.filter { !$0.kicked }.sorted { $0.student < $1.student },
            openQuestion: lesson.openQuestion?.id, pendingHint: pendingHint, generation: lesson.position.generation)
        suggestions = lesson.parameterSuggestions
    }
}
