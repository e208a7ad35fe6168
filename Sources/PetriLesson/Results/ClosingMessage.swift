/// The end-of-lesson message, chosen by how much of the possible score a student earned.
///
/// As in the vocabulary quiz the lesson borrows from: the better the score, the warmer the
/// message; nobody is told they failed. "Possible" is 1000 per question the student could
/// have answered, so bonuses can take the share above 100%.
enum ClosingMessage {
    /// The message for `score` out of `possible`.
    static func message(score: Int, possible: Int) -> String {
        guard possible > 0 else { return "Thanks for taking part! There were no questions to score this time." }
        let share = Double(score) / Double(possible)
        switch share {
        case 0.9...: return "Outstanding! You read the simulation like a scientist."
        case 0.7..<0.9: return "Great predictions - you clearly understood what drives the model."
        case 0.4..<0.7: return "Good effort - some predictions were close. Look back at the history to see why."
        default: return "Keep experimenting - the history shows what happened and why. Try again next time!"
        }
    }
}
