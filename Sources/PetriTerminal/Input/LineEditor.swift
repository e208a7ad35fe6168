/// A one-line editor with history: the teacher's command line.
///
/// ←/→, Home/End (and Ctrl-A/Ctrl-E) move; Backspace/Delete, Ctrl-U (to start), Ctrl-K (to end)
/// and Ctrl-W (word) delete; ↑/↓ walk the history, keeping what was being typed.
struct LineEditor: Sendable, Hashable {
    /// The line being typed.
    private(set) var text: [Character] = []
    /// The cursor, as an index into ``text``.
    private(set) var cursor = 0
    /// Earlier commands, oldest first.
    private(set) var history: [String] = []
    private var historyIndex: Int?
    private var draft: [Character] = []

    /// The most commands kept in the history.
    static let historyLimit = 200

    /// An empty line with no history.
    init() {}

    /// The line as a string.
    var line: String { String(text) }

    /// What a key did.
    enum Outcome: Sendable, Hashable {
        /// The line changed or the cursor moved.
        case edited
        /// Enter: the line (also added to the history); the editor is empty again.
        case submitted(String)
        /// The key is not for the editor.
        case ignored
    }

    /// Applies one key.
    mutating func handle(_ key: Key) -> Outcome {
        switch key {
        case .character(let c):
            text.insert(c, at: cursor)
            cursor += 1
        case .enter:
            let submitted = line
            if !submitted.trimmingCharacters(in: .whitespaces).isEmpty, history.last != submitted {
                history.append(submitted)
                if history.count > Self.historyLimit { history.removeFirst() }
            }
            text = []
            cursor = 0
            historyIndex = nil
            return .submitted(submitted)
        case .backspace:
            guard cursor > 0 else { return .edited }
            text.remove(at: cursor - 1)
            cursor -= 1
        case .delete,
            .control("d") where !text.isEmpty:
            if cursor < text.count { text.remove(at: cursor) }
        case .left, .control("b"):
            cursor = max(0, cursor - 1)
        case .right, .control("f"):
            cursor = min(text.count, cursor + 1)
        case .home, .control("a"):
            cursor = 0
        case .end, .control("e"):
            cursor = text.count
        case .control("u"):
            text.removeFirst(cursor)
            cursor = 0
        case .control("k"):
            text.removeLast(text.count - cursor)
        case .control("w"):
            var start = cursor
            while start > 0 && text[start - 1] == " " { start -= 1 }
            while start > 0 && text[start - 1] != " " { start -= 1 }
            text.removeSubrange(start..<cursor)
            cursor = start
        case .up:
            guard !history.isEmpty else { return .edited }
            if historyIndex == nil { draft = text }
            let index = max(0, (historyIndex ?? history.count) - 1)
            historyIndex = index
            setText(Array(history[index]))
        case .down:
            guard let index = historyIndex else { return .edited }
            if index + 1 < history.count {
                historyIndex = index + 1
                setText(Array(history[index + 1]))
            } else {
                historyIndex = nil
                setText(draft)
            }
        default:
            return .ignored
        }
        return .edited
    }

    /// Replaces the word before the cursor (from the last space) with `word`.
    mutating func replaceCurrentWord(with word: String) {
        var start = cursor
        while start > 0 && text[start - 1] != " " { start -= 1 }
        text.replaceSubrange(start..<cursor, with: Array(word))
        cursor = start + word.count
    }

    /// Sets the whole line, cursor at the end.
    mutating func setText(_ characters: [Character]) {
        text = characters
        cursor = characters.count
    }
}
