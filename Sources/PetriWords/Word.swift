/// A sentence not yet rendered: its key, its arguments and the book it comes from.
///
/// Code that decides what to say (the lesson refusing an answer) makes a `Word`; code that
/// knows who reads it (the server, per connection) renders it with ``text(in:)``. English is
/// the default, so a reader who asked for nothing gets exactly the English sentence.
package struct Word: Sendable, Hashable, CustomStringConvertible {
    package let key: String
    package let arguments: [String: WordArgument]
    package let book: WordBook

    package init(key: String, arguments: [String: WordArgument] = [:], book: WordBook) {
        self.key = key
        self.arguments = arguments
        self.book = book
    }

    /// The sentence in `language` (English where the language's catalog lacks it).
    package func text(in language: Language = .english) -> String {
        book.text(key, arguments, in: language)
    }

    /// The English sentence.
    package var description: String { text() }
}
