import PetriProtocol
import PetriSimulation
import PetriWords

/// Everything a client knows about its lesson, built from the server's messages.
///
/// A plain value: ``apply(_:at:)`` folds one ``ServerMessage`` in, with no I/O and no clock
/// (the caller passes the local time). Every string kept here has been through
/// ``TerminalText/sanitise(_:maxCharacters:)``, so views can draw any of it.
struct LessonState: Sendable {
    /// The join code, once known.
    var code: JoinCode?
    /// The language the screen's words are in: what was asked for, then what the welcome says the server gives.
    var language: Language = .english
    /// Whether this client is the teacher or a student, once welcomed.
    var role: Welcome.Role?
    /// The lesson's model id, once known: an opaque name to show, never a reason to draw differently.
    var model: String?
    /// How the lesson's model is shown (its picture, nouns, headline and readings), from the welcome; nil from a
    /// server that does not say, and then the screens show numbers only.
    var presentation: ModelPresentation?
    /// The metrics questions can be about.
    var metrics: [MetricDescriptor] = []
    /// The model's current parameters.
    var parameters: JSONValue = .object([:])
    /// The newest generation (and timeline) the client has heard of.
    var position = TimelinePosition(timeline: 0, generation: 0)
    /// Generations per second while auto-running.
    var running: Double?
    /// Why the run ended, once it has.
    var runOver: String?
    /// Whether the teacher ended the lesson.
    var ended = false
    /// Whether this client plays a make-up (PROTOCOL.md 5.9): the class's history, alone.
    var isMakeup = false
    /// Where the make-up student stands in the class's history (`makeupPosition`), once told.
    var makeup: MakeupPosition?
    /// The server's sentence when the make-up closed under the student (`makeupClosed`).
    var makeupClosed: String?
    /// How the lesson scores and names.
    var options = LessonOptions()
    /// Every question asked, in order.
    var questions: [QuestionInfo] = []
    /// This student's extra time on timed questions, percent of a limit on top (`yourTime`).
    var extraTime = 0
    /// Why each locked question locked.
    var lockReasons: [QuestionID: LockReason] = [:]
    /// Why each cancelled question was withdrawn.
    var cancelReasons: [QuestionID: String] = [:]
    /// The order questions last changed in (the panel shows the most recent one).
    var questionActivity: [QuestionID: Int] = [:]
    private var activityCounter = 0
    /// This student's accepted answers.
    var answers: [QuestionID: AnswerRecord] = [:]
    /// Hints this student took.
    var hints: [QuestionID: String] = [:]
    /// The newest leaderboard (its `you` is this student's line).
    var leaderboard = Leaderboard(top: [], you: nil, students: 0)
    /// This student (nil for the teacher).
    var you: StudentProfile?
    /// Stats by generation on the current timeline.
    var history: [Int: GenerationStats] = [:]
    /// The newest picture.
    var picture: ModelPicture?
    /// The hunt round under way, if any (PROTOCOL.md 5.8).
    var hunt: HuntRound?
    /// What everyone learnt when each question resolved.
    var resolutions: [QuestionID: Resolution] = [:]
    /// This student's own result of each resolved question.
    var results: [QuestionID: PersonalResult] = [:]
    /// Every student (teacher only).
    var roster: [StudentID: RosterEntry] = [:]
    /// How many have answered the open question (teacher only).
    var answerCount: AnswerTally?
    /// The checkpoint's generation (teacher only).
    var checkpoint: Int?
    /// The final leaderboard, once the lesson ended.
    var summary: LessonSummary?
    /// This student's final score and closing sentence.
    var closing: Closing?
    /// The lesson's model's description (its title, story and guide), once the server answered `describeModels`.
    var modelDescription: ModelDescription?
    /// Where the lesson stands in its plan (teacher only; nil for a lesson without a plan).
    var plan: PlanState?
    /// The server's plans, once it answered `describePlans`.
    var plans: [PlanListing] = []
    /// The values the model suggests for each parameter (a choice's choices, a text's suggestions), sanitised, from
    /// the same answer; the console completes `set` and `place` with them.
    var parameterSuggestions: [String: [String]] = [:]
    /// The built-in explanations and the model's story, once the server sent them (`guide`).
    var guide: Guide?
    /// The latest replicates the teacher ran ("what else could have happened?"), drawn behind the chart.
    var replicates: ReplicateBands?
    /// News for the user, oldest first (at most ``noticeLimit``).
    var notices: [Notice] = []
    /// How many notices were ever posted (the list keeps only the newest), to find the new ones.
    private(set) var noticesPosted = 0
    /// Server clock minus local clock, in milliseconds, once estimated.
    var serverClockOffset: Int64?

    /// How many notices are kept.
    static let noticeLimit = 100

    /// The notices posted after the first `seen` ever posted (as many of them as are still kept).
    func notices(after seen: Int) -> ArraySlice<Notice> {
        notices.suffix(min(notices.count, max(0, noticesPosted - seen)))
    }

    /// A client that knows nothing yet.
    init() {}

    /// The question that needs the user now: the open one, else the one that changed last.
    var focusQuestion: QuestionInfo? {
        if let open = questions.last(where: { $0.state == .open }) { return open }
        return questions.max { (questionActivity[$0.id] ?? 0) < (questionActivity[$1.id] ?? 0) }
    }

    /// Whether a make-up student has played the class's whole lesson (it ended, and they reached its last moment).
    var makeupOver: Bool {
        guard let makeup else { return false }
        return makeup.classEnded && makeup.moment >= makeup.moments
    }

    /// The question accepting answers, if any.
    var openQuestion: QuestionInfo? { questions.last { $0.state == .open } }

    /// A metric's description, if the model has it.
    func metric(named name: String) -> MetricDescriptor? {
        let base = name.split(separator: "(").first.map(String.init) ?? name
        return metrics.first { $0.name == name || $0.name.hasPrefix(base + "(") || $0.name == base }
    }

    /// The stats of the newest generation held.
    var latestStats: GenerationStats? {
        history[position.generation] ?? history.keys.max().flatMap { history[$0] }
    }

    /// Milliseconds until a question's time limit, on the server's clock; nil without a limit.
    ///
    /// - Parameter now: The local wall-clock time.
    func millisecondsLeft(_ question: QuestionInfo, now: Timestamp) -> Int64? {
        guard let closesAt = question.closesAt else { return nil }
        let serverNow = now.millisecondsSince1970 &+ (serverClockOffset ?? 0)
        return max(0, closesAt.millisecondsSince1970 - serverNow)
    }

    /// Adds a notice, dropping the oldest beyond ``noticeLimit``.
    mutating func post(_ text: String, kind: Notice.Kind = .info, at now: Timestamp) {
        notices.append(Notice(text, kind: kind, at: now))
        noticesPosted += 1
        if notices.count > Self.noticeLimit { notices.removeFirst(notices.count - Self.noticeLimit) }
    }

    mutating func touch(_ question: QuestionID) {
        activityCounter += 1
        questionActivity[question] = activityCounter
    }
}
