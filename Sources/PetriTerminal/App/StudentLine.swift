import PetriProtocol

/// A student's typed line in `--json` mode.
enum StudentLine {
    /// What a line asks for.
    enum Command: Sendable, Hashable {
        case send(ClientMessage)
        case quit
    }

    /// Reads `line` against the lesson's open question.
    static func parse(_ line: String, lesson: LessonState) -> Result<Command, AnswerProblem> {
        let words = line.split(separator: " ").map(String.init)
        switch words.first?.lowercased() {
        case "quit", "exit": return .success(.quit)
        case "ping": return .success(.send(.ping))
        case "history": return .success(.send(.history(from: nil, to: nil)))
        case "hint":
            guard let open = lesson.openQuestion else { return .failure(AnswerProblem("No question is open.")) }
            return .success(.send(.hint(question: open.id)))
        default: break
        }
        var text = line.trimmingCharacters(in: .whitespaces)
        if words.first?.lowercased() == "answer" { text = words.dropFirst().joined(separator: " ") }
        // "140 because the background got darker": the first word answers, the rest is the reason
        // (unless the whole line is a choice's label).
        var reason: String?
        if let open = lesson.openQuestion, let space = text.firstIndex(of: " ") {
            let isLabel: Bool =
                if case .choice(let options) = open.kind {
                    options.contains { $0.label.lowercased() == text.lowercased() }
                } else { false }
            if !isLabel {
                reason = text[text.index(after: space)...].trimmingCharacters(in: .whitespaces)
                text = String(text[..<space])
            }
        }
        return parse(answer: text, reason: reason, lesson: lesson)
    }

    private static func parse(answer text: String, reason: String?, lesson: LessonState) -> Result<
        Command, AnswerProblem
    > {
        guard let open = lesson.openQuestion else {
            return .failure(
                AnswerProblem(
                    "No question is open, so \"\(TerminalText.sanitise(text, maxCharacters: 30))\" was not sent."))
        }
        switch open.kind {
        case .number:
            guard let x = Double(text), x.isFinite else {
                return .failure(AnswerProblem("Question \(open.id.rawValue) wants a number."))
            }
            return .success(.send(.answer(question: open.id, prediction: .number(x), reason: reason)))
        case .choice(let options):
            if let index = options.firstIndex(where: { $0.label.lowercased() == text.lowercased() }) {
                return .success(.send(.answer(question: open.id, prediction: .choice(index), reason: reason)))
            }
            guard let n = Int(text), (1...options.count).contains(n) else {
                let labels = options.map(\.label).joined(separator: ", ")
                return .failure(
                    AnswerProblem("Question \(open.id.rawValue) wants one of \(labels) (or 1 to \(options.count))."))
            }
            return .success(.send(.answer(question: open.id, prediction: .choice(n - 1), reason: reason)))
        case .probability:
            let percent = text.hasSuffix("%")
            guard let x = Double(percent ? String(text.dropLast()) : text) else {
                return .failure(
                    AnswerProblem(
                        "Question \(open.id.rawValue) wants a probability from 0 to 1, or a percentage like 70%."))
            }
            let p = percent ? x / 100 : x
            guard (0...1).contains(p) else {
                return .failure(AnswerProblem("A probability is from 0 to 1 (or 0% to 100%)."))
            }
            return .success(.send(.answer(question: open.id, prediction: .probability(p), reason: reason)))
        }
    }
}
