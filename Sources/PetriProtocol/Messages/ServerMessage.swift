import PetriSimulation

/// Every message the server sends, keyed on the wire by `type`.
///
/// Structured payloads are flattened beside `type` (`{"type":"leaderboard","top":[...],...}`)
/// except where the payload is a document of its own (`definition`, `stats`, `snapshot`).
/// Snapshots are the only messages a slow client may miss (it gets the newest instead);
/// everything else is delivered in order.
package enum ServerMessage: Sendable, Hashable {
    /// A request failed; nothing changed. The connection stays usable.
    case error(ProtocolError)
    case pong
    /// A lesson was created (or imported, or cloned): its join code and the teacher's token.
    case created(code: JoinCode, teacherToken: AccessToken)
    /// The state a connection needs on joining or coming back.
    case welcome(Welcome)
    /// One student's line of the roster changed (teacher only).
    case student(RosterEntry)
    /// To teachers: the teacher erased this student; drop them from the roster (nothing of them is sent again).
    case studentErased(student: StudentID)
    /// The picture of a generation; `snapshot` is the model's own snapshot type as JSON.
    case snapshot(SnapshotHeader, JSONValue)
    /// One generation's stats (sent for every generation, never skipped).
    case stats(timeline: Int, stats: GenerationStats)
    /// Stats of a range of generations.
    case history(HistoryPage)
    /// A page of older questions, answering `questions`.
    case questions(QuestionPage)
    /// The lesson is auto-advancing at `rate` generations per second.
    case running(rate: Double)
    /// The lesson stopped auto-advancing.
    case paused
    /// The teacher changed the model (its stats and snapshot follow).
    case actionApplied(TimedAction)
    /// The teacher went back; drop history after `generation` (a new snapshot and stats follow).
    case rewound(TimelinePosition)
    /// The teacher restored the checkpoint; replace history after `generation`.
    case restored(TimelinePosition)
    /// The checkpoint was saved (teacher only).
    case checkpointSaved(generation: Int)
    /// The run ended, e.g. the population is extinct; the sentence says so.
    case runOver(message: Sentence)
    /// A question was asked.
    case question(QuestionInfo)
    /// A question stopped accepting answers.
    /// `lockedAt`: the server's time of the lock (the deadline itself when a time limit ran out);
    /// nil only from a server older than this field.
    case questionLocked(question: QuestionID, reason: LockReason, lockedAt: Timestamp? = nil)
    /// A question was withdrawn without scoring.
    case questionCancelled(question: QuestionID, reason: Sentence)
    /// The sender's answer was recorded at the server's time `answeredAt`.
    case answerAccepted(question: QuestionID, prediction: Prediction, answeredAt: Timestamp)
    /// How many students have answered the open question (teacher only), and who answered since
    /// the last count (`answeredBy`: empty on the count sent when the question opens; one count
    /// can carry many students, as the server sends one per batch of answers).
    case answerCount(question: QuestionID, answered: Int, students: Int, answeredBy: [StudentID] = [])
    /// The receiving student's own time: their extra time (percent of a question's limit on top) and,
    /// while a timed question is open, when it closes for them.
    case yourTime(extraTime: Int, question: QuestionID?, closesAt: Timestamp?)
    /// The hint text, for the student who took it.
    case hint(question: QuestionID, text: String)
    /// The teacher showed the class's anonymous spread of an open or locked question (everyone).
    case answersShown(question: QuestionID, spread: Spread)
    /// Replicates the teacher asked for: a metric's median and 10-90% band per generation (everyone).
    case replicates(ReplicateBands)
    /// Every reason given for a question, with who gave it (teacher only).
    case reasons(question: QuestionID, reasons: [StudentReason])
    /// Reasons the teacher chose to show the class (everyone; anonymous unless the teacher chose names).
    case reasonsShown(question: QuestionID, reasons: [SharedReason])
    /// The lesson report (teacher only): a CSV of points per student and question, a printable HTML page, and
    /// the same values as data for a page that lays the report out itself.
    case report(csv: String, html: String, data: ReportData)
    /// The built-in explanations and the model's story (answers `guide`).
    case guide(Guide)
    /// How many students joined and are online (observers only: counts, never names).
    case classSize(ClassSize)
    /// A hunt round began (to everyone; again to a screen that attaches mid-round).
    case huntStarted(HuntRoundInfo)
    /// A creature was eaten (to everyone, latest wins).
    case caught(HuntCatch)
    /// The sender's catch was stored; `left` is how many more they may catch this round.
    case catchAccepted(round: Int, creature: Int, left: Int)
    /// A hunt round ended and the generation stepped: caught against alive.
    case huntEnded(HuntSummary)
    /// The teacher changed what decides which creatures die.
    case selection(SelectionMode)
    /// A question resolved: the actual value, the class's spread, the leaderboard's top.
    case resolved(Resolution)
    /// The receiving student's own result of a resolved question.
    case result(PersonalResult)
    /// A resolved question's expected points arrived after its resolution (the replicates of its moment finished
    /// later): to everyone without `points`, then to each student who answered with their own.
    case expectedPoints(question: QuestionID, expected: Expected)
    /// The leaderboard changed outside a resolution (e.g. a student was removed).
    case leaderboard(Leaderboard)
    /// The lesson file (teacher only; it contains the seed).
    case definition(LessonDefinition)
    /// The results as CSV text (teacher only).
    case results(csv: String)
    /// The teacher ended the lesson: the final leaderboard.
    case lessonEnded(LessonSummary)
    /// The receiving student's final score and closing message.
    case closing(Closing)
    /// Every model's description, answering `describeModels`.
    case models([ModelDescription])
    /// Another node of a cluster runs the lesson with this code: connect to `url` and send the
    /// same `join`, `resume`, `teach` or `observe` there (PROTOCOL.md, "Clusters: redirect").
    case redirect(url: String, code: JoinCode)
    /// A teacher signed in (`signIn`, `choosePassword`): the session token to send with their requests.
    case signedIn(session: String, teacher: TeacherInfo)
    /// The session ended (`signOut`).
    case signedOut
    /// The teacher's live sessions (`sessions`, `revokeSession`).
    case sessions([SessionInfo])
    /// The lessons the teacher owns or shares (`myLessons`).
    case myLessons([TeacherLessonInfo])
    /// Who teaches a lesson now (`share`, `unshare`, `handOver`): the owner's name (absent: the administrator) and co-teachers'.
    case lessonTeachers(code: JoinCode, owner: String?, coTeachers: [String])
    /// Every teacher with their status, for the administrator (`teachers`, and after each change to one).
    case teachers([TeacherListing])
    /// A teacher's new one-time sign-in link's secret (`addTeacher`, `resetTeacher`), shown to the administrator
    /// once: the teacher opens `/teach#link=<link>`.
    case signInLink(teacher: String, link: String)
    /// Every registered LTI platform, for the administrator (`platforms`, `addPlatform`, `removePlatform`), with
    /// where Petri's LTI endpoints are on this server (the URLs the LMS's registration of Petri asks for).
    case platforms([PlatformRegistration], tool: LTIToolPaths)
    /// Why an `addPlatform` was refused: a sentence for each field to fix (nothing was registered).
    case platformProblems([PlatformProblem])
    /// Where the lesson stands in its plan (teacher only; after the welcome and whenever it moves).
    case plan(PlanState)
    /// The server's lesson plans, answering `describePlans`.
    case plans([PlanListing])
    /// What a plan would do with one seed, answering `previewPlan`.
    case planPreview(PlanPreview)
    /// The plan is saved under this name, answering `savePlan`.
    case planSaved(name: String)
    /// The plan of this name is no longer among the sender's plans, answering `removePlan`.
    case planRemoved(name: String)
    /// The plan `name` is shared by `link` (the token of its page `/plan/LINK`), answering `sharePlan`.
    case planShared(name: String, link: String)
    /// The link of the plan `name` is revoked, answering `unsharePlan`.
    case planUnshared(name: String)
    /// The plan a link opens, answering `openSharedPlan`.
    case sharedPlan(SharedPlan)
    /// Every mistake of a plan file sent with `previewPlan` or `savePlan`, with its line; nothing was saved.
    case planProblems([PlanProblem])
    /// A text the plan shows everyone: the teacher's own explanation or a section of the guide.
    case explanation(title: String?, paragraphs: [String])
    /// The language this connection's words now come in and the languages the server offers,
    /// answering `setLanguage`.
    case language(language: String, languages: [String])
    /// The lesson's make-up (teachers: after the teach welcome when the lesson has one, and whenever it changes).
    case makeup(MakeupInfo)
    /// Where the receiving make-up student stands in the class's history (after their welcome, and after every
    /// moment and pace change).
    case makeupPosition(MakeupPosition)
    /// The make-up was closed or ran out (to its students, before their connections close): the sentence says so.
    case makeupClosed(message: String)
}
