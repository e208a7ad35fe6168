/// A value put into a sentence's placeholder.
package indirect enum WordArgument: Sendable, Hashable {
    /// Text shown as it is (a name, a student's words, a metric's label).
    case text(String)
    /// An integer, written with plain digits (no grouping), the same in every language.
    case int(Int)
    /// A decimal as English writes it (`"0.25"`), shown with the language's decimal separator.
    case decimal(String)
    /// Another sentence, rendered in the same language (a metric's name inside a question).
    case word(Word)

    /// The argument as it reads in `language`.
    package func text(in language: Language) -> String {
        switch self {
        case .text(let text): text
        case .int(let value): String(value)
        case .decimal(let text): language.base.tag == "es" ? text.replacing(".", with: ",") : text
        case .word(let word): word.text(in: language)
        }
    }

    /// The plural operands when the argument is a number.
    var pluralOperands: PluralOperands? {
        switch self {
        case .int(let value): PluralOperands(value)
        case .decimal(let text): PluralOperands(text)
        case .text, .word: nil
        }
    }
}

extension WordArgument: ExpressibleByStringLiteral, ExpressibleByIntegerLiteral {
    package init(stringLiteral value: String) { self = .text(value) }
    package init(integerLiteral value: Int) { self = .int(value) }
}
