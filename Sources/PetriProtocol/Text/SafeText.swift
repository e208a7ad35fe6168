/// Makes untrusted text safe to show on anyone's terminal or screen.
///
/// Removes, in this order: terminal escape sequences (CSI `ESC [ ... final`, OSC
/// `ESC ] ... BEL|ST`, DCS/SOS/PM/APC strings up to ST, two- and three-byte `ESC` sequences,
/// and their one-byte C1 forms such as U+009B); then every remaining C0/C1 control character,
/// Unicode format character (category Cf: bidi overrides and isolates, zero-width joiners and
/// spaces, soft hyphen, tags), private-use and unassigned code point, and the Hangul filler
/// letters that render as blank. Whitespace of any kind becomes one plain space, runs collapse,
/// and the ends are trimmed. A grapheme keeps at most eight code points (stacked "Zalgo" marks
/// are cut), and the text keeps at most `maxCharacters` graphemes.
package enum SafeText {
    /// Code points per grapheme cluster kept; enough for emoji modifiers and Indic conjuncts.
    package static let maxScalarsPerCharacter = 8

    /// Cleans `raw` as described above.
    ///
    /// - Parameters:
    ///   - raw: Untrusted text.
    ///   - maxCharacters: How many grapheme clusters to keep.
    /// - Returns: The cleaned text, possibly empty.
    ///
    /// - Parameters:
    ///   - raw: Text from the network or a user.
    ///   - maxCharacters: The most graphemes kept.
    ///   - alsoBlank: More code points to drop because they draw nothing where the text is
    ///     shown (names drop the braille blank U+2800; a terminal chart draws braille itself).
    package static func clean(_ raw: String, maxCharacters: Int, alsoBlank: Set<UInt32> = []) -> String {
        var scalars = String.UnicodeScalarView()
        var pendingSpace = false
        for scalar in withoutEscapeSequences(raw.unicodeScalars) {
            // Tabs and line breaks become one space; NEL (U+0085) is a C1 control and goes.
            if scalar.properties.isWhitespace && !(0x80...0x9F).contains(scalar.value) {
                pendingSpace = !scalars.isEmpty
                continue
            }
            guard isVisible(scalar), !alsoBlank.contains(scalar.value) else { continue }
            if pendingSpace {
                scalars.append(" ")
                pendingSpace = false
            }
            scalars.append(scalar)
        }
        var result = ""
        var count = 0
        for character in String(scalars) {
            guard count < maxCharacters else { break }
            result.unicodeScalars.append(contentsOf: character.unicodeScalars.prefix(maxScalarsPerCharacter))
            count += 1
        }
        while result.last?.isWhitespace == true { result.removeLast() }
        return result
    }

    /// Drops ANSI/ECMA-48 escape sequences, keeping everything else.
    private static func withoutEscapeSequences(_ input: String.UnicodeScalarView) -> [Unicode.Scalar] {
        var out: [Unicode.Scalar] = []
        var it = Array(input)[...]
        while let s = it.popFirst() {
            switch s.value {
            case 0x1B:
                guard let next = it.first else { continue }
                switch next {
                case "[":
                    it.removeFirst()
                    skipControlSequence(&it)
                case "]", "P", "X", "^", "_":
                    it.removeFirst()
                    skipString(&it)
                default:
                    // ESC, intermediates 0x20-0x2F, then one final 0x30-0x7E (e.g. ESC ( B, ESC c).
                    while let i = it.first, (0x20...0x2F).contains(i.value) { it.removeFirst() }
                    if let f = it.first, (0x30...0x7E).contains(f.value) { it.removeFirst() }
                }
            case 0x9B: skipControlSequence(&it)
            case 0x90, 0x98, 0x9D, 0x9E, 0x9F: skipString(&it)
            default: out.append(s)
            }
        }
        return out
    }

    /// CSI: parameter bytes 0x30-0x3F, intermediates 0x20-0x2F, one final byte 0x40-0x7E.
    private static func skipControlSequence(_ it: inout ArraySlice<Unicode.Scalar>) {
        while let p = it.first, (0x20...0x3F).contains(p.value) { it.removeFirst() }
        if let f = it.first, (0x40...0x7E).contains(f.value) { it.removeFirst() }
    }

    /// OSC, DCS, SOS, PM, APC: everything up to BEL, ST (ESC \ or U+009C), or the end.
    private static func skipString(_ it: inout ArraySlice<Unicode.Scalar>) {
        while let s = it.popFirst() {
            if s.value == 0x07 || s.value == 0x9C { return }
            if s.value == 0x1B {
                if it.first == "\\" { it.removeFirst() }
                return
            }
        }
    }

    private static func isVisible(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.properties.generalCategory {
        case .control, .format, .privateUse, .unassigned, .surrogate, .lineSeparator, .paragraphSeparator:
            return false
        default:
            // Hangul fillers are letters that draw nothing.
            return ![0x115F, 0x1160, 0x3164, 0xFFA0].contains(scalar.value)
        }
    }
}
