import PetriWords

/// A sentence on the wire that a catalog may write in each reader's language.
///
/// It travels as a plain JSON string (its English `text` unless rendered for a reader), so its
/// shape on the wire is a string as before; made from a ``Word``, it keeps the word so the server
/// can render it once per language among a broadcast's readers (``ServerMessage/rendered(in:)``).
/// Two sentences are equal when their texts are.
package struct Sentence: Sendable, Hashable, Codable, CustomStringConvertible, ExpressibleByStringLiteral {
    /// The sentence as this reader gets it (English until rendered).
    package let text: String
    /// The sentence before rendering, when it came from a catalog.
    package let word: Word?

    /// A sentence with no catalog behind it (a teacher's or a model's words).
    package init(_ text: String) {
        self.text = text
        word = nil
    }

    /// A catalog sentence, in English until rendered.
    package init(_ word: Word) {
        text = word.text(in: .english)
        self.word = word
    }

    package init(stringLiteral value: String) { self.init(value) }

    /// The sentence for a reader of `language`.
    package func rendered(in language: Language) -> Sentence {
        guard let word else { return self }
        return Sentence(text: word.text(in: language), word: word)
    }

    private init(text: String, word: Word?) {
        self.text = text
        self.word = word
    }

    package init(from decoder: any Decoder) throws { self.init(try decoder.singleValueContainer().decode(String.self)) }

    package func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(text)
    }

    package static func == (lhs: Sentence, rhs: Sentence) -> Bool { lhs.text == rhs.text }
    package func hash(into hasher: inout Hasher) { hasher.combine(text) }
    package var description: String { text }
}
