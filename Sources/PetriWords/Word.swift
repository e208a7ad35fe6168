/// A sentence not yet rendered: its key, its arguments and the book it comes from.
///
/// Code that decides what to say (the lesson refusing an answer) makes a `Word`; code that
/// knows who reads it (the server, per connection) renders it with ``text(in:)``. English is
/// the default, so a reader who asked for nothing gets exactly the English sentence.
public struct Word: Sendable, Hashable, CustomStringConvertible {
    public let key: String
    public let arguments: [String: WordArgument]
    public let book: WordBook

    public init(key: String, arguments: [String: WordArgument] = [:], book: WordBook) {
        self.key = key
        self.arguments = arguments
        self.book = book
    }

    /// The sentence in `language` (English where the language's catalog lacks it).
    public func text(in language: Language = .english) -> String {
        book.text(key, arguments, in: language)
    }

    /// The English sentence.
    public var description: String { text() }
}
