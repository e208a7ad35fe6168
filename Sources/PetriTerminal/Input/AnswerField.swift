import PetriProtocol

/// What the student is typing for the open question: a number, a chosen option or a percentage.
struct AnswerField: Sendable, Hashable {
    /// The question being answered; the field resets when another one opens.
    var question: QuestionID?
    /// Typed text (number and probability questions).
    var text = ""
    /// The highlighted option, from 0 (choice questions).
    var choice: Int?
    /// The student's reason, typed after a space (sent with the answer; at most ``ReasonRules/maxCharacters``).
    var reason = ""
    /// True once a space started the reason: keys then type it.
    var typingReason = false

    /// The most characters the field takes.
    static let maxLength = 12
    /// The most characters a range's field takes: two bounds as long as a number's, and the comma.
    static let maxRangeLength = 2 * maxLength + 1

    /// An empty field.
    init() {}

    /// Empties the field for `question`.
    mutating func reset(for question: QuestionID?) {
        self.question = question
        text = ""
        choice = nil
        reason = ""
        typingReason = false
    }

    /// The reason to send with the answer (nil when none was typed).
    var reasonToSend: String? { reason.isEmpty ? nil : reason }

    /// Applies an editing key. Returns false when the key is not for the field.
    ///
    /// Number questions take digits, `.`, `-` and Backspace; probability questions digits, `.`
    /// and Backspace (a percentage), ↑/↓ moving by 5; choice questions 1…n (and ↑/↓) to pick.
    mutating func edit(_ key: Key, kind: QuestionKind) -> Bool {
        if typingReason {
            switch key {
            case .character(let c):
                if reason.count < ReasonRules.maxCharacters { reason.append(c) }
                return true
            case .backspace:
                if reason.isEmpty { typingReason = false } else { reason.removeLast() }
                return true
            default:
                return false
            }
        }
        if key == .character(" ") {
            typingReason = true
            return true
        }
        return kind.input.edit(key, field: &self)
    }

    /// The prediction the field holds, or a sentence saying what to type.
    func prediction(for kind: QuestionKind) -> Result<Prediction, AnswerProblem> {
        kind.input.prediction(from: self)
    }
}
