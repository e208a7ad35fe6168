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
        case "next" where lesson.isMakeup: return .success(.send(.makeupNext))
        case "pace" where lesson.isMakeup: return pace(words.dropFirst().map { $0.lowercased() })
        case "hint":
            guard let open = lesson.openQuestion else {
                return .failure(AnswerProblem(TerminalWords.word("terminal.answer.noneOpen")))
            }
            return .success(.send(.hint(question: open.id)))
        default: break
        }
        var text = line.trimmingCharacters(in: .whitespaces)
        if words.first?.lowercased() == "answer" { text = words.dropFirst().joined(separator: " ") }
        // "140 because the background got darker": the first word answers, the rest is the reason
        // (unless the whole line is a choice's label).
        var reason: String?
        if let open = lesson.openQuestion, let space = text.firstIndex(of: " ") {
            if !open.kind.input.isWholeAnswer(text) {
                reason = text[text.index(after: space)...].trimmingCharacters(in: .whitespaces)
                text = String(text[..<space])
            }
        }
        return parse(answer: text, reason: reason, lesson: lesson)
    }

    /// `pace own`, `pace class`, `pace auto` or `pace auto 5` (seconds between moments, 1 to 60).
    private static func pace(_ words: [String]) -> Result<Command, AnswerProblem> {
        let range = MakeupPace.secondsRange
        let problem = AnswerProblem(
            TerminalWords.word(
                "terminal.makeup.paceTyped", ["low": .int(range.lowerBound), "high": .int(range.upperBound)]))
        guard let first = words.first, let pace = MakeupPace(rawValue: first), words.count <= 2 else {
            return .failure(problem)
        }
        guard words.count == 2 else { return .success(.send(.makeupPace(pace, seconds: nil))) }
        guard pace == .auto, let seconds = Int(words[1]), range.contains(seconds) else { return .failure(problem) }
        return .success(.send(.makeupPace(pace, seconds: seconds)))
    }

    private static func parse(answer text: String, reason: String?, lesson: LessonState) -> Result<
        Command, AnswerProblem
    > {
        guard let open = lesson.openQuestion else {
            return .failure(
                AnswerProblem(
                    TerminalWords.word(
                        "terminal.answer.noneOpenNotSent",
                        ["text": .text(TerminalText.sanitise(text, maxCharacters: 30))])))
        }
        return open.kind.input.prediction(typed: text, question: open.id).map {
            .send(.answer(question: open.id, prediction: $0, reason: reason))
        }
    }
}
