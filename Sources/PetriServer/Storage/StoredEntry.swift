import PetriLesson
import PetriProtocol

/// One log entry as the hub stores it: the lesson's entry, the generation after it, and the
/// facts a store keeps in its own tables beside the log (who joined, who answered what,
/// how questions were scored), so it can enforce one answer per student per question itself.
public struct StoredEntry: Sendable, Hashable {
    public var entry: LessonLogEntry
    /// The lesson's generation once the command was applied.
    public var generation: Int
    public var facts: [LessonFact]

    public init(entry: LessonLogEntry, generation: Int, facts: [LessonFact] = []) {
        self.entry = entry
        self.generation = generation
        self.facts = facts
    }
}

/// Something a command established that the store records in its own tables.
public enum LessonFact: Sendable, Hashable {
    case studentJoined(StudentID, name: String, token: AccessToken)
    case studentKicked(StudentID)
    case answered(QuestionID, by: StudentID, prediction: Prediction)
    /// Points for each student who answered, and everyone's new score and streak.
    case resolved(QuestionID, points: [StudentID: Int], scores: [StudentID: StudentStanding])
}

/// A student's score and streak after a resolution.
public struct StudentStanding: Sendable, Hashable {
    public var score: Int
    public var streak: Int

    public init(score: Int, streak: Int) {
        self.score = score
        self.streak = streak
    }
}

extension LessonFact {
    /// The facts of one accepted command, read off the command and the effects it produced.
    static func facts<Model>(of command: LessonCommand, by actor: Participant, effects: [LessonEffect<Model>]) -> [LessonFact] {
        var facts: [LessonFact] = []
        switch (command, actor) {
        case (.join(_, let token), _):
            let attached = effects.lazy.compactMap { effect -> StudentID? in
                if case .attach(.student(let id), _) = effect { return id }
                return nil
            }.first
            let name = effects.lazy.compactMap { effect -> String? in
                if case .reply(.welcome(let welcome)) = effect { return welcome.you?.name }
                return nil
            }.first
            if let attached { facts.append(.studentJoined(attached, name: name ?? "", token: token)) }
        case (.kick(let id), _):
            facts.append(.studentKicked(id))
        case (.answer(let question, let prediction), .student(let id)):
            facts.append(.answered(question, by: id, prediction: prediction))
        default:
            break
        }
        var resolutions: [QuestionID: (points: [StudentID: Int], scores: [StudentID: StudentStanding])] = [:]
        var order: [QuestionID] = []
        for case .send(.result(let result), .student(let id)) in effects {
            if resolutions[result.question] == nil {
                resolutions[result.question] = ([:], [:])
                order.append(result.question)
            }
            if result.prediction != nil { resolutions[result.question]?.points[id] = result.points.total }
            resolutions[result.question]?.scores[id] = StudentStanding(score: result.score, streak: result.streak)
        }
        for question in order {
            if let r = resolutions[question] { facts.append(.resolved(question, points: r.points, scores: r.scores)) }
        }
        return facts
    }
}
