import PetriWords

/// What was wrong with a typed command, and what would be right.
///
/// The sentence is rendered in the console's language when it is shown; the example is a command to copy (input
/// syntax, the same in every language), or a sentence when it quotes words of its own (a prompt's text).
struct CommandError: Error, Sendable, Hashable {
    /// What was wrong.
    var sentence: WordArgument
    /// A command that would work, for the user to copy.
    var example: WordArgument?

    /// An error with an optional example of a right command.
    init(_ word: Word, example: String? = nil) {
        self.init(sentence: .word(word), example: example.map(WordArgument.text))
    }

    /// An error whose example quotes words of its own (`prompt "How many will be alive?"`), rendered with it.
    init(_ word: Word, example: Word) {
        self.init(sentence: .word(word), example: .word(example))
    }

    /// An error whose sentence and example are already made (a sentence another part of the console words).
    init(sentence: WordArgument, example: WordArgument?) {
        self.sentence = sentence
        self.example = example
    }

    /// What was wrong, in English.
    var message: String { sentence.text(in: .english) }

    /// The message and the example, as one line, in English.
    var text: String { text(in: .english) }

    /// The message and the example, as one line, in `language`.
    func text(in language: Language) -> String {
        let message = sentence.text(in: language)
        guard let example else { return message }
        return TerminalWords.text(
            "terminal.command.withExample", ["message": .text(message), "example": example], in: language)
    }
}
