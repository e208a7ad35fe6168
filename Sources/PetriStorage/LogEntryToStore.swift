import PetriLesson
import PetriProtocol

/// One log entry as the hub stores it: the lesson's entry, the generation after it, and the
/// facts the lesson stated with it (``LessonFact``: who joined, who answered what, how
/// questions were scored), which a store keeps in its own tables beside the log so it can
/// enforce one answer per student per question itself.
package struct LogEntryToStore: Sendable, Hashable {
    package var entry: LessonLogEntry
    /// The lesson's generation once the command was applied.
    package var generation: Int
    /// What the command established, as the lesson's persist effect holds it.
    package var facts: [LessonFact]
    /// How the lesson holds the tokens in its join facts (its record's ``LessonRecord/tokens``;
    /// digests for every lesson this version creates).
    package var tokens: TokenForm

    package init(entry: LessonLogEntry, generation: Int, facts: [LessonFact] = [], tokens: TokenForm = .digest) {
        self.entry = entry
        self.generation = generation
        self.facts = facts
        self.tokens = tokens
    }

    /// The store's digest of a token a join fact holds: its SHA-256 whichever way the lesson holds it.
    package func storeHash(of token: AccessToken) -> TokenHash { tokens.storeHash(ofHeld: token) }
}

extension LessonFact {
    /// Scores and points: derived from logged steps, written just after the log (see ``LessonStorage``).
    package var isScoring: Bool {
        if case .resolved = self { return true }
        return false
    }

    /// The scoring facts that bring a store's tables to what `sheet` says (after a restart).
    package static func facts(restoring sheet: ScoreSheet) -> [LessonFact] {
        sheet.questions.enumerated().map { index, question in
            .resolved(
                question.id, points: question.points, scores: index == sheet.questions.count - 1 ? sheet.standings : [:]
            )
        }
    }
}
