import PetriProtocol
import PetriSimulation
import PetriWords

/// A question's full state inside the lesson, including hint text and every answer.
struct Question: Sendable, Hashable {
    /// A student's answer to this question.
    struct Answer: Sendable, Hashable {
        var prediction: Prediction
        /// The server's time of the latest change.
        var answeredAt: Timestamp
        /// Filled in at resolution.
        var points: ScoreBreakdown?
    }

    let id: QuestionID
    let metric: MetricID
    var descriptor: MetricDescriptor
    /// The kind with defaults settled: numbers have a tolerance, probabilities an event.
    let kind: QuestionKind
    let askedAt: Int
    /// The generation it resolves at; for a question about hunt rounds, an estimate (every step a hunt) until it
    /// resolves, then the generation it resolved at.
    var target: Int
    let askedValue: Double
    let openedAt: Timestamp
    let deadline: Timestamp?
    let hint: String?
    let allowChange: Bool
    let prompt: String?
    /// For a horizon in hunt rounds: how many rounds ahead it was asked, and the count of completed rounds at which
    /// it resolves (``Lesson/completedHunts``); nil for a horizon in generations.
    var hunts: Int? = nil
    var huntTarget: Int? = nil

    var state = QuestionState.open
    var lockedAt: Timestamp?
    /// The log entry that locked it (see ``Student/joinedInEntry``).
    var lockedInEntry: Int?
    var lockReason: LockReason?
    var actual: Double?
    /// The option that came true, for a resolved choice question (nil if none did).
    var correctOption: Int?
    /// Whether the event happened, for a resolved probability question (for the report's calibration).
    var eventHappened: Bool?
    var answers: [StudentID: Answer] = [:]
    var hintsTaken: Set<StudentID> = []
    /// Each student's reason for their prediction (sanitised; only for students who gave one).
    var reasons: [StudentID: String] = [:]
    /// How many times each student changed their answer (only students who changed it; at most
    /// ``QuestionRules/maxAnswerChanges``).
    var changes: [StudentID: Int] = [:]
    /// Each answer's expected points over the replicates of the moment it was asked, set at resolution
    /// when such replicates existed.
    var expectation: Expectation?

    /// The public view: everything but the hint text and the answers.
    var info: QuestionInfo {
        QuestionInfo(
            id: id, metric: metric.description, metricDescription: descriptor.description, unit: descriptor.unit,
            kind: kind, askedAt: askedAt, target: target, askedValue: askedValue, openedAt: openedAt,
            closesAt: deadline, hasHint: hint != nil, allowChange: allowChange, prompt: prompt, state: state,
            actual: actual, hunts: hunts)
    }

    /// Whether its target has come: `completedHunts` rounds of hunting done, or the run at `generation`.
    func isDue(generation: Int, completedHunts: Int) -> Bool {
        if let huntTarget { return completedHunts >= huntTarget }
        return target <= generation
    }

    /// Whether it still waits for an outcome (open or locked).
    var isUnresolved: Bool { state == .open || state == .locked }

    /// Whether a student was in the lesson before it locked, and so could have answered.
    func couldBeAnswered(by student: Student) -> Bool { student.joinedInEntry < (lockedInEntry ?? Int.max) }

    /// A short label for results, e.g. `Q3 population at generation 22`, in `language` (the lesson's: a label is
    /// made when the results are, never stored).
    func label(in language: Language) -> String {
        QuestionWords.label(number: Int(id.rawValue), metric: metric.description, target: target, in: language)
    }
}
