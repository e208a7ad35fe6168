import PetriLesson
import PetriProtocol
import PetriSimulation

extension LessonCommand {
    /// The lesson command for a message from an attached connection; nil for messages the
    /// hub handles itself (create, import, join, resume, teach, ping).
    init?(_ message: ClientMessage) {
        switch message {
        case .step(let count): self = .step(count: count)
        case .run(let rate): self = .run(rate: rate)
        case .pause: self = .pause
        case .setParameter(let name, let value): self = .act(.set(name: name, value: value))
        case .toggle(let x, let y): self = .act(.toggle(x: x, y: y))
        case .place(let pattern, let x, let y): self = .act(.place(pattern: pattern, x: x, y: y))
        case .rewind(let count): self = .rewind(count: count)
        case .checkpoint: self = .checkpoint
        case .restore: self = .restore
        case .clone(let changes): self = .clone(changes: changes)
        case .export: self = .exportDefinition
        case .kick(let student): self = .kick(student)
        case .eraseStudent(let student): self = .eraseStudent(student)
        case .extraTime(let student, let percent): self = .extraTime(student, percent: percent)
        case .end: self = .end
        case .ask(let spec): self = .ask(spec)
        case .closeQuestion(let question): self = .closeQuestion(question)
        case .exportResults: self = .exportResults
        case .showAnswers(let question): self = .showAnswers(question)
        case .replicates(let count, let horizon, let metric):
            self = .replicates(count: count, horizon: horizon, metric: metric)
        case .answer(let question, let prediction, let reason): self = .answer(question, prediction, reason: reason)
        case .reasons(let question): self = .reasons(question)
        case .guide: self = .guide
        case .report: self = .report
        case .showReasons(let question, let students, let names):
            self = .showReasons(question, students: students, names: names)
        case .hint(let question): self = .takeHint(question)
        case .history(let from, let to): self = .history(from: from, to: to)
        case .questions(let before, let limit): self = .questions(before: before, limit: limit)
        case .startHunt(let catches, let seconds): self = .startHunt(catches: catches, seconds: seconds)
        case .catchCreature(let creature): self = .catchCreature(creature)
        case .spot(let spotter): self = .spot(spotter)
        case .setSelection(let mode): self = .setSelection(mode)
        case .planNext: self = .plan(.next)
        case .planSkip: self = .plan(.skip)
        case .planPace(let pace): self = .plan(pace == .auto ? .auto : .teacher)
        case .create, .importLesson, .join, .resume, .teach, .observe, .ping, .describeModels, .describePlans,
            .startPlan, .previewPlan, .savePlan, .removePlan, .sharePlan, .unsharePlan, .openSharedPlan,
            .copySharedPlan, .signIn, .choosePassword, .account, .setLanguage,
            .openMakeup, .closeMakeup, .joinMakeup, .resumeMakeup, .makeupNext, .makeupPace:
            return nil
        }
    }
}

extension LessonCommand {
    /// Whether it brings a student in (`join`, `resume`): such commands wait in a queue of their
    /// own and a lesson takes a bounded slice of them per turn, after everything else.
    var isArrival: Bool {
        switch self {
        case .join, .resume: true
        default: false
        }
    }
}
