import PetriProtocol
import PetriSimulation

/// One lesson: a simulation, its class, its questions and scores, as a state machine.
///
/// The lesson takes a command, the participant who sent it and the server's time, and returns
/// what should happen (``LessonOutcome``); it never touches a socket, a database, a clock or a
/// global random generator. It is generic over the model so snapshots and parameters keep
/// their types; the server picks the model once per lesson (its catalog entry's ``ModelMaker``).
///
/// ```swift
/// var lesson = try Lesson<CamouflageModel>(
///     parameters: .init(), seed: seed, teacherToken: teacherToken, configuration: .init(nameSeed: nameSeed))
/// switch lesson.handle(.join(name: "Ada", token: mintedToken), from: .guest, at: now) {
/// case .accepted(let effects): perform(effects)       // persist first, then the rest in order
/// case .rejected(let error): reply(.error(error))     // nothing changed
/// }
/// ```
///
/// A refused command leaves the lesson exactly as it was (every handler checks before it
/// changes anything). Not thread-safe by itself: one actor owns each lesson.
package struct Lesson<Model: SteppingModel>: Sendable, Equatable {
    package let configuration: LessonConfiguration
    let teacherToken: AccessToken
    /// The simulation's seed: only ever in the teacher's lesson file.
    let seed: UInt64
    var run: SimulationRun<Model>
    /// Counts rewinds and restores (see ``TimelinePosition``).
    var timeline = 0
    var roster = Roster()
    /// Index = question id - 1.
    var questions: [Question] = []
    /// Generations per second while auto-running.
    var runRate: Double?
    var savedCheckpoint: SavedCheckpoint<Model>?
    var isEnded = false
    /// Draws generated display names; seeded from the configuration, not the simulation.
    var nameRandom: PetriRandom
    /// The sequence number of the last persisted log entry.
    var logSequence = 0
    /// The facts the command being handled has established so far (see ``LessonFact``): the
    /// handlers state them as they change the lesson, and ``handle(_:from:at:)`` moves them
    /// into the command's persist effect, so this is empty between commands.
    var facts: [LessonFact] = []
    /// Replicates asked for and the latest results (logged and saved: see ``ReplicateBook``).
    var replicates = ReplicateBook()
    /// The model's parameters as JSON, kept while they stay the same: every welcome carries them,
    /// and converting them (an encode and a decode) was most of a welcome's cost in a join storm.
    var parametersJSON = Uncompared<(parameters: Model.Parameters, json: JSONValue)?>(value: nil)
    /// Where the lesson stands in its plan (nil for a lesson without one; see ``LessonConfiguration/plan``).
    var plan: PlanRun?
    /// What decides which creatures die now (the `selection` option, changed by the teacher between rounds).
    var selection: SelectionMode = .formula
    /// The hunt round under way, if any (see `Lesson+Hunt.swift`).
    var hunt: HuntRound?
    /// Hunt rounds started so far (the next round's number is one more).
    var huntRounds = 0
    /// What each ended round in the population's history did, oldest first (see ``HuntRecord``).
    var huntRecords: [HuntRecord] = []
    /// The students online who took the spotter role: a round does not wait for their catches. Like who is online,
    /// not part of the lesson's remembered state (a restart starts with nobody here; clients say it again).
    var spotters = Uncompared<Set<StudentID>>(value: [])

    /// Creates a lesson at generation 0.
    ///
    /// - Parameters:
    ///   - parameters: The model's starting parameters.
    ///   - seed: The simulation's seed (the server draws it unless the teacher gave one).
    ///   - teacherToken: The token the server minted for the teacher.
    ///   - configuration: Options and tuning.
    /// - Throws: `invalid-parameter` naming the bad parameter, or `out-of-range` for bad options.
    package init(
        parameters: Model.Parameters, seed: UInt64, teacherToken: AccessToken, configuration: LessonConfiguration
    ) throws(ProtocolError) {
        if let problem = configuration.options.problem { throw problem }
        let model: Model
        do {
            model = try Model(parameters: parameters, seed: seed)
        } catch {
            throw ProtocolError(simulation: error)
        }
        self.configuration = configuration
        self.teacherToken = teacherToken
        self.seed = seed
        run = SimulationRun(
            start: model, checkpointInterval: configuration.checkpointInterval,
            maxCheckpoints: configuration.maxCheckpoints)
        nameRandom = PetriRandom(seed: configuration.nameSeed)
        plan = try Self.planRun(from: configuration)
        roster.rank(by: configuration.options.rankBy)
        selection = configuration.options.selection
        if selection != .formula, model.huntableTraits == nil {
            throw ProtocolError(.invalidField, LessonWords.word("lesson.hunt.notHuntable"))
        }
    }

    /// Where the simulation is.
    package var position: TimelinePosition { TimelinePosition(timeline: timeline, generation: run.generation) }

    /// The current generation.
    package var generation: Int { run.generation }

    /// The current model (for the server; never send it to students: its state holds the future).
    package var model: Model { run.model }

    /// Every generation's stats on the current timeline; index = generation.
    package var history: [GenerationStats] { run.history }

    /// Auto-run rate in generations per second, nil while paused.
    package var autoRunRate: Double? { runRate }

    /// The sequence number of the last log entry the lesson made (0 before any).
    package var lastLogSequence: Int { logSequence }

    /// Whether the teacher ended the lesson.
    package var hasEnded: Bool { isEnded }

    /// Every student, as the teacher's roster shows them.
    package var rosterEntries: [RosterEntry] { roster.students.filter { !$0.isErased }.map(\.entry) }

    /// Every question, as clients see them.
    package var questionInfos: [QuestionInfo] { questions.map(\.info) }

    /// The leaderboard's top lines and, for a student, their own line.
    /// Names follow the lesson's `leaderboard` option (the student's own line keeps theirs).
    package func leaderboard(for student: StudentID? = nil) -> Leaderboard {
        publicBoard(roster.board(top: configuration.options.leaderboardSize, for: student))
    }

    /// The teacher's lesson file of the current state (contains the seed: teacher only).
    ///
    /// - Throws: ``ProtocolError/Code/internalError`` if the parameters cannot be encoded.
    package func definition() throws(ProtocolError) -> LessonDefinition {
        LessonDefinition(
            model: run.model.kind, seed: seed, parameters: try JSONValue(encoding: run.start.parameters),
            actions: run.actions, generation: run.generation, stateHash: run.model.stateHash,
            modelFile: run.model.loadedFile.map(ModelFileCopy.init))
    }
}

extension ProtocolError {
    /// The protocol error for a model's refusal, keeping its sentence.
    init(simulation error: SimulationError) {
        if let word = error.word {
            self.init(Self.code(of: error), word)
        } else {
            self.init(Self.code(of: error), error.message)
        }
    }

    private static func code(of error: SimulationError) -> Code {
        switch error.code {
        case .parameterOutOfRange, .unknownParameter, .wrongValueKind: .invalidParameter
        case .unknownMetric: .unknownMetric
        case .malformedInput, .invalidAction: .invalidAction
        case .corruptState: .invalidDefinition
        }
    }
}
