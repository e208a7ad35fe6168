import PetriProtocol
import PetriSimulation

/// Runs a plan before class on a private lesson of its own, with no students, to see what its questions would do
/// with one seed (``PlanPreview``). Pure: pretend time, no I/O; the caller runs it off any lesson's actor and
/// bounds it (`shouldStop`, asked between steps and by the replicates).
///
/// The lesson is teacher-paced whatever the plan says: Next at every moment, each question closed by its
/// deadline or by Next, so the plan's questions are asked at the generations a class would see them. At each
/// question the preview also runs `replicates` copies of that moment to its target, for the spread.
package enum PlanPreviewRun {
    /// Most replicates a preview runs per question (the server's choice, 1 to this).
    package static let maxReplicates = 50
    /// Most commands a preview sends before it stops (a bound on its size, besides the plan's own generations).
    package static let maxSteps = 50_000

    /// Previews `plan` (its checked file `text`) with `seed`, for the model `maker` makes.
    ///
    /// - Returns: The preview, with `finished` false when `shouldStop` or the size bound stopped it first.
    package static func run(
        _ plan: LessonPlan, text: String, seed: UInt64, maker: any ModelMaker, replicates: Int,
        maxGenerations: Int = 100_000, shouldStop: @escaping () -> Bool = { false }
    ) throws(ProtocolError) -> PlanPreview {
        func open<M: ModelMaker>(_ maker: M) throws(ProtocolError) -> PlanPreview {
            var run = try Runner<M.Model>(
                plan: plan, text: text, seed: seed, source: maker.source, maxGenerations: maxGenerations,
                replicates: min(max(replicates, 1), maxReplicates), shouldStop: shouldStop)
            return run.preview()
        }
        return try open(maker)
    }

    /// How many of `traces` end in each option: the first option whose condition holds for the trace's value at
    /// the target (a trace whose run ended is over, as a lesson's run that died out is).
    static func optionCounts(_ options: [ChoiceOption], traces: [ReplicateTrace], asked: Double) -> [Int] {
        var counts = Array(repeating: 0, count: options.count)
        for trace in traces {
            guard let value = trace.values.last else { continue }
            let over = trace.endedAt != nil
            if let index = options.firstIndex(where: { $0.when.holds(for: value, asked: asked, runIsOver: over) }) {
                counts[index] += 1
            }
        }
        return counts
    }

    struct Runner<Model: SteppingModel> {
        var lesson: Lesson<Model>
        let plan: LessonPlan
        let seed: UInt64
        let replicates: Int
        let shouldStop: () -> Bool
        var now = Timestamp(millisecondsSince1970: 1_741_080_000_000)
        var timer: Timestamp?
        var questions: [PlanPreview.Question] = []
        var ids: [QuestionID] = []
        var hunts: [PlanPreview.Hunt] = []
        /// The hunt round under way and when the server would end it (no class catches in a preview).
        var huntEnd: (round: Int, at: Timestamp)?

        init(
            plan: LessonPlan, text: String, seed: UInt64, source: Model.Source, maxGenerations: Int,
            replicates: Int, shouldStop: @escaping () -> Bool
        ) throws(ProtocolError) {
            self.plan = plan
            self.seed = seed
            self.replicates = replicates
            self.shouldStop = shouldStop
            lesson = try Lesson(
                definition: LessonDefinition(model: plan.model, seed: seed, parameters: plan.parameters),
                teacherToken: try AccessToken("plan-preview-teacher-token"),
                configuration: LessonConfiguration(
                    options: plan.options, maxGenerations: maxGenerations,
                    plan: PlanCopy(name: nil, text: text, pace: .teacher)),
                source: source)
        }

        mutating func send(_ command: LessonCommand, as actor: Participant) -> Bool {
            let outcome = lesson.handle(command, from: actor, at: now)
            for effect in outcome.effects {
                switch effect {
                case .broadcast(.question(let info)): asked(info)
                case .broadcast(.resolved(let resolution)): resolved(resolution)
                case .schedulePlanTimer(let at): timer = at
                case .scheduleHuntEnd(let round, let at): huntEnd = (round, at)
                case .broadcast(.huntStarted(let info)): huntStarted(info)
                case .cancelPlanTimer: timer = nil
                default: break
                }
            }
            return outcome.rejection == nil
        }

        /// A question the plan asked: noted with its moment, and its moment's replicates run to the target.
        mutating func asked(_ info: QuestionInfo) {
            let moment = max(0, (lesson.planState?.next ?? 1) - 1)
            let line = plan.moments.indices.contains(moment) ? plan.moments[moment].line : 0
            var spread: PlanPreview.Spread?
            var optionCounts: [Int]?
            if let metric = try? MetricID(parsing: info.metric), info.target > info.askedAt,
                let traces = Replicates.run(
                    from: lesson.run.model, lessonSeed: seed, indices: 0..<replicates,
                    horizon: min(info.target - info.askedAt, Replicates.maxHorizon), metric: metric,
                    shouldStop: shouldStop)
            {
                spread = PlanPreview.Spread(of: traces.compactMap(\.values.last))
                if case .choice(let options) = info.kind {
                    optionCounts = PlanPreviewRun.optionCounts(options, traces: traces, asked: info.askedValue)
                }
            }
            ids.append(info.id)
            questions.append(
                PlanPreview.Question(
                    moment: moment, line: line, prompt: info.prompt, metric: info.metric, kind: info.kind,
                    askedAt: info.askedAt, target: info.target,
                    asked: info.askedValue.isFinite ? info.askedValue : nil, spread: spread,
                    optionCounts: optionCounts))
        }

        /// A round started: noted when a hunt moment of the plan started it (a `run` in a lesson whose selection is
        /// the class hunts at every generation as well; those are the run's, not moments of their own).
        mutating func huntStarted(_ info: HuntRoundInfo) {
            let moment = (lesson.planState?.next ?? 0) - 1
            guard plan.moments.indices.contains(moment), case .hunt = plan.moments[moment].action,
                !hunts.contains(where: { $0.moment == moment })
            else { return }
            hunts.append(PlanPreview.Hunt(moment: moment, line: plan.moments[moment].line, generation: info.generation))
        }

        mutating func resolved(_ resolution: Resolution) {
            guard let index = ids.firstIndex(of: resolution.question) else { return }
            questions[index].outcome = resolution.actual.isFinite ? resolution.actual : nil
            questions[index].correctOption = resolution.correctOption
            questions[index].happened = resolution.eventHappened
        }

        mutating func preview() -> PlanPreview {
            var finished = false
            for _ in 0..<maxSteps {
                if shouldStop() { break }
                guard let state = lesson.planState else { break }
                if state.finished, lesson.autoRunRate == nil {
                    finished = true
                    break
                }
                // A round under way ends when the server's timer says so: nobody catches anything in a preview.
                if lesson.huntInfo != nil, let end = huntEnd {
                    now = max(now, end.at)
                    huntEnd = nil
                    _ = send(.huntEnd(round: end.round), as: .server)
                    continue
                }
                if let rate = lesson.autoRunRate {
                    now = now.adding(milliseconds: Int64((1000 / rate).rounded()))
                    _ = send(.tick, as: .server)
                    continue
                }
                switch state.waiting {
                case "pause":
                    if let timer { now = max(now, timer) }
                    _ = send(.plan(.timer), as: .server)
                case "question":
                    if let open = lesson.questionInfos.last(where: { $0.state == .open }), let closes = open.closesAt {
                        now = max(now, closes)
                        _ = send(.deadline(open.id), as: .server)
                    } else if !send(.plan(.next), as: .teacher) {
                        return result(finished: false)
                    }
                default:
                    if !send(.plan(.next), as: .teacher) { return result(finished: false) }
                }
            }
            if finished { stepToTargets() }
            return result(finished: finished)
        }

        /// A question whose target lies beyond the plan's last moment resolves in class once the teacher runs on:
        /// the preview steps there too, so every question has its outcome.
        mutating func stepToTargets() {
            while !shouldStop(), let target = questions.filter({ $0.outcome == nil }).map(\.target).max(),
                lesson.run.generation < target
            {
                if !send(.step(count: min(100, target - lesson.run.generation)), as: .teacher) { return }
            }
        }

        func result(finished: Bool) -> PlanPreview {
            PlanPreview(
                seed: seed, replicates: replicates, questions: questions, generation: lesson.run.generation,
                finished: finished, hunts: hunts)
        }
    }
}
