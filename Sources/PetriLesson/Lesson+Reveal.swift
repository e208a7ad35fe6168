import PetriProtocol
import PetriSimulation
import PetriWords

/// Showing the class's predictions before resolution, and hiding names on public boards.
///
/// Students who see the majority's answer drift to it, so the spread of an open or locked
/// question reaches students and the projector only when the teacher shows it (or at
/// resolution); with the lesson option `spread: atResolution`, only at resolution.
extension Lesson {
    /// Broadcasts the anonymous spread of an open or locked question: counts, never who.
    ///
    /// Stateless: the spread is computed from the answers now and may be shown again (an open
    /// question's spread changes as answers arrive).
    func showAnswers(_ id: QuestionID) throws(ProtocolError) -> [Effect] {
        guard configuration.options.spread == .onRequest else {
            throw ProtocolError(
                .notAuthorised,
                LessonWords.word("lesson.reveal.atResolution")
            )
        }
        guard let question = questions.first(where: { $0.id == id }) else {
            throw ProtocolError(
                .unknownQuestion, LessonWords.word("lesson.question.unknown", ["question": .int(id.rawValue)]))
        }
        guard question.isUnresolved else {
            throw ProtocolError(
                .questionClosed,
                question.state == .resolved
                    ? LessonWords.word("lesson.reveal.resolved", ["question": .int(id.rawValue)])
                    : LessonWords.word("lesson.question.cancelled", ["question": .int(id.rawValue)]))
        }
        return [.broadcast(.answersShown(question: id, spread: spread(of: question, actual: question.askedValue)))]
    }

    /// A board as students and observers may see it: names replaced as the lesson's
    /// `leaderboard` option says, except on the receiver's own line (`you`), which is theirs.
    func publicBoard(_ board: Leaderboard) -> Leaderboard {
        let mode = configuration.options.leaderboard
        guard mode != .names else { return board }
        var shown = board
        shown.top = board.top.map { entry in
            var line = entry
            line.name = mode == .anonymous ? "" : Self.initials(of: entry.name)
            return line
        }
        return shown
    }

    /// The first character of each word, at most three: "Brave Otter" → "BO", "Sam 2" → "S2".
    static func initials(of name: String) -> String {
        String(name.split(separator: " ").prefix(3).compactMap(\.first))
    }
}
