import PetriProtocol

/// The end-of-lesson message, chosen by how much of the possible score a student earned.
///
/// As in the vocabulary quiz the lesson borrows from: the better the score, the warmer the
/// message; nobody is told they failed. "Possible" is 1000 per question the student could
/// have answered, so bonuses can take the share above 100%.
enum ClosingMessage {
    /// The message for `score` out of `possible`.
    static func message(score: Int, possible: Int) -> Sentence {
        guard possible > 0 else { return Sentence(LessonWords.word("lesson.closing.noQuestions")) }
        let share = Double(score) / Double(possible)
        switch share {
        case 0.9...: return Sentence(LessonWords.word("lesson.closing.outstanding"))
        case 0.7..<0.9: return Sentence(LessonWords.word("lesson.closing.great"))
        case 0.4..<0.7: return Sentence(LessonWords.word("lesson.closing.good"))
        default: return Sentence(LessonWords.word("lesson.closing.keepGoing"))
        }
    }
}
