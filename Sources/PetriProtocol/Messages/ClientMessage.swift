import PetriSimulation

/// Every message a client may send, keyed on the wire by `type`.
///
/// Fields sit beside `type` in one flat object, e.g. `{"type":"step","count":5}`; see
/// PROTOCOL.md for every message with an example. Decoding checks types and text lengths;
/// the lesson checks ranges and meaning (and who may send what).
package enum ClientMessage: Sendable, Hashable {
    /// Creates a lesson (needs the server's teacher key); answered by `created`.
    case create(teacherKey: String, model: ModelKind, parameters: JSONValue?, seed: UInt64?, options: LessonOptions?)
    /// Creates a lesson from a lesson plan: one of the server's (`plan`, its name) or a plan file (`text`); needs
    /// the teacher key; answered by `created`. `rate` replaces the plan's rate for `run` moments that give none.
    case startPlan(
        teacherKey: String, plan: String?, text: String?, seed: UInt64?, pace: PlanPace?, rate: Double?,
        options: LessonOptions?)
    /// Lists the server's lesson plans (`plans`); `key`, when given, is checked as for `describeModels`.
    case describePlans(teacherKey: String?)
    /// Runs a plan file on a private copy of the simulation (`seed`, else the plan's, else a new one) and answers
    /// `planPreview`, or `planProblems` when it does not check; needs the teacher key or a teacher's session.
    case previewPlan(teacherKey: String, text: String, seed: UInt64?)
    /// Saves a plan file under `name` among the sender's plans (a signed-in teacher's own; the server's for the
    /// teacher key), replacing one of that name only when `replace`; answers `planSaved`, or `planProblems`.
    case savePlan(teacherKey: String, name: String, text: String, replace: Bool)
    /// Removes the plan `name` from the sender's plans (a signed-in teacher's own; the server's stored plans for
    /// the teacher key); answers `planRemoved`. Shipped plans and the plans folder's files are never removed.
    case removePlan(teacherKey: String, name: String)
    /// Shares the plan `name` of the sender's stored plans by link (the same link each time until it is revoked);
    /// answers `planShared`.
    case sharePlan(teacherKey: String, name: String)
    /// Revokes the link of the plan `name` of the sender's stored plans; answers `planUnshared`.
    case unsharePlan(teacherKey: String, name: String)
    /// Anyone, at any time: the plan a link opens (`sharedPlan`), to read it before copying it.
    case openSharedPlan(link: String)
    /// Copies the plan a link opens into the sender's plans (a signed-in teacher's own; the server's for the teacher
    /// key), under its name or, when that is taken, the first free `NAME-2`, `NAME-3`, ...; answers `planSaved`.
    case copySharedPlan(teacherKey: String, link: String)
    /// Teacher: does the plan's next moment, or rejoins the plan.
    case planNext
    /// Teacher: skips the plan's next moment (or the rest of the run under way).
    case planSkip
    /// Teacher: the plan runs itself (`auto`) or waits for Next (`teacher`).
    case planPace(PlanPace)
    /// Creates a lesson from a lesson file (needs the teacher key); answered by `created`.
    case importLesson(teacherKey: String, definition: LessonDefinition, options: LessonOptions?)
    /// Joins as a student; `name` is ignored in lessons that generate names. `language` (a BCP 47
    /// tag, on `join`, `resume`, `teach` and `observe`) asks for the connection's words in that language.
    case join(code: JoinCode, name: String?, language: String? = nil)
    /// Rejoins as the student the resume token belongs to.
    case resume(code: JoinCode, token: AccessToken, lastSeen: TimelinePosition?, language: String? = nil)
    /// Attaches as the teacher of a lesson.
    case teach(code: JoinCode, token: AccessToken, lastSeen: TimelinePosition?, language: String? = nil)
    /// Attaches as a read-only observer (the projector view); needs the teacher token.
    case observe(code: JoinCode, token: AccessToken, lastSeen: TimelinePosition?, language: String? = nil)
    /// Anyone, in a lesson or not: the connection's words from now on in this language (answered by `language`).
    case setLanguage(language: String)
    /// Teacher: advances 1...100 generations.
    case step(count: Int)
    /// Teacher: auto-advances at `rate` generations per second (0 < rate <= 30).
    case run(rate: Double)
    /// Teacher: stops auto-advancing.
    case pause
    /// Teacher: changes one model parameter now.
    case setParameter(name: String, value: ParameterValue)
    /// Teacher: flips one tile or cell.
    case toggle(x: Int, y: Int)
    /// Teacher: stamps a pattern with its top-left corner at (x, y).
    case place(pattern: String, x: Int, y: Int)
    /// Teacher: goes back `count` generations, exactly.
    case rewind(count: Int)
    /// Teacher: saves the current state as the checkpoint.
    case checkpoint
    /// Teacher: goes back to the checkpoint.
    case restore
    /// Teacher: starts a new lesson branched from this generation with these parameter changes.
    case clone(changes: [ParameterChange])
    /// Teacher: asks for the lesson file (`definition`).
    case export
    /// Teacher: removes a student for good.
    case kick(student: StudentID)
    /// Teacher: erases a student (their name, reasons and lines; see PROTOCOL.md).
    case eraseStudent(student: StudentID)
    /// Gives a student extra time on timed questions: `percent` of the limit on top (0 takes it away).
    case extraTime(student: StudentID, percent: Int)
    /// Teacher: ends the lesson.
    case end
    /// Teacher: asks a question.
    case ask(QuestionSpec)
    /// Teacher: stops accepting answers to the open question.
    case closeQuestion(question: QuestionID)
    /// Teacher: asks for the results as CSV (`results`).
    case exportResults
    /// Teacher or observer: shows the class's anonymous spread of an open or locked question.
    case showAnswers(question: QuestionID)
    /// Teacher: runs `count` replicates (1...200) of the present `horizon` generations ahead (1...200) and
    /// broadcasts the `metric`'s bands (`replicates`).
    case replicates(count: Int, horizon: Int, metric: String)
    /// Teacher: starts a hunt round of the current generation (`catches` 1...20, default 3; `seconds` 3...120,
    /// default 10).
    case startHunt(catches: Int?, seconds: Int?)
    /// Student: catches the creature with this id in the hunt round under way.
    case catchCreature(creature: Int)
    /// Student: takes the spotter role (true: counts the catches instead of hunting, so the round does not wait for
    /// their catches) or hunts again (false).
    case spot(spotter: Bool)
    /// Teacher: what decides which creatures die from the next generation on.
    case setSelection(SelectionMode)
    /// Student: answers (or changes the answer to) a question, optionally with a short reason.
    case answer(question: QuestionID, prediction: Prediction, reason: String? = nil)
    /// Teacher: asks for every reason given for a question (`reasons`).
    case reasons(question: QuestionID)
    /// Teacher: shows the chosen students' reasons to everyone, anonymously unless `names` is true.
    case showReasons(question: QuestionID, students: [StudentID], names: Bool = false)
    /// Student: reveals the hint, which halves the question's points.
    case hint(question: QuestionID)
    /// Anyone: asks for stats of generations `from...to` (defaults: 0 and the current one).
    case history(from: Int?, to: Int?)
    /// Teacher or student: questions asked before `before` (the newest when absent), at most
    /// `limit` (default 20, at most 100); answered by a `questions` page.
    case questions(before: QuestionID?, limit: Int?)
    /// Teacher: asks for the lesson report (`report`: CSV and a printable HTML page).
    case report
    /// Anyone attached: asks for the built-in explanations and the model's story (`guide`).
    case guide
    /// Anyone: checks the connection; answered by `pong`.
    case ping
    /// Anyone, before or without a lesson: every model's parameters, scenarios and metrics (`models`).
    /// A teacher key, when given, is checked first, so a page can sign a teacher in with it.
    case describeModels(teacherKey: String?)
    /// Signs a teacher in with their name (or email) and password; answered by `signedIn`.
    case signIn(name: String, password: String)
    /// Chooses a password with a one-time sign-in link, and signs in; answered by `signedIn`.
    case choosePassword(link: String, password: String)
    /// A signed-in teacher's request, with the session token `signedIn` gave.
    case account(session: String, request: AccountRequest)
    /// Teacher: opens (or reopens) the lesson's make-up, running or ended, taking students until `until` when
    /// given; answered by `makeup` to the lesson's teachers.
    case openMakeup(until: Timestamp?)
    /// Teacher: closes the make-up (its students are told and closed); answered by `makeup`.
    case closeMakeup
    /// Joins a lesson's make-up with its make-up code (a new connection); answered by a student `welcome` (with
    /// the make-up id and resume token in `you`), the lesson's start and `makeupPosition`.
    case joinMakeup(code: JoinCode, name: String?, language: String? = nil)
    /// Comes back to a make-up with its resume token (any device); answered as `joinMakeup`, then everything
    /// the student had been sent, up to where they were.
    case resumeMakeup(code: JoinCode, token: AccessToken, language: String? = nil)
    /// Make-up student: moves to the class's next moment.
    case makeupNext
    /// Make-up student: chooses the pace (`seconds` between moments at `auto`, 1...60, default 3).
    case makeupPace(MakeupPace, seconds: Int?)
}
