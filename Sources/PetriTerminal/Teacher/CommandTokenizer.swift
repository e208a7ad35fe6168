/// Splits a typed command into words; `"…"` or `'…'` keep spaces inside one word.
enum CommandTokenizer {
    /// The words of `line`, or a sentence about an unclosed quote.
    static func split(_ line: String) -> Result<[String], CommandError> {
        var words: [String] = []
        var current = ""
        var quote: Character?
        var inWord = false
        for c in line {
            if let q = quote {
                if c == q { quote = nil } else { current.append(c) }
            } else if c == "\"" || c == "'" {
                quote = c
                inWord = true
            } else if c == " " || c == "\t" {
                if inWord { words.append(current) }
                current = ""
                inWord = false
            } else {
                current.append(c)
                inWord = true
            }
        }
        if quote != nil {
            return .failure(
                CommandError(
                    TerminalWords.word("terminal.parse.quote"),
                    example: TerminalWords.word("terminal.command.ask.exampleQuote")))
        }
        if inWord { words.append(current) }
        return .success(words)
    }
}
