import PetriProtocol

/// Makes untrusted text safe and measurable for a terminal.
///
/// Everything that arrives over the network (names, questions, hints, error messages) goes
/// through ``sanitise(_:maxCharacters:)`` before it is stored for display, and ``Canvas``
/// drops any character that ``isPrintable(_:)`` rejects as a second line of defence, so no
/// escape sequence, control character or bidirectional override can reach the terminal.
enum TerminalText {
    /// Code points kept per character (grapheme cluster): enough for emoji and conjuncts,
    /// not for stacks of combining marks that smear over neighbouring lines.
    static let maxScalarsPerCharacter = SafeText.maxScalarsPerCharacter

    /// Returns `raw` with every escape sequence and invisible or controlling character removed.
    ///
    /// Removes CSI (`ESC [ … final`), OSC (`ESC ] … BEL|ST`), DCS/SOS/PM/APC strings up to ST,
    /// other `ESC` sequences and their one-byte C1 forms (such as U+009B); then every remaining
    /// C0/C1 control, Unicode format character (bidi embeddings, overrides and isolates
    /// U+202A–202E and U+2066–2069, the marks U+200E/U+200F and U+061C, zero-width characters,
    /// soft hyphen, tags), private-use, unassigned and surrogate code point, and line or paragraph
    /// separator. Whitespace runs become one space and the ends are trimmed.
    ///
    /// - Parameters:
    ///   - raw: Untrusted text.
    ///   - maxCharacters: How many characters (grapheme clusters) to keep.
    /// - Returns: Text that is safe to print, possibly empty.
    static func sanitise(_ raw: String, maxCharacters: Int = 1000) -> String {
        SafeText.clean(raw, maxCharacters: maxCharacters)
    }

    /// Whether a character may be written to the terminal as it is.
    ///
    /// False for any character containing a control, format, private-use, unassigned or
    /// surrogate scalar, or a line or paragraph separator.
    static func isPrintable(_ character: Character) -> Bool {
        character.unicodeScalars.allSatisfy(isVisible)
    }

    /// Columns a character takes: 2 for wide East Asian characters and emoji, else 1.
    static func width(of character: Character) -> Int {
        guard let first = character.unicodeScalars.first else { return 0 }
        if character.unicodeScalars.contains(where: { $0.value == 0xFE0F }) { return 2 }
        return isWide(first) ? 2 : 1
    }

    /// Columns a string takes (see ``width(of:)-(Character)``).
    static func width(of text: String) -> Int {
        text.reduce(0) { $0 + width(of: $1) }
    }

    /// The longest prefix of `text` that fits in `columns`, ending in `…` when something was cut.
    ///
    /// - Parameters:
    ///   - text: Text to fit.
    ///   - columns: The room, in terminal columns.
    static func clipped(_ text: String, toWidth columns: Int) -> String {
        guard columns > 0 else { return "" }
        if width(of: text) <= columns { return text }
        var out = ""
        var used = 0
        for character in text {
            let w = width(of: character)
            if used + w > columns - 1 { break }
            out.append(character)
            used += w
        }
        return out + "…"
    }

    /// `text` clipped or padded with spaces to exactly `columns`.
    static func padded(_ text: String, toWidth columns: Int) -> String {
        let fitted = clipped(text, toWidth: columns)
        return fitted + String(repeating: " ", count: max(0, columns - width(of: fitted)))
    }

    /// Breaks `text` into lines of at most `columns`, at spaces where possible.
    ///
    /// Explicit line breaks (`\n`) start a new line; a word longer than a line is cut.
    static func wrapped(_ text: String, toWidth columns: Int) -> [String] {
        guard columns > 0 else { return [] }
        var lines: [String] = []
        for paragraph in text.split(separator: "\n", omittingEmptySubsequences: false) {
            var line = ""
            var lineWidth = 0
            for word in paragraph.split(separator: " ", omittingEmptySubsequences: true) {
                var word = String(word)
                var wordWidth = width(of: word)
                while wordWidth > columns {
                    if !line.isEmpty {
                        lines.append(line)
                        line = ""
                        lineWidth = 0
                    }
                    var head = ""
                    var headWidth = 0
                    for character in word {
                        let w = width(of: character)
                        if headWidth + w > columns { break }
                        head.append(character)
                        headWidth += w
                    }
                    lines.append(head)
                    word = String(word.dropFirst(head.count))
                    wordWidth = width(of: word)
                }
                if word.isEmpty { continue }
                if lineWidth == 0 {
                    line = word
                    lineWidth = wordWidth
                } else if lineWidth + 1 + wordWidth <= columns {
                    line += " " + word
                    lineWidth += 1 + wordWidth
                } else {
                    lines.append(line)
                    line = word
                    lineWidth = wordWidth
                }
            }
            lines.append(line)
        }
        return lines
    }

    // MARK: - Classification

    private static func isVisible(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.properties.generalCategory {
        case .control, .format, .privateUse, .unassigned, .surrogate, .lineSeparator, .paragraphSeparator:
            return false
        default:
            // Hangul fillers and the braille blank draw nothing; the blank is kept out of names
            // but the line chart draws braille itself, through ``Canvas/set(_:_:_:_:)``.
            return ![0x115F, 0x1160, 0x3164, 0xFFA0].contains(scalar.value)
        }
    }

    private static func isWide(_ s: Unicode.Scalar) -> Bool {
        let v = s.value
        if s.properties.isEmojiPresentation { return true }
        switch v {
        case 0x1100...0x115F, 0x2E80...0x303E, 0x3041...0x33FF, 0x3400...0x4DBF, 0x4E00...0x9FFF,
            0xA000...0xA4CF, 0xAC00...0xD7A3, 0xF900...0xFAFF, 0xFE30...0xFE4F, 0xFF00...0xFF60,
            0xFFE0...0xFFE6, 0x1F300...0x1F64F, 0x1F900...0x1F9FF, 0x20000...0x3FFFD:
            return true
        default:
            return false
        }
    }
}
