import PetriProtocol
import PetriSimulation

/// Running a lesson plan: the moments of its timeline done in order, teacher-paced (each at the teacher's Next) or
/// automatic (each as soon as the one before it is over), with the teacher free to step off it (ask another question,
/// pause, step) and rejoin it with Next.
///
/// Everything here happens while the lesson handles a logged command (the teacher's `plan` steps, ticks, question
/// deadlines, the plan's timer), so replaying the log runs the plan again exactly.
extension Lesson {
    /// The plan's run from the configuration's copy of the plan.
    ///
    /// - Throws: `invalid-definition` when the copy does not read as a plan.
    static func planRun(from configuration: LessonConfiguration) throws(ProtocolError) -> PlanRun? {
        guard let copy = configuration.plan else { return nil }
        switch PlanReader.read(copy.text) {
        case .success(var plan):
            if let rate = copy.rate { plan.rate = rate }
            return PlanRun(plan: plan, name: copy.name, pace: copy.pace ?? plan.pace)
        case .failure(let problems):
            throw ProtocolError(.invalidDefinition, PlanWords.planDoesNotRead(problems))
        }
    }

    /// Where the lesson stands in its plan, as the teacher's console shows it (nil without a plan).
    package var planState: PlanState? {
        guard var state = plan?.state else { return nil }
        // A hunt round under way holds the plan (it goes on when the round ends), whoever started it.
        if hunt != nil, state.waiting == PlanWait.none.word { state.waiting = "hunt" }
        return state
    }

    /// The moments skipped so far, for the report (indexes from 0).
    package var skippedPlanMoments: [Int] { plan?.skipped ?? [] }

    /// The teacher's plan steps and the plan's timer.
    mutating func planStep(_ step: PlanStep, at now: Timestamp) throws(ProtocolError) -> [Effect] {
        guard var state = plan else { throw ProtocolError(.notAuthorised, PlanWords.noPlan) }
        var effects: [Effect] = []
        switch step {
        case .next:
            switch state.waiting {
            case .run(let generation), .arrive(let generation):
                if let sentence = runOverSentence { throw ProtocolError(.runOver, PlanWords.runOver(sentence)) }
                guard runRate == nil else {
                    throw ProtocolError(.invalidAction, PlanWords.stillRunning(to: generation))
                }
                // The teacher paused on the way: Next runs on to where the plan was going.
                effects += try startRunning(rate: state.currentRate)
                return effects
            case .question(let id):
                if let index = openQuestionIndex, questions[index].id == id {
                    effects += try close(id, at: now)
                }
                state.waiting = .none
            case .until:
                effects.append(.cancelPlanTimer)
                state.waiting = .none
            case .teacher:
                state.waiting = .none
            case .none:
                guard state.next < state.plan.moments.count else {
                    throw ProtocolError(.invalidAction, PlanWords.planFinished)
                }
                // Nothing else can happen while the class hunts: the plan goes on once the round is over.
                try checkNoHunt()
            }
            plan = state
            if plan?.waiting == PlanWait.none, let next = plan?.next, next < state.plan.moments.count {
                doNextMoment(at: now, into: &effects)
            }
        case .skip:
            switch state.waiting {
            case .run:
                // The rest of the run: the run moment counts as skipped.
                stopRunning(into: &effects)
                state.skipped.append(state.next - 1)
                state.waiting = .none
            case .arrive:
                stopRunning(into: &effects)
                state.skipped.append(state.next)
                state.next += 1
                state.waiting = .none
            default:
                guard state.next < state.plan.moments.count else {
                    throw ProtocolError(.invalidAction, PlanWords.planFinished)
                }
                state.skipped.append(state.next)
                state.next += 1
            }
            plan = state
        case .auto, .teacher:
            state.pace = step == .auto ? .auto : .teacher
            plan = state
        case .timer:
            guard case .until(let time) = state.waiting, now >= time else { return [] }
            state.waiting = .none
            plan = state
        }
        return effects
    }

    /// Moves the plan on as far as it can go: ends the waits that are over, and in an automatic plan does the moments
    /// that follow. Called after every logged command.
    mutating func continuePlan(at now: Timestamp, into effects: inout [Effect]) {
        while var state = plan {
            switch state.waiting {
            case .run(let to):
                if run.generation < to, let over = runOverError {
                    // The run ended on the way (extinction): the rest of the run is skipped, and the plan goes on.
                    skipMoment(state.next - 1, because: over, into: &effects)
                    continue
                }
                guard run.generation >= to else { return }
                stopRunning(into: &effects)
                state.waiting = .none
                plan = state
            case .arrive(let at):
                if run.generation < at, let over = runOverError {
                    skipMoment(state.next, because: over, into: &effects)
                    continue
                }
                guard run.generation >= at else { return }
                stopRunning(into: &effects)
                state.waiting = .none
                plan = state
                // The moment the plan ran there for happens now, whatever the pace.
                doNextMoment(at: now, into: &effects, arrived: true)
                continue
            case .question(let id):
                // An automatic plan moves on when the question locks, or as soon as every student has answered.
                if let question = questions.first(where: { $0.id == id }), question.state == .open {
                    let answered = question.answers.keys.filter { roster[$0]?.isKicked == false }.count
                    guard roster.activeCount > 0, answered >= roster.activeCount else { return }
                }
                state.waiting = .none
                plan = state
            case .until, .teacher:
                return
            case .none:
                // A hunt round under way (the plan's, or the teacher's own): the plan goes on when it ends.
                guard hunt == nil else { return }
            }
            guard state.pace == .auto, state.next < state.plan.moments.count else { return }
            doNextMoment(at: now, into: &effects)
        }
    }

