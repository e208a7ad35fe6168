import PetriWords

/// Server messages whose words depend on who reads them.
///
/// A message that carries catalog sentences (an error made from a ``Word``, a ``Sentence``) is rendered once per
/// language among its readers: a broadcast costs one encoding per language present, not one per
/// reader. Everything else is the same bytes for everyone.
extension ServerMessage {
    /// Whether the message has words to render per reader.
    package var carriesWords: Bool {
        switch self {
        case .error(let error): error.word != nil
        case .questionCancelled(_, let reason): reason.word != nil
        case .closing(let closing): closing.message.word != nil
        case .runOver(let message): message.word != nil
        case .planProblems(let problems): problems.contains { $0.sentence.word != nil }
        case .platformProblems(let problems): problems.contains { $0.sentence.word != nil }
        default: false
        }
    }

    /// The message as a reader of `language` gets it (itself in English, and when it carries no words).
    package func rendered(in language: Language) -> ServerMessage {
        guard language != .english else { return self }
        switch self {
        case .error(let error): return .error(error.rendered(in: language))
        case .questionCancelled(let question, let reason):
            return .questionCancelled(question: question, reason: reason.rendered(in: language))
        case .closing(var closing):
            closing.message = closing.message.rendered(in: language)
            return .closing(closing)
        case .runOver(let message): return .runOver(message: message.rendered(in: language))
        case .planProblems(let problems):
            return .planProblems(
                problems.map { PlanProblem(line: $0.line, sentence: $0.sentence.rendered(in: language)) })
        case .platformProblems(let problems): return .platformProblems(problems.map { $0.rendered(in: language) })
        default: return self
        }
    }
}
