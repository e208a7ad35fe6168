import PetriProtocol
import PetriSimulation

/// What a make-up student is shown of the class's lesson: everything the class saw, in order, cut into
/// the class's moments ("stops"), with nothing a student of the class did not see.
///
/// The reel is built once per lesson, by replaying the lesson's log with the same deterministic engine
/// that ran it (the same seed, the teacher's parameter changes, rewinds, checkpoint restores, plan
/// moments and replicates, at the same moments), and it grows as the class goes on (``append(_:)``).
/// Every make-up student of the lesson plays the same reel (see ``MakeupPlay``): thirty make-up
/// students cost one replay of the lesson, not thirty, and none of them reruns the class. A server that
/// holds the lesson from its start can instead record the reel as the class goes
/// (``init(recording:startedAt:)``, ``record(_:effects:lesson:)``), from the lesson's own messages: then
/// the reel costs no simulation at all.
///
/// A stop is one logged command's messages to everyone: a `step` of five generations is one stop
/// (five `stats`, one `snapshot`, the resolutions it brought), an auto-run tick is one, a question
/// asked is one. Commands that showed everyone nothing (answers, joins) make no stop. A clone is not
/// in the class's history at all (it made a new lesson), so the reel passes over it as the class did.
package struct MakeupReel<Model: SteppingModel>: Sendable {
    /// One message of the class's, as the class got it.
    package enum Frame: Sendable, Hashable {
        case message(ServerMessage)
        case snapshot(SnapshotHeader, Model.Snapshot)

        /// The generation the frame shows (nil for frames that show none).
        package var generation: Int? {
            switch self {
            case .snapshot(let header, _): header.generation
            case .message(.stats(_, let stats)): stats.generation
            case .message(.history(let page)): page.to
            case .message(.resolved(let resolution)): resolution.generation
            case .message(.rewound(let position)), .message(.restored(let position)): position.generation
            case .message(.question(let info)): info.askedAt
            case .message: nil
            }
        }
    }

    /// One of the class's moments.
    package struct Stop: Sendable, Hashable {
        /// Where the class's simulation stood after it.
        package var position: TimelinePosition
        /// The state hash of the class's simulation after it (the same as the class's at that moment).
        package var stateHash: UInt64
        /// The server's time of the class's command.
        package var time: Timestamp
        /// What the class was sent, in order.
        package var frames: [Frame]
    }

    /// What a make-up needs to know of a question beyond what the class was sent.
    struct AskedQuestion: Sendable, Hashable {
        /// The question as asked (with its hint text), before any answer.
        var question: Question
        /// The replicates' outcomes at its target, when the class had replicates of the moment it was asked
        /// (set at resolution).
        var replicateOutcomes: [ExpectedPoints.Outcome]?
        /// The replicates' outcomes that reached the class only after the question resolved (`expectedPoints`).
        var lateOutcomes: [ExpectedPoints.Outcome]?
        /// The class's active students' scores right after it resolved (for a make-up student's rank).
        var classScores: [Int] = []
    }

    /// The class's lesson, rebuilt up to the last entry appended (nil for a reel recorded from the live lesson).
    private var replay: Lesson<Model>?
    /// The lesson's configuration (its options say how a make-up is scored).
    package let configuration: LessonConfiguration
    /// The last entry replayed or recorded.
    package private(set) var lastLogSequence: Int
    /// Whether the class's lesson has ended (the reel will not grow).
    package private(set) var hasEnded: Bool
    /// The class's moments so far; the first is where the lesson began.
    package private(set) var stops: [Stop]
    /// Each question asked so far, by id.
    private(set) var asked: [QuestionID: AskedQuestion] = [:]

    /// Starts the reel where the lesson began, then replays `log`.
    ///
    /// - Parameters:
    ///   - definition: The lesson file it was created from.
    ///   - teacherToken: Its teacher token (the replay acts as the teacher did).
    ///   - configuration: Its configuration.
    ///   - log: Its persisted entries so far, in order.
    ///   - source: Where the model's file came from.
    ///   - startedAt: The lesson's creation time (the first stop's time).
    /// - Throws: `invalid-definition` when the definition does not load or an entry no longer replays.
    package init(
        definition: LessonDefinition, teacherToken: AccessToken, configuration: LessonConfiguration,
        log: [LessonLogEntry], source: Model.Source, startedAt: Timestamp
    ) throws(ProtocolError) {
        let start = try Lesson<Model>(
            definition: definition, teacherToken: teacherToken, configuration: configuration, source: source)
        replay = start
        self.configuration = configuration
        lastLogSequence = start.lastLogSequence
        hasEnded = start.hasEnded
        var frames: [Frame] = start.historyPages(from: 0).map { .message(.history($0)) }
        frames.append(.snapshot(start.snapshotHeader, start.model.snapshot()))
        stops = [Stop(position: start.position, stateHash: start.model.stateHash, time: startedAt, frames: frames)]
        for entry in log { try append(entry) }
    }

    /// Starts recording a lesson that has just been created (before its first log entry): a server keeps the
    /// reel beside the lesson and hands it each entry the lesson persists (``record(_:effects:lesson:)``).
    ///
    /// - Throws: `invalid-definition` when the lesson has already logged entries (replay its log instead).
    package init(recording lesson: Lesson<Model>, startedAt: Timestamp) throws(ProtocolError) {
        guard lesson.lastLogSequence == 0 else {
            throw ProtocolError(.invalidDefinition, "A reel records a lesson from its start; replay its log instead.")
        }
        replay = nil
        configuration = lesson.configuration
        lastLogSequence = 0
        hasEnded = lesson.hasEnded
        var frames: [Frame] = lesson.historyPages(from: 0).map { .message(.history($0)) }
        frames.append(.snapshot(lesson.snapshotHeader, lesson.model.snapshot()))
        stops = [Stop(position: lesson.position, stateHash: lesson.model.stateHash, time: startedAt, frames: frames)]
    }

    /// The live lesson persisted `entry`: adds its moment from the lesson's own `effects`, with `lesson` as it
    /// stands after them (the same reel a replay of the log gives, without stepping the simulation again).
    ///
    /// - Throws: `invalid-definition` when the entry is out of sequence.
    package mutating func record(_ entry: LessonLogEntry, effects: [LessonEffect<Model>], lesson: Lesson<Model>)
        throws(ProtocolError)
    {
        guard entry.sequence == lastLogSequence + 1 else {
            throw ProtocolError(.invalidDefinition, "The log skips from entry \(lastLogSequence) to \(entry.sequence).")
        }
        add(entry, effects: effects, after: lesson)
    }

    /// The class's lesson went on: adds the entry's moment, if it showed everyone anything.
    ///
    /// - Throws: `invalid-definition` when the entry is out of sequence or no longer replays, or the reel
    ///   records a live lesson instead.
    package mutating func append(_ entry: LessonLogEntry) throws(ProtocolError) {
        guard var lesson = replay else {
            throw ProtocolError(.invalidDefinition, "This reel records the live lesson; it does not replay entries.")
        }
        guard entry.sequence == lastLogSequence + 1 else {
            throw ProtocolError(.invalidDefinition, "The log skips from entry \(lastLogSequence) to \(entry.sequence).")
        }
        replay = nil  // so the lesson below is not copied when it changes
        let outcome = lesson.handle(entry.command, from: entry.actor, at: entry.time)
        defer { replay = lesson }
        if let error = outcome.rejection {
            throw ProtocolError(.invalidDefinition, "Log entry \(entry.sequence) no longer replays: \(error.message)")
        }
        add(entry, effects: outcome.effects, after: lesson)
    }

    private mutating func add(_ entry: LessonLogEntry, effects: [LessonEffect<Model>], after lesson: Lesson<Model>) {
        lastLogSequence = entry.sequence
        hasEnded = lesson.hasEnded
        var frames: [Frame] = []
        for effect in effects {
            switch effect {
            case .broadcast(let message) where Self.shows(message):
                frames.append(.message(message))
                note(message, in: lesson)
            case .broadcastSnapshot(let header, let snapshot):
                frames.append(.snapshot(header, snapshot))
            default:
                continue
            }
        }
        guard !frames.isEmpty else { return }
        stops.append(
            Stop(position: lesson.position, stateHash: lesson.model.stateHash, time: entry.time, frames: frames))
    }

    /// Remembers what a make-up will need of a question the class was just sent.
    private mutating func note(_ message: ServerMessage, in lesson: Lesson<Model>) {
        switch message {
        case .question(let info):
            guard let question = lesson.questions.first(where: { $0.id == info.id }) else { return }
            asked[info.id] = AskedQuestion(question: question)
        case .resolved(let resolution):
            guard let question = lesson.questions.first(where: { $0.id == resolution.question }) else { return }
            asked[resolution.question]?.replicateOutcomes = ExpectedPoints.outcomes(
                for: question, in: lesson.replicates, timeline: lesson.position.timeline)
            asked[resolution.question]?.classScores = lesson.roster.students.filter { !$0.isKicked }.map(\.score)
        case .expectedPoints(let id, _):
            guard let question = lesson.questions.first(where: { $0.id == id }) else { return }
            asked[id]?.lateOutcomes = ExpectedPoints.outcomes(
                for: question, in: lesson.replicates, timeline: lesson.position.timeline)
        default:
            break
        }
    }

    /// Whether a message the class was sent belongs to the class's history: the simulation, its
    /// questions and their outcomes (expected points that came late among them), the replicates and the plan's
    /// explanations. Pace (`running`,
    /// `paused`), the class's own leaderboard changes and its end are the class's, not the history's;
    /// the answers and reasons a teacher showed live are not logged (`showAnswers` and `showReasons`
    /// change nothing a restart needs), so a make-up sees the class's spread at each resolution.
    private static func shows(_ message: ServerMessage) -> Bool {
        switch message {
        case .stats, .snapshot, .history, .actionApplied, .rewound, .restored, .runOver, .question, .questionLocked,
            .questionCancelled, .replicates, .resolved, .expectedPoints, .explanation:
            true
        default:
            false
        }
    }
}
