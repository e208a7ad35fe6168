import PetriProtocol
import PetriSimulation
import Testing

@testable import PetriLesson

/// What a scripted lesson needs to know about its model: how to change it and what to ask.
struct LessonScript<Model: SimulationModel> {
    var parameters: Model.Parameters
    var options = LessonOptions()
    /// Two teacher actions the model accepts (the second on a branch that is later undone).
    var actions: (ModelAction, ModelAction)
    /// A parameter the clone changes.
    var cloneChange: ParameterChange
    /// Metrics for a number and a choice question, and a whole probability question.
    var numberMetric: String
    var choiceMetric: String
    var probability: QuestionSpec
}

/// A lesson driven through everything a lesson can hold, keeping every persisted entry and
/// the lesson as it was after each one.
///
/// The script: three joins; steps; a parameter change; a number question with a hint, a time
/// limit, a changed answer and a deadline; a choice question the teacher closes; a probability
/// question; the teacher's checkpoint, then steps, a rewind and another action, then restore; a
/// student resumes and leaves again; extra time for a student; a kick; a clone; auto-run with ticks; and an open question
/// with a time limit and an answer.
struct ScriptedLesson<Model: SimulationModel> {
    static var seed: UInt64 { 0x5EED_0F_CAFE }

    let teacherToken: AccessToken
    let configuration: LessonConfiguration
    /// The lesson at generation 0, as its record's definition says.
    let definition: LessonDefinition
    var lesson: Lesson<Model>
    var clock = ManualClock()
    /// Every persisted entry, in order.
    private(set) var entries: [LessonLogEntry] = []
    /// The lesson right after each entry was persisted; index = the entry's sequence (0: before any).
    private(set) var states: [Lesson<Model>]

    init(_ script: LessonScript<Model>) throws {
        teacherToken = try Classroom.token("teacher")
        // Small in-memory checkpoint spacing, so the runs hold several and thin them.
        configuration = LessonConfiguration(
            options: script.options, nameSeed: 11, checkpointInterval: 2, maxCheckpoints: 3)
        lesson = try Lesson(
            parameters: script.parameters, seed: Self.seed, teacherToken: teacherToken, configuration: configuration)
        definition = try lesson.definition()
        states = [lesson]
        try play(script)
    }

    /// Sends a command at the clock's time; it must be accepted.
    @discardableResult
    mutating func send(
        _ command: LessonCommand, as actor: Participant, sourceLocation: SourceLocation = #_sourceLocation
    ) -> LessonOutcome<Model> {
        let outcome = lesson.handle(command, from: actor, at: clock.now)
        #expect(
            outcome.rejection == nil, "\(command) was refused: \(String(describing: outcome.rejection))",
            sourceLocation: sourceLocation)
        for case .persist(let entry, _) in outcome.effects {
            entries.append(entry)
            states.append(lesson)
        }
        return outcome
    }

    private mutating func ask(_ spec: QuestionSpec) throws -> QuestionID {
        let outcome = send(.ask(spec), as: .teacher)
        return try #require(
            outcome.effects.lazy.compactMap { effect -> QuestionID? in
                if case .broadcast(.question(let info)) = effect { return info.id }
                return nil
            }.first)
    }

    private mutating func play(_ script: LessonScript<Model>) throws {
        let names = script.options.names == .free ? ["Ada", "Ben", "Cy"] : [nil, nil, nil]
        var students: [StudentID] = []
        var tokens: [AccessToken] = []
        for (index, name) in names.enumerated() {
            let token = try Classroom.token("student\(index)")
            let outcome = send(.join(name: name, token: token), as: .guest)
            for case .attach(.student(let id), _) in outcome.effects { students.append(id) }
            tokens.append(token)
        }
        let (ada, ben, cy) = (Participant.student(students[0]), Participant.student(students[1]), students[2])

        send(.step(count: 2), as: .teacher)
        send(.act(script.actions.0), as: .teacher)
        let q1 = try ask(
            QuestionSpec(
                metric: script.numberMetric, kind: .number(tolerance: 5), horizon: 3, timeLimit: 60,
                hint: "Look at the chart", prompt: "How many will there be?"))
        send(.takeHint(q1), as: ben)
        clock.advance(seconds: 5)
        send(.answer(q1, .number(40)), as: ada)
        send(.answer(q1, .number(12.5)), as: ben)
        clock.advance(seconds: 2)
        send(.answer(q1, .number(41)), as: ada)
        clock.advance(seconds: 60)
        send(.deadline(q1), as: .server)
        send(.step(count: 3), as: .teacher)
        // Extra time for Cy, kept through checkpoints and replays, on the timed question at the end.
        send(.extraTime(cy, percent: 50), as: .teacher)

        let q2 = try ask(
            QuestionSpec(
                metric: script.choiceMetric,
                kind: .choice(options: [
                    ChoiceOption("grow", when: .grows),
                    ChoiceOption("between", when: Condition(.between, -2, upper: 2)),
                    ChoiceOption("other", when: .otherwise),
                ]),
                horizon: 2, allowChange: false))
        send(.answer(q2, .choice(1)), as: ada)
        send(.answer(q2, .choice(0)), as: .student(cy))
        send(.closeQuestion(q2), as: .teacher)
        send(.step(count: 2), as: .teacher)

        let q3 = try ask(script.probability)
        send(.answer(q3, .probability(0.7)), as: ada)
        send(.answer(q3, .probability(0.25)), as: ben)
        send(.checkpoint, as: .teacher)
        send(.step(count: 3), as: .teacher)
        send(.rewind(count: 1), as: .teacher)
        send(.act(script.actions.1), as: .teacher)
        send(.step(count: 4), as: .teacher)
        send(.restore, as: .teacher)

        let resumed = send(.resume(token: tokens[2], lastSeen: nil), as: .guest)
        for case .attach(_, let session) in resumed.effects { send(.left(session: session), as: .student(cy)) }
        send(.kick(students[1]), as: .teacher)
        send(.clone(changes: [script.cloneChange]), as: .teacher)
        send(.run(rate: 4), as: .teacher)
        for _ in 0..<3 {
            clock.advance(seconds: 0.25)
            send(.tick, as: .server)
        }
        let q4 = try ask(
            QuestionSpec(metric: script.numberMetric, kind: .number(tolerance: nil), horizon: 4, timeLimit: 30))
        send(.answer(q4, .number(7)), as: ada)
    }
}

