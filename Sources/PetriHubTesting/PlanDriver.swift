import PetriLesson
import PetriProtocol
import PetriSimulation

/// A lesson run from a plan with a pretend server around it, for tests: a manual time, a class that answers every
/// question at once, and the server's ticks, deadlines and plan timer sent when they are due. No real time passes.
///
/// ```swift
/// var driver = try PlanDriver<CamouflageModel>(text: ShippedPlans.files[1].text, seed: 1848, pace: .teacher, source: ())
/// try driver.join(3)
/// driver.runToEnd()
/// #expect(driver.asked.count == 6)
/// ```
package struct PlanDriver<Model: SteppingModel> {
    /// A hunt round as it started.
    package struct HuntStarted: Sendable, Hashable {
        package var round: Int
        package var generation: Int
        package var catches: Int

        package init(round: Int, generation: Int, catches: Int) {
            (self.round, self.generation, self.catches) = (round, generation, catches)
        }
    }

    /// A question as it was asked.
    package struct Asked: Sendable, Hashable {
        package var id: QuestionID
        package var askedAt: Int
        package var target: Int
        package var metric: String
        package var prompt: String?
    }

    package var lesson: Lesson<Model>
    package var now = Timestamp(millisecondsSince1970: 1_741_080_000_000)
    package private(set) var students: [StudentID] = []
    /// Every question asked, in order.
    package private(set) var asked: [Asked] = []
    /// Every resolution: the question and its actual value.
    package private(set) var resolved: [(QuestionID, Double)] = []
    /// Every persisted log entry, in order (to rebuild the lesson as a restart would).
    package private(set) var log: [LessonLogEntry] = []
    /// Every `explanation` shown to everyone.
    package private(set) var explanations: [String?] = []
    /// The plan's timer, when one is set.
    package private(set) var timer: Timestamp?
    /// Every error sent to the teacher (a skipped moment says why).
    package private(set) var teacherErrors: [ProtocolError] = []
    /// Every hunt round started: its number and the generation hunted.
    package private(set) var hunts: [HuntStarted] = []
    /// Every hunt round's end: the creatures caught in it.
    package private(set) var caught: [Int] = []
    /// The server's timer for the round under way.
    package private(set) var huntEnd: (round: Int, at: Timestamp)?
    package let definition: LessonDefinition
    package let configuration: LessonConfiguration
    package let teacherToken: AccessToken
    private var minted = 0

    /// A lesson of the plan `text`, with `seed`, starting at `pace`.
    package init(text: String, seed: UInt64, pace: PlanPace? = nil, source: Model.Source) throws {
        let plan = try PlanReader.read(text).get()
        definition = LessonDefinition(model: plan.model, seed: seed, parameters: plan.parameters)
        configuration = LessonConfiguration(
            options: plan.options, nameSeed: 7, plan: PlanCopy(name: nil, text: text, pace: pace))
        teacherToken = try AccessToken("plan-driver-teacher-token")
        lesson = try Lesson(
            definition: definition, teacherToken: teacherToken, configuration: configuration, source: source)
    }

    /// Sends a command at the driver's time and takes note of what the lesson did.
    @discardableResult
    package mutating func send(_ command: LessonCommand, as actor: Participant) -> LessonOutcome<Model> {
        let outcome = lesson.handle(command, from: actor, at: now)
        for effect in outcome.effects {
            switch effect {
            case .persist(let entry, _): log.append(entry)
            case .broadcast(.question(let info)):
                asked.append(
                    Asked(
                        id: info.id, askedAt: info.askedAt, target: info.target, metric: info.metric,
                        prompt: info.prompt))
            case .broadcast(.resolved(let resolution)): resolved.append((resolution.question, resolution.actual))
            case .broadcast(.explanation(let title, _)): explanations.append(title)
            case .schedulePlanTimer(let at): timer = at
            case .scheduleHuntEnd(let round, let at): huntEnd = (round, at)
            case .cancelHuntEnd: huntEnd = nil
            case .broadcast(.huntStarted(let info)):
                hunts.append(HuntStarted(round: info.round, generation: info.generation, catches: info.catches))
            case .broadcast(.huntEnded(let summary)): caught.append(summary.caughtBins.reduce(0, +))
            case .cancelPlanTimer: timer = nil
            case .send(.error(let error), .teacher): teacherErrors.append(error)
            case .attach(.student(let id), _): students.append(id)
            default: break
            }
        }
        return outcome
    }

    /// The teacher's command.
    @discardableResult
    package mutating func teacher(_ command: LessonCommand) -> LessonOutcome<Model> { send(command, as: .teacher) }

    /// `count` students join.
    package mutating func join(_ count: Int) throws {
        for _ in 0..<count {
            minted += 1
            let token = try AccessToken("plan-driver-student-\(minted)-token")
            send(.join(name: "Student \(minted)", token: token), as: .guest)
        }
    }

    /// The open question, if any.
    package var openQuestion: QuestionInfo? { lesson.questionInfos.last { $0.state == .open } }

    /// Every student answers the open question (the asked value, a range of no width around it, the first option,
    /// or 0.5).
    package mutating func answerOpenQuestion() {
        guard let question = openQuestion else { return }
        let prediction: Prediction
        switch question.kind {
        case .number: prediction = .number(question.askedValue.isFinite ? question.askedValue : 0)
        case .choice: prediction = .choice(0)
        case .probability: prediction = .probability(0.5)
        case .range:
            let value = question.askedValue.isFinite ? question.askedValue : 0
            prediction = .range(lower: value, upper: value)
        }
        for student in students { send(.answer(question.id, prediction), as: .student(student)) }
    }

    /// The class hunts the round under way: each student catches the round's allowance (the creatures not eaten yet,
    /// in id order), then the round ends when the server would end it (at once when everyone has caught, else at its
    /// time).
    package mutating func huntRound() {
        guard let info = lesson.huntInfo else { return }
        var left = info.creatures.map(\.id).sorted().filter { !info.eaten.contains($0) }[...]
        for student in students {
            for _ in 0..<info.catches {
                guard lesson.huntInfo?.round == info.round, let creature = left.popFirst() else { break }
                send(.catchCreature(creature), as: .student(student))
            }
        }
        guard lesson.huntInfo?.round == info.round, let end = huntEnd else { return }
        now = max(now, end.at)
        send(.huntEnd(round: end.round), as: .server)
    }

    /// One tick of the auto-run, a second (or the rate's interval) later.
    package mutating func tick() {
        if let rate = lesson.autoRunRate { now = now.adding(milliseconds: Int64((1000 / rate).rounded())) }
        send(.tick, as: .server)
    }

    /// Runs the plan to its end the way a teacher (Next at each moment) or an automatic plan would: ticks while
    /// running, answers each question, fires the plan's timer and question deadlines when they are due.
    ///
    /// - Returns: Whether the plan finished within `limit` steps.
    @discardableResult
    package mutating func runToEnd(limit: Int = 20_000) -> Bool {
        var answered: Set<QuestionID> = []
        for _ in 0..<limit {
            if lesson.huntInfo != nil {
                huntRound()
                continue
            }
            if lesson.autoRunRate != nil {
                tick()
                continue
            }
            if let open = openQuestion, !answered.contains(open.id) {
                answered.insert(open.id)
                answerOpenQuestion()
                continue
            }
            guard let state = lesson.planState else { return false }
            if state.finished { return true }
            switch state.waiting {
            case "pause":
                if let timer { now = max(now, timer) }
                send(.plan(.timer), as: .server)
            case "question":
                if let open = openQuestion, let closes = open.closesAt {
                    now = max(now, closes)
                    send(.deadline(open.id), as: .server)
                } else {
                    teacher(.plan(.next))
                }
            default:
                if teacher(.plan(.next)).rejection != nil { return false }
            }
        }
        return false
    }
}
