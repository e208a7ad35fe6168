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
        switch kind {
        case .choice(let options):
            switch key {
            case .character(let c):
                guard let n = c.wholeNumberValue, n >= 1, n <= options.count else { return false }
                choice = n - 1
                return true
            case .up:
                choice = max(0, (choice ?? options.count) - 1)
                return true
            case .down:
                choice = min(options.count - 1, (choice ?? -1) + 1)
                return true
            default:
                return false
            }
        case .number, .probability:
            let isProbability = if case .probability = kind { true } else { false }
            switch key {
            case .character(let c) where c.isASCII && (c.isNumber || c == "." || (c == "-" && !isProbability)):
                if c == "-" {
                    text = text.hasPrefix("-") ? String(text.dropFirst()) : "-" + text
                } else if text.count < Self.maxLength, !(c == "." && text.contains(".")) {
                    text.append(c)
                }
                return true
            case .backspace:
                if !text.isEmpty { text.removeLast() }
                return true
            case .up where isProbability, .down where isProbability:
                let current = Double(text) ?? 50
                let next = min(100, max(0, (current / 5).rounded() * 5 + (key == .up ? 5 : -5)))
                text = NumberText.format(next)
                return true
            default:
                return false
            }
        }
    }

    /// The prediction the field holds, or a sentence saying what to type.
    func prediction(for kind: QuestionKind) -> Result<Prediction, AnswerProblem> {
        switch kind {
        case .choice(let options):
            guard let choice, options.indices.contains(choice) else {
                return .failure(AnswerProblem("Press 1 to \(options.count) to choose an answer."))
            }
            return .success(.choice(choice))
        case .number:
            guard let x = Double(text), x.isFinite else {
                return .failure(AnswerProblem("Type a number, e.g. 120, then press Enter."))
            }
            return .success(.number(x))
        case .probability:
            guard let percent = Double(text), percent.isFinite, (0...100).contains(percent) else {
                return .failure(AnswerProblem("Type a chance from 0 to 100 (per cent), then press Enter."))
            }
            return .success(.probability(percent / 100))
        }
    }
}
