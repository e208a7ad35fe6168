import PetriProtocol
import PetriSimulation

/// Everything a lesson can be asked to do.
///
/// Most cases mirror a ``ClientMessage``; the rest come from the server itself (ticks,
/// deadlines, closed connections) or carry what only the server can supply (the freshly
/// minted resume token of a `join`). Commands are `Codable` because accepted ones are
/// persisted as ``LessonLogEntry`` values and replayed after a restart.
///
/// Tokens here are whatever the server wants the lesson to hold and compare, which is not
/// necessarily what the client holds: the server passes digests, so the log keeps no secret,
/// and puts the token itself into the welcome it forwards.
package enum LessonCommand: Sendable, Hashable, Codable {
    // Attaching (from a guest connection).
    /// Joins as a new student; `token` is the resume token the server minted for them.
    case join(name: String?, token: AccessToken)
    /// Rejoins as the student holding `token`, sending history after `lastSeen`.
    case resume(token: AccessToken, lastSeen: TimelinePosition?)
    /// Attaches as the teacher, if `token` is the lesson's teacher token.
    case attachTeacher(token: AccessToken, lastSeen: TimelinePosition?)
    /// Attaches as a read-only observer, if `token` is the lesson's teacher token.
    case attachObserver(token: AccessToken, lastSeen: TimelinePosition?)

    // The server's own events.
    /// The student's connection of this session closed (from the student participant).
    case left(session: Int)
    /// The auto-run timer fired (from the server).
    case tick
    /// A question's time limit timer fired (from the server).
    case deadline(QuestionID)
    /// Replicates the lesson asked for have run (from the server).
    case replicatesFinished(ReplicateOutcome)
    /// Hunt round `round`'s time is up, or everyone has used their catches (from the server).
    case huntEnd(round: Int)

    // Teacher commands.
    case step(count: Int)
    case run(rate: Double)
    case pause
    /// Changes the model: set a parameter, toggle a cell, place a pattern.
    case act(ModelAction)
    case rewind(count: Int)
    case checkpoint
    case restore
    case clone(changes: [ParameterChange])
    case exportDefinition
    case kick(StudentID)
    /// Erases a student: their name, reasons and place in the class's lists go, here and in storage
    /// (see `Lesson+Erasure.swift`).
    case eraseStudent(StudentID)
    /// Gives a student extra time on timed questions, percent of the limit on top (0 takes it away).
    case extraTime(StudentID, percent: Int)
    case end
    case ask(QuestionSpec)
    case closeQuestion(QuestionID)
    case exportResults
    /// Broadcasts the class's anonymous spread of an open or locked question (teacher or observer).
    case showAnswers(QuestionID)
    /// Sends the teacher the lesson report.
    case report
    /// Sends the built-in explanations and the model's story (anyone attached).
    case guide
    /// Sends the teacher every reason given for a question.
    case reasons(QuestionID)
    /// Shows the chosen students' reasons to everyone, with their names only if `names`.
    case showReasons(QuestionID, students: [StudentID], names: Bool)
    /// Runs `count` replicates of the present `horizon` generations ahead, recording `metric`.
    case replicates(count: Int, horizon: Int, metric: String)
    /// Moves the lesson's plan on (the teacher's Next, Skip and pace; the server's plan timer).
    case plan(PlanStep)
    /// Starts a hunt round of the current generation (nil: the defaults, 3 catches and 10 seconds).
    case startHunt(catches: Int?, seconds: Int?)
    /// Changes what decides which creatures die, between rounds.
    case setSelection(SelectionMode)

    // Student commands.
    /// Catches the creature with this id in the round under way.
    case catchCreature(Int)
    /// Takes the spotter role (true) or hunts again (false): a spotter's catches are not waited for.
    case spot(Bool)

    // Student commands.
    /// A prediction, with the student's reason as they typed it (the lesson sanitises and checks it).
    case answer(QuestionID, Prediction, reason: String? = nil)
    case takeHint(QuestionID)

    // Anyone attached.
    /// Stats of generations `from...to` (defaults: 0 and the current one).
    case history(from: Int?, to: Int?)
    /// Questions asked before `before` (the newest when nil), at most `limit`.
    case questions(before: QuestionID?, limit: Int?)

    /// Whether an accepted command changes what a restarted lesson must remember.
    ///
    /// Attaching, leaving, exports and queries do not: after a restart nobody is connected,
    /// and exports can be asked for again.
    var isDurable: Bool {
        switch self {
        case .join, .tick, .deadline, .step, .run, .pause, .act, .rewind, .checkpoint, .restore, .kick, .eraseStudent,
            .extraTime,
            .end,
            .ask, .closeQuestion, .answer, .takeHint:
            true
        // A request and its finished result are logged (the result with its traces): a restart shows
        // the class the same bands and places later resolutions among the same replicates, without
        // running them again and without a resolution racing a re-run (see `ReplicateBook`).
        case .replicates, .replicatesFinished:
            true
        case .plan:
            true
        case .huntEnd, .startHunt, .setSelection, .catchCreature:
            true
        case .resume, .attachTeacher, .left, .clone, .exportDefinition, .exportResults, .history, .questions:
            false
        // Showing answers changes nothing a restart must remember: it sends a spread computed
        // from answers already stored, and may be sent again.
        case .attachObserver, .showAnswers:
            false
        // Who is spotting, like who is online, is the connections' business: a restart starts with nobody here.
        // A round it ends early ends with a logged `huntEnd`, which replays the same without it.
        case .spot:
            false
        // Reasons are stored with their answers; reading or showing them changes nothing.
        case .reasons, .showReasons, .guide, .report:
            false
        }
    }
}
