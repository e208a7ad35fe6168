import PetriWords

/// Why an answer cannot be sent yet, as a sentence from the terminal's catalogs.
struct AnswerProblem: Error, Sendable, Hashable {
    /// What to type instead, before rendering.
    let word: Word

    /// A problem with its sentence (`TerminalWords.word(...)`).
    init(_ word: Word) { self.word = word }

    /// The sentence in English.
    var message: String { word.text(in: .english) }

    /// The sentence in `language`.
    func message(in language: Language) -> String { word.text(in: language) }
}
