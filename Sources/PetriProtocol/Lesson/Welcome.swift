import PetriSimulation

/// A student's own identity and standing, as sent to them.
package struct StudentProfile: Sendable, Hashable, Codable {
    package var student: StudentID
    package var name: String
    /// The resume token: sent once, in the welcome that follows a join; keep it to reconnect.
    package var token: AccessToken?
    package var score: Int
    package var streak: Int
    /// The name the student typed (cleaned), when it was taken and `name` is the one they were
    /// given instead ("ada" when "Ada" is here: `name` is "ada 2"). Only in the welcome that
    /// follows a join, like `token`; clients tell the student.
    package var requestedName: String?

    package init(
        student: StudentID, name: String, token: AccessToken?, score: Int, streak: Int, requestedName: String? = nil
    ) {
        self.student = student
        self.name = name
        self.token = token
        self.score = score
        self.streak = streak
        self.requestedName = requestedName
    }
}

/// Everything a connection needs when it joins or comes back, except the history and the
/// picture, which follow as `history` pages (from `historyFrom`) and a `snapshot`.
package struct Welcome: Sendable, Hashable, Codable {
    /// `observer`: the read-only projector view (attached with `observe` and the teacher token).
    package enum Role: String, Sendable, Hashable, Codable { case teacher, student, observer }

    package var role: Role
    /// The student's own profile (nil for the teacher).
    package var you: StudentProfile?
    package var model: ModelKind
    package var metrics: [MetricDescriptor]
    /// The model's current parameters (never the seed).
    package var parameters: JSONValue
    package var position: TimelinePosition
    /// Generations per second while auto-running, nil while paused.
    package var running: Double?
    /// Why the run ended (e.g. extinction), if it has.
    package var runOver: String?
    /// Whether the teacher ended the lesson.
    package var ended: Bool
    package var options: LessonOptions
    /// The newest questions asked so far (at most ``QuestionPaging/welcomeWindow``), oldest
    /// first, with their state (at most one is open, and it is always listed).
    package var questions: [QuestionInfo]
    /// How many older questions were left out of `questions` (absent when none): page them with `questions`.
    package var olderQuestions: Int?
    /// The student's own answers to the listed questions (empty for the teacher).
    package var answers: [AnswerRecord]
    package var leaderboard: Leaderboard
    /// The first generation of the `history` pages that follow.
    package var historyFrom: Int
    /// True when the client had been here before and generations (or a rewind) happened while it was away.
    package var missed: Bool
    /// Every student (teacher only).
    package var roster: [RosterEntry]?
    /// The generation of the saved checkpoint (teacher only).
    package var checkpoint: Int?
    /// How many students have answered the open question (teacher only; absent with no open question).
    package var answered: Int?
    /// Who answered the open question, by student id, ascending (teacher only; with `answered`).
    package var answeredBy: [StudentID]?
    /// The lesson's join code, for the projector to show (observer only).
    package var code: JoinCode?
    /// How many students joined and are online (observer only).
    package var classSize: ClassSize?
    /// How clients show the lesson's model (its ``ModelDescription/presentation``); absent from an older server,
    /// when clients draw nothing model-specific.
    package var presentation: ModelPresentation?
    /// The language this connection's words come in (a BCP 47 tag); absent when it is English and
    /// the connection asked for no language, so such clients get the same bytes as before languages.
    package var language: String?
    /// The languages the server offers (with `language`).
    package var languages: [String]?

    package init(
        role: Role, you: StudentProfile?, model: ModelKind, metrics: [MetricDescriptor], parameters: JSONValue,
        position: TimelinePosition, running: Double?, runOver: String?, ended: Bool, options: LessonOptions,
        questions: [QuestionInfo], answers: [AnswerRecord], leaderboard: Leaderboard, historyFrom: Int,
        missed: Bool, roster: [RosterEntry]?, checkpoint: Int?, answered: Int? = nil, answeredBy: [StudentID]? = nil,
        olderQuestions: Int? = nil, code: JoinCode? = nil, classSize: ClassSize? = nil,
        presentation: ModelPresentation? = nil
    ) {
        self.role = role
        self.you = you
        self.model = model
        self.metrics = metrics
        self.parameters = parameters
        self.position = position
        self.running = running
        self.runOver = runOver
        self.ended = ended
        self.options = options
        self.questions = questions
        self.answers = answers
        self.leaderboard = leaderboard
        self.historyFrom = historyFrom
        self.missed = missed
        self.roster = roster
        self.checkpoint = checkpoint
        self.answered = answered
        self.answeredBy = answeredBy
        self.olderQuestions = olderQuestions
        self.code = code
        self.classSize = classSize
        self.presentation = presentation
    }
}
