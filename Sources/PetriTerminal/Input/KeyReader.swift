/// Decodes the bytes a terminal sends for key presses.
///
/// Understands UTF-8 text; Enter (`\r` or `\n`), Backspace (DEL or `^H`), Tab; Ctrl-letters;
/// arrows, Home, End, Page Up/Down and Delete in their CSI (`ESC [ A`, `ESC [ 5 ~`,
/// `ESC [ 1 ; 5 C`) and SS3 (`ESC O A`) forms. Unknown sequences are swallowed whole.
///
/// Bytes may arrive split anywhere: ``feed(_:)`` keeps an unfinished sequence until more
/// arrives, and ``flush()`` turns a lone `ESC` into ``Key/escape`` when nothing follows soon.
/// Not thread-safe: owned by the one thread that reads the terminal.
struct KeyReader: Sendable {
    private var pending: [UInt8] = []

    /// A reader with nothing held back.
    init() {}

    /// Whether bytes are held back waiting for the rest of a sequence.
    var hasPending: Bool { !pending.isEmpty }

    /// Decodes what can be decoded of `bytes` (plus anything held back).
    mutating func feed(_ bytes: some Sequence<UInt8>) -> [Key] {
        pending.append(contentsOf: bytes)
        var keys: [Key] = []
        var i = 0
        while i < pending.count {
            switch decode(at: i) {
            case .key(let key, let length):
                if let key { keys.append(key) }
                i += length
            case .incomplete:
                pending.removeFirst(i)
                return keys
            }
        }
        pending.removeAll()
        return keys
    }

    /// Gives up waiting: a held-back `ESC` is the Escape key; other partial bytes are dropped.
    mutating func flush() -> [Key] {
        defer { pending.removeAll() }
        guard let first = pending.first else { return [] }
        if first == 0x1B {
            // ESC followed by an unfinished sequence: Escape, then whatever printable came after.
            let rest = pending.dropFirst()
            pending.removeAll()
            return [.escape] + feedPrintable(rest)
        }
        return []
    }

    private func feedPrintable(_ bytes: ArraySlice<UInt8>) -> [Key] {
        String(decoding: bytes, as: UTF8.self).compactMap { c in
            TerminalText.isPrintable(c) && c != "\u{FFFD}" ? .character(c) : nil
        }
    }

    private enum Step {
        /// A key (or nil for a swallowed sequence) and how many bytes it used.
        case key(Key?, Int)
        case incomplete
    }

    private func decode(at i: Int) -> Step {
        let b = pending[i]
        switch b {
        case 0x1B: return decodeEscape(at: i)
        case 0x0D, 0x0A: return .key(.enter, 1)
        case 0x7F, 0x08: return .key(.backspace, 1)
        case 0x09: return .key(.tab, 1)
        case 0x01...0x1A: return .key(.control(Character(Unicode.Scalar(b + 0x60))), 1)
        case 0x00, 0x1C...0x1F: return .key(nil, 1)
        case 0x20...0x7E: return .key(.character(Character(Unicode.Scalar(b))), 1)
        default: return decodeUTF8(at: i)
        }
    }

    private func decodeUTF8(at i: Int) -> Step {
        let b = pending[i]
        let length =
            switch b {
            case 0xC2...0xDF: 2
            case 0xE0...0xEF: 3
            case 0xF0...0xF4: 4
            default: 0
            }
        guard length > 0 else { return .key(nil, 1) }  // a stray continuation or invalid byte
        guard i + length <= pending.count else { return .incomplete }
        let bytes = pending[i..<i + length]
        guard bytes.dropFirst().allSatisfy({ $0 & 0xC0 == 0x80 }) else { return .key(nil, 1) }
        let text = String(decoding: bytes, as: UTF8.self)
        guard let c = text.first, text.count == 1, TerminalText.isPrintable(c), c != "\u{FFFD}" else {
            return .key(nil, length)
        }
        return .key(.character(c), length)
    }

    private func decodeEscape(at i: Int) -> Step {
        guard i + 1 < pending.count else { return .incomplete }
        let next = pending[i + 1]
        switch next {
        case UInt8(ascii: "["):
            // CSI: parameters 0x30-0x3F, intermediates 0x20-0x2F, final 0x40-0x7E.
            var j = i + 2
            while j < pending.count, (0x20...0x3F).contains(pending[j]) { j += 1 }
            guard j < pending.count else { return .incomplete }
            let final = pending[j]
            guard (0x40...0x7E).contains(final) else { return .key(nil, j - i) }
            let parameters = String(decoding: pending[(i + 2)..<j], as: UTF8.self)
            return .key(csiKey(final: final, parameters: parameters), j - i + 1)
        case UInt8(ascii: "O"):
            guard i + 2 < pending.count else { return .incomplete }
            let key: Key? =
                switch pending[i + 2] {
                case UInt8(ascii: "A"): .up
                case UInt8(ascii: "B"): .down
                case UInt8(ascii: "C"): .right
                case UInt8(ascii: "D"): .left
                case UInt8(ascii: "H"): .home
                case UInt8(ascii: "F"): .end
                case UInt8(ascii: "M"): .enter
                default: nil
                }
            return .key(key, 3)
        case 0x1B:
            return .key(.escape, 1)
        default:
            // Alt+key arrives as ESC then the key: treat it as the key alone.
            return .key(nil, 1)
        }
    }

    private func csiKey(final: UInt8, parameters: String) -> Key? {
        switch final {
        case UInt8(ascii: "A"): return .up
        case UInt8(ascii: "B"): return .down
        case UInt8(ascii: "C"): return .right
        case UInt8(ascii: "D"): return .left
        case UInt8(ascii: "H"): return .home
        case UInt8(ascii: "F"): return .end
        case UInt8(ascii: "Z"): return nil  // Shift-Tab
        case UInt8(ascii: "~"):
            switch parameters.split(separator: ";").first {
            case "1", "7": return .home
            case "4", "8": return .end
            case "3": return .delete
            case "5": return .pageUp
            case "6": return .pageDown
            default: return nil
            }
        default: return nil
        }
    }
}
