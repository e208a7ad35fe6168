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
    /// A student joined; `tokenHash` is the SHA-256 of their resume token (never the token).
    case studentJoined(StudentID, name: String, tokenHash: TokenHash)
    case studentKicked(StudentID)
    case answered(QuestionID, by: StudentID, prediction: Prediction)
    /// Points for each student who answered, and everyone's new score and streak.
    case resolved(QuestionID, points: [StudentID: Int], scores: [StudentID: StudentStanding])
}

extension LessonFact {
    /// Scores and points: derived from logged steps, written just after the log (see ``LessonStorage``).
    public var isScoring: Bool {
        if case .resolved = self { return true }
        return false
    }
}

extension LessonFact {
    /// The scoring facts that bring a store's tables to what `sheet` says (after a restart).
    static func facts(restoring sheet: ScoreSheet) -> [LessonFact] {
        sheet.questions.enumerated().map { index, question in
            .resolved(question.id, points: question.points, scores: index == sheet.questions.count - 1 ? sheet.standings : [:])
        }
    }

    /// The facts of one accepted command, read off the command, the effects it produced and,
    /// when it resolved a question, the lesson's score sheet after it.
    ///
    /// - Parameter tokens: How the lesson holds the tokens in its commands.
    static func facts<Model>(
        of command: LessonCommand, by actor: Participant, effects: [LessonEffect<Model>], tokens: TokenForm,
        scores: (Set<QuestionID>) -> ScoreSheet
    ) -> [LessonFact] {
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
            if let attached {
                facts.append(.studentJoined(attached, name: name ?? "", tokenHash: tokens.storeHash(ofHeld: token)))
            }
        case (.kick(let id), _):
            facts.append(.studentKicked(id))
        case (.answer(let question, let prediction), .student(let id)):
            facts.append(.answered(question, by: id, prediction: prediction))
        default:
            break
        }
        // Every student's points and standing, offline ones included (they get no personal
        // result message, but their scores and streaks change all the same).
        let resolved = effects.compactMap { effect -> QuestionID? in
            if case .broadcast(.resolved(let resolution)) = effect { return resolution.question }
            return nil
        }
        if !resolved.isEmpty {
            let sheet = scores(Set(resolved))
            for question in resolved {
                guard let points = sheet.questions.first(where: { $0.id == question })?.points else { continue }
                facts.append(.resolved(question, points: points, scores: sheet.standings))
            }
        }
        return facts
    }
}