    /// Does the next moment (or starts running to its `at`). A moment that cannot be done is skipped, and the
    /// teacher told why.
    mutating func doNextMoment(at now: Timestamp, into effects: inout [Effect], arrived: Bool = false) {
        guard var state = plan, state.next < state.plan.moments.count else { return }
        let index = state.next
        let moment = state.plan.moments[index]
        if !arrived, let at = moment.at, run.generation < at {
            do {
                stopRunning(into: &effects)
                effects += try startRunning(rate: state.plan.rate)
                state.waiting = .arrive(at: at)
                state.currentRate = state.plan.rate
                plan = state
            } catch {
                skipMoment(index, because: error, into: &effects)
            }
            return
        }
        state.next += 1
        plan = state
        // A moment is done as a whole or not at all: a refusal halfway leaves the lesson as it was before it.
        let before = self
        var done: [Effect] = []
        do {
            try perform(moment.action, at: now, into: &done)
            effects += done.map(Self.toTeacher)
        } catch {
            self = before
            skipMoment(index, because: error, into: &effects)
        }
    }

    private mutating func skipMoment(_ index: Int, because error: ProtocolError, into effects: inout [Effect]) {
        guard var state = plan else { return }
        if !state.skipped.contains(index) { state.skipped.append(index) }
        state.next = max(state.next, index + 1)
        state.waiting = .none
        plan = state
        let line = state.plan.moments[index].line
        effects.append(
            .send(
                .error(ProtocolError(error.code, PlanWords.skipped(index + 1, line: line, error))), to: .teacher
            ))
    }

    private mutating func perform(_ action: PlanAction, at now: Timestamp, into effects: inout [Effect])
        throws(ProtocolError)
    {
        guard var state = plan else { return }
        switch action {
        case .run(let to, let rate):
            guard run.generation < to else { return }
            stopRunning(into: &effects)
            let rate = rate ?? state.plan.rate
            effects += try startRunning(rate: rate)
            state.waiting = .run(to: to)
            state.currentRate = rate
        case .pause(let seconds):
            stopRunning(into: &effects)
            if state.pace == .auto {
                if let seconds {
                    let until = now.adding(seconds: seconds)
                    state.waiting = .until(until)
                    effects.append(.schedulePlanTimer(at: until))
                } else {
                    state.waiting = .teacher
                }
            }
        case .ask(let spec):
            stopRunning(into: &effects)
            if let open = openQuestionIndex { effects += try close(questions[open].id, at: now) }
            effects += try ask(spec, at: now)
            let id = QuestionID(questions.count)
            state.question = id
            if state.pace == .auto { state.waiting = .question(id) }
        case .reveal:
            guard let question = state.question else {
                throw ProtocolError(.unknownQuestion, PlanWords.revealWithoutQuestion)
            }
            effects += try showAnswers(question)
        case .explain(let title, let text, let guide):
            if let guide {
                guard let section = Guide().section(guide) else {
                    throw ProtocolError(.invalidField, PlanWords.unknownGuide(guide, ids: Guide().sections.map(\.id)))
                }
                effects.append(.broadcast(.explanation(title: section.title, paragraphs: section.paragraphs)))
            } else {
                let paragraphs = Self.paragraphs(of: text ?? "").map {
                    TextSanitiser.clean($0, maxCharacters: PlanLimits.text)
                }.filter { !$0.isEmpty }
                effects.append(
                    .broadcast(
                        .explanation(
                            title: title.map { TextSanitiser.clean($0, maxCharacters: PlanLimits.title) },
                            paragraphs: paragraphs)))
            }
        case .set(let name, let value):
            effects += try act(.set(name: name, value: value))
        case .checkpoint:
            effects += saveCheckpoint()
        case .replicates(let count, let horizon, let metric):
            effects += try requestReplicates(count: count, horizon: horizon, metric: metric)
        case .hunt(let seconds, let catches):
            stopRunning(into: &effects)
            effects += try startHunt(catches: catches, seconds: seconds, at: now)
        }
        plan = state
    }

    /// The text's paragraphs: the parts between blank lines.
    static func paragraphs(of text: String) -> [String] {
        var paragraphs: [String] = []
        var current: [Substring] = []
        for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
            if line.allSatisfy(\.isWhitespace) {
                if !current.isEmpty { paragraphs.append(current.joined(separator: " ")) }
                current = []
            } else {
                current.append(line)
            }
        }
        if !current.isEmpty { paragraphs.append(current.joined(separator: " ")) }
        return paragraphs
    }

    /// A reply of a moment's handler goes to the teacher: the command that did the moment may be the server's tick.
    private static func toTeacher(_ effect: Effect) -> Effect {
        if case .reply(let message) = effect { return .send(message, to: .teacher) }
        return effect
    }
}
