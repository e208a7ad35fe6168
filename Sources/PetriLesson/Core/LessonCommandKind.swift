/// The stable name of each kind of ``LessonCommand``: what a store writes beside each log
/// entry (the `kind` column of the action log), so the log can be read, filtered and counted
/// without decoding its payloads.
///
/// These names are stored data. Never rename or reuse one: add a case for a new command. They
/// are the commands' case names, which is also what the log held before they were spelled
/// out here, so earlier logs read the same.
package enum LessonCommandKind: String, Sendable, Hashable, CaseIterable, Codable {
    case join
    case resume
    case attachTeacher
    case attachObserver
    case left
    case tick
    case deadline
    case step
    case run
    case pause
    case act
    case rewind
    case checkpoint
    case restore
    case clone
    case exportDefinition
    case kick
    case extraTime
    case end
    case ask
    case closeQuestion
    case exportResults
    case showAnswers
    case answer
    case takeHint
    case history
    case questions
    case replicates
    case replicatesFinished
    case reasons
    case showReasons
    case guide
    case report
    case plan
    case huntEnd
    case startHunt
    case setSelection
    case catchCreature
    case eraseStudent
    case spot
}

extension LessonCommand {
    /// The command's stable name (see ``LessonCommandKind``).
    package var kind: LessonCommandKind {
        switch self {
        case .join: .join
        case .resume: .resume
        case .attachTeacher: .attachTeacher
        case .attachObserver: .attachObserver
        case .left: .left
        case .tick: .tick
        case .deadline: .deadline
        case .step: .step
        case .run: .run
        case .pause: .pause
        case .act: .act
        case .rewind: .rewind
        case .checkpoint: .checkpoint
        case .restore: .restore
        case .clone: .clone
        case .exportDefinition: .exportDefinition
        case .kick: .kick
        case .eraseStudent: .eraseStudent
        case .extraTime: .extraTime
        case .end: .end
        case .ask: .ask
        case .closeQuestion: .closeQuestion
        case .exportResults: .exportResults
        case .showAnswers: .showAnswers
        case .answer: .answer
        case .takeHint: .takeHint
        case .history: .history
        case .questions: .questions
        case .replicates: .replicates
        case .replicatesFinished: .replicatesFinished
        case .reasons: .reasons
        case .showReasons: .showReasons
        case .guide: .guide
        case .report: .report
        case .plan: .plan
        case .huntEnd: .huntEnd
        case .startHunt: .startHunt
        case .setSelection: .setSelection
        case .catchCreature: .catchCreature
        case .spot: .spot
        }
    }
}