extension LessonScript<CamouflageModel> {
    static var camouflage: Self {
        var parameters = CamouflageParameters()
        parameters[int: "population"] = 120
        return LessonScript(
            parameters: parameters,
            actions: (
                .set(name: "environmentColour", value: .number(30)),
                .set(name: "selectionPressure", value: .number(0.5))
            ),
            cloneChange: ParameterChange("environmentColour", .number(80)), numberMetric: "population",
            choiceMetric: "meanTrait",
            probability: QuestionSpec(metric: "extinct", kind: .probability(event: nil), horizon: 2))
    }
}

extension LessonScript<IslandsModel> {
    static var islands: Self {
        LessonScript(
            parameters: IslandsParameters(), actions: (.toggle(x: 1, y: 1), .toggle(x: 2, y: 3)),
            cloneChange: ParameterChange("diagonal", .flag(true)), numberMetric: "landTiles",
            choiceMetric: "livingSpecies",
            probability: QuestionSpec(metric: "landmasses", kind: .probability(event: .grows), horizon: 2))
    }
}

extension LessonScript<LifeModel> {
    static var life: Self {
        LessonScript(
            parameters: LifeModel.Parameters(width: 70, height: 30, density: 0.3),
            options: LessonOptions(names: .generated),
            actions: (.place(pattern: "glider", x: 3, y: 3), .set(name: "rule", value: .text("B36/S23"))),
            cloneChange: ParameterChange("boundary", .text("toroidal")), numberMetric: "liveCells",
            choiceMetric: "births",
            probability: QuestionSpec(metric: "still", kind: .probability(event: nil), horizon: 2))
    }
}

extension LessonScript<ResistanceModel> {
    static var resistance: Self {
        LessonScript(
            parameters: ResistanceScenario.stoppedEarly.parameters,
            actions: (.set(name: "dose", value: .number(40)), .set(name: "costOfResistance", value: .number(0.5))),
            cloneChange: ParameterChange("dose", .number(60)), numberMetric: "population",
            choiceMetric: "meanResistance",
            probability: QuestionSpec(metric: "extinct", kind: .probability(event: nil), horizon: 2))
    }
}

extension LessonScript<BeaksModel> {
    static var beaks: Self {
        LessonScript(
            parameters: BeaksScenario.drought1977.parameters,
            actions: (.set(name: "seedHardness", value: .number(75)), .set(name: "food", value: .number(300))),
            cloneChange: ParameterChange("seedHardness", .number(20)), numberMetric: "population",
            choiceMetric: "meanBeakDepth",
            probability: QuestionSpec(metric: "extinct", kind: .probability(event: nil), horizon: 2))
    }
}

extension LessonScript<MiceModel> {
    static var mice: Self {
        LessonScript(
            parameters: MiceModel.Parameters().preset("on-the-lava"),
            actions: (.set(name: "rockColour", value: .number(80)), .set(name: "food", value: .number(300))),
            cloneChange: ParameterChange("rockColour", .number(75)), numberMetric: "population",
            choiceMetric: "meanFur",
            probability: QuestionSpec(metric: "extinct", kind: .probability(event: nil), horizon: 2))
    }
}
