/// Older questions, paged on request (`questions {"before": id, "limit": n}`).
///
/// A welcome lists only the newest ``QuestionPaging/welcomeWindow`` questions (the open one is
/// always among them), so resuming costs the same however long the lesson ran; a client that
/// shows older ones asks for them a page at a time, newest page first.
package struct QuestionPage: Sendable, Hashable, Codable {
    /// Questions asked before the requested one, oldest first.
    package var questions: [QuestionInfo]
    /// The sender's own answers to these questions (always empty for the teacher).
    package var answers: [AnswerRecord]
    /// True when there are questions older than the first listed.
    package var more: Bool

    package init(questions: [QuestionInfo], answers: [AnswerRecord], more: Bool) {
        self.questions = questions
        self.answers = answers
        self.more = more
    }
}

/// How many questions a welcome lists and a `questions` page may hold.
package enum QuestionPaging {
    /// The newest questions a welcome lists.
    package static let welcomeWindow = 20
    /// The default and the largest `limit` of a `questions` request.
    package static let defaultPage = 20
    package static let maxPage = 100
}
