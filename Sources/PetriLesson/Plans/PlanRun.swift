import PetriProtocol
import PetriSimulation

/// A plan as a lesson recorded it when it was created: the file's text (and its content hash), its name among the
/// server's plans, and the pace it started at. Kept in the lesson's configuration, so restarts, takeovers and
/// replays run the very same plan whatever became of the server's copy.
package struct PlanCopy: Sendable, Hashable, Codable {
    /// The plan's name among the server's plans (nil for a plan sent as text).
    package var name: String?
    /// FNV-1a 64 of `text`, 16 hex digits (as a model file's copy).
    package var hash: String
    /// The plan file exactly as the lesson runs it.
    package var text: String
    /// The pace the lesson starts at (the plan's own when nil).
    package var pace: PlanPace?
    /// The rate of `run` moments that give none, instead of the plan's (the demo's `PETRI_DEMO_RATE`).
    package var rate: Double?

    package init(name: String?, text: String, pace: PlanPace? = nil, rate: Double? = nil) {
        self.name = name
        self.hash = TraitModelSource.hash(of: text)
        self.text = text
        self.pace = pace
        self.rate = rate
    }
}

/// What a plan's moment waits for before the plan goes on.
enum PlanWait: Sendable, Hashable {
    /// Nothing: the next moment may start.
    case none
    /// A `run` moment: the simulation reaching this generation.
    case run(to: Int)
    /// The next moment's `at`: the simulation reaching this generation, then the moment happens.
    case arrive(at: Int)
    /// An automatic plan's question: until it locks.
    case question(QuestionID)
    /// An automatic plan's timed pause: until this time (a plan timer).
    case until(Timestamp)
    /// A pause in an automatic plan that waits for the teacher's Next.
    case teacher

    /// The word the console shows (``PlanState/waiting``).
    var word: String {
        switch self {
        case .none: "none"
        case .run, .arrive: "run"
        case .question: "question"
        case .until: "pause"
        case .teacher: "teacher"
        }
    }
}

/// Where a lesson stands in its plan: part of the lesson's state (saved, and rebuilt by replaying the log).
struct PlanRun: Sendable, Hashable {
    /// The plan as read from the lesson's ``PlanCopy``.
    var plan: LessonPlan
    var name: String?
    /// The index of the next moment to do.
    var next = 0
    var pace: PlanPace
    /// The moments skipped, in the order they were skipped.
    var skipped: [Int] = []
    var waiting = PlanWait.none
    /// The plan's latest question (what `reveal` shows).
    var question: QuestionID?
    /// The rate of the run under way (what Next runs on at after the teacher paused it).
    var currentRate: Double = 1

    var isFinished: Bool { next >= plan.moments.count && waiting == .none }

    var state: PlanState {
        PlanState(
            name: name, title: plan.title, moments: plan.moments, next: next, pace: pace, skipped: skipped,
            waiting: waiting.word, finished: isFinished)
    }
}

/// The commands a plan's lesson takes (``LessonCommand/plan(_:)``).
package enum PlanStep: String, Sendable, Hashable, Codable {
    /// The teacher: do the next moment (or rejoin the plan after stepping off it).
    case next
    /// The teacher: skip the next moment (or the rest of the run under way).
    case skip
    /// The teacher: let the plan run itself.
    case auto
    /// The teacher: wait for Next at every moment.
    case teacher
    /// The server: the plan's timed pause is over.
    case timer
}
