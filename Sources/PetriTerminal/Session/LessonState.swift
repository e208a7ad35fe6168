import PetriProtocol
import PetriSimulation

/// Everything a client knows about its lesson, built from the server's messages.
///
/// A plain value: ``apply(_:at:)`` folds one ``ServerMessage`` in, with no I/O and no clock
/// (the caller passes the local time). Every string kept here has been through
/// ``TerminalText/sanitise(_:maxCharacters:)``, so views can draw any of it.
public struct LessonState: Sendable {
    /// The join code, once known.
    public var code: JoinCode?
    /// Whether this client is the teacher or a student, once welcomed.
    public var role: Welcome.Role?
    /// The lesson's model, once known.
    public var model: ModelKind?
    /// The metrics questions can be about.
    public var metrics: [MetricDescriptor] = []
    /// The model's current parameters.
    public var parameters: JSONValue = .object([:])
    /// The newest generation (and timeline) the client has heard of.
    public var position = TimelinePosition(timeline: 0, generation: 0)
    /// Generations per second while auto-running.
    public var running: Double?
    /// Why the run ended, once it has.
    public var runOver: String?
    /// Whether the teacher ended the lesson.
    public var ended = false
    /// How the lesson scores and names.
    public var options = LessonOptions()
    /// Every question asked, in order.
    public var questions: [QuestionInfo] = []
    /// Why each locked question locked.
    public var lockReasons: [QuestionID: LockReason] = [:]
    /// Why each cancelled question was withdrawn.
    public var cancelReasons: [QuestionID: String] = [:]
    /// The order questions last changed in (the panel shows the most recent one).
    public var questionActivity: [QuestionID: Int] = [:]
    private var activityCounter = 0
    /// This student's accepted answers.
    public var answers: [QuestionID: AnswerRecord] = [:]
    /// Hints this student took.
    public var hints: [QuestionID: String] = [:]
    /// The newest leaderboard (its `you` is this student's line).
    public var leaderboard = Leaderboard(top: [], you: nil, students: 0)
    /// This student (nil for the teacher).
    public var you: StudentProfile?
    /// Stats by generation on the current timeline.
    public var history: [Int: GenerationStats] = [:]
    /// The newest picture.
    public var picture: ModelPicture?
    /// What everyone learnt when each question resolved.
    public var resolutions: [QuestionID: Resolution] = [:]
    /// This student's own result of each resolved question.
    public var results: [QuestionID: PersonalResult] = [:]
    /// Every student (teacher only).
    public var roster: [StudentID: RosterEntry] = [:]
    /// How many have answered the open question (teacher only).
    public var answerCount: AnswerTally?
    /// The checkpoint's generation (teacher only).
    public var checkpoint: Int?
    /// The final leaderboard, once the lesson ended.
    public var summary: LessonSummary?
    /// This student's final score and closing sentence.
    public var closing: Closing?
    /// The built-in explanations and the model's story, once the server sent them (`guide`).
    public var guide: Guide?
    /// The latest replicates the teacher ran ("what else could have happened?"), drawn behind the chart.
    public var replicates: ReplicateBands?
    /// News for the user, oldest first (at most ``noticeLimit``).
    public var notices: [Notice] = []
    /// How many notices were ever posted (the list keeps only the newest), to find the new ones.
    public private(set) var noticesPosted = 0
    /// Server clock minus local clock, in milliseconds, once estimated.
    public var serverClockOffset: Int64?

    /// How many notices are kept.
    public static let noticeLimit = 100

    /// The notices posted after the first `seen` ever posted (as many of them as are still kept).
    public func notices(after seen: Int) -> ArraySlice<Notice> {
        notices.suffix(min(notices.count, max(0, noticesPosted - seen)))
    }

    /// A client that knows nothing yet.
    public init() {}

    /// The question that needs the user now: the open one, else the one that changed last.
    public var focusQuestion: QuestionInfo? {
        if let open = questions.last(where: { $0.state == .open }) { return open }
        return questions.max { (questionActivity[$0.id] ?? 0) < (questionActivity[$1.id] ?? 0) }
    }

    /// The question accepting answers, if any.
    public var openQuestion: QuestionInfo? { questions.last { $0.state == .open } }

    /// A metric's description, if the model has it.
    public func metric(named name: String) -> MetricDescriptor? {
        let base = name.split(separator: "(").first.map(String.init) ?? name
        return metrics.first { $0.name == name || $0.name.hasPrefix(base + "(") || $0.name == base }
    }

    /// The stats of the newest generation held.
    public var latestStats: GenerationStats? {
        history[position.generation] ?? history.keys.max().flatMap { history[$0] }
    }

    /// Milliseconds until a question's time limit, on the server's clock; nil without a limit.
    ///
    /// - Parameter now: The local wall-clock time.
    public func millisecondsLeft(_ question: QuestionInfo, now: Timestamp) -> Int64? {
        guard let closesAt = question.closesAt else { return nil }
        let serverNow = now.millisecondsSince1970 &+ (serverClockOffset ?? 0)
        return max(0, closesAt.millisecondsSince1970 - serverNow)
    }

    /// Adds a notice, dropping the oldest beyond ``noticeLimit``.
    public mutating func post(_ text: String, kind: Notice.Kind = .info, at now: Timestamp) {
        notices.append(Notice(text, kind: kind, at: now))
        noticesPosted += 1
        if notices.count > Self.noticeLimit { notices.removeFirst(notices.count - Self.noticeLimit) }
    }

    mutating func touch(_ question: QuestionID) {
        activityCounter += 1
        questionActivity[question] = activityCounter
    }
}
