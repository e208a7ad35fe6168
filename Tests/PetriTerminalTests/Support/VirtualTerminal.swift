/// Just enough of a VT100/xterm to rebuild the screen a program drew: text, cursor position,
/// erase, the alternate screen and the cursor's visibility. Colours and attributes are ignored.
struct VirtualTerminal {
    let width: Int
    let height: Int
    private var main: [[Character]]
    private var alternate: [[Character]]
    private(set) var onAlternate = false
    private(set) var cursorVisible = true
    private var x = 0
    private var y = 0
    private var pending: [UInt8] = []
    /// The cursor saved when entering the alternate screen (xterm restores it on leaving).
    private var saved = (x: 0, y: 0)

    init(width: Int, height: Int) {
        self.width = width
        self.height = height
        main = Array(repeating: Array(repeating: " ", count: width), count: height)
        alternate = main
    }

    /// The visible screen, trailing spaces removed.
    var lines: [String] {
        (onAlternate ? alternate : main).map {
            String($0).replacingOccurrences(of: "\\s+$", with: "", options: .regularExpression)
        }
    }

    var text: String { lines.joined(separator: "\n") }

    mutating func feed(_ bytes: [UInt8]) {
        pending += bytes
        var i = 0
        let data = pending
        while i < data.count {
            let b = data[i]
            if b == 0x1B {
                guard let length = escape(data, at: i) else { break }  // incomplete: keep for the next feed
                i += length
                continue
            }
            if b == 0x0D { x = 0; i += 1; continue }
            if b == 0x0A { y = min(height - 1, y + 1); i += 1; continue }
            if b == 0x08 { x = max(0, x - 1); i += 1; continue }
            if b < 0x20 { i += 1; continue }
            let length = b < 0x80 ? 1 : b < 0xE0 ? 2 : b < 0xF0 ? 3 : 4
            guard i + length <= data.count else { break }
            let s = String(decoding: data[i..<i + length], as: UTF8.self)
            for c in s { put(c) }
            i += length
        }
        pending = Array(data[i...])
    }

    private mutating func put(_ c: Character) {
        guard x < width, y < height else { return }
        if onAlternate { alternate[y][x] = c } else { main[y][x] = c }
        x += 1
        let wide =
            c.unicodeScalars.first.map {
                $0.properties.isEmojiPresentation || (0x1100...0x115F).contains($0.value)
                    || (0x2E80...0xA4CF).contains($0.value) || (0xAC00...0xD7A3).contains($0.value)
                    || (0xFF00...0xFF60).contains($0.value)
            } ?? false
        if wide { x += 1 }
    }

    /// Handles the escape sequence at `i`; returns its length, or nil when it is not complete yet.
    private mutating func escape(_ d: [UInt8], at i: Int) -> Int? {
        guard i + 1 < d.count else { return nil }
        guard d[i + 1] == UInt8(ascii: "[") else { return 2 }
        var j = i + 2
        while j < d.count, (0x20...0x3F).contains(d[j]) { j += 1 }
        guard j < d.count else { return nil }
        let params = String(decoding: d[(i + 2)..<j], as: UTF8.self)
        let numbers = params.split(separator: ";", omittingEmptySubsequences: false).map { Int($0.filter(\.isNumber)) }
        let n = (numbers.first ?? nil) ?? 0
        switch d[j] {
        case UInt8(ascii: "H"), UInt8(ascii: "f"):
            y = max(0, min(height - 1, (n == 0 ? 1 : n) - 1))
            let column = numbers.count > 1 ? (numbers[1] ?? 1) : 1
            x = max(0, min(width - 1, column - 1))
        case UInt8(ascii: "J"):
            if n == 2 { clear() }
        case UInt8(ascii: "K"):
            for column in x..<width { if onAlternate { alternate[y][column] = " " } else { main[y][column] = " " } }
        case UInt8(ascii: "A"): y = max(0, y - max(1, n))
        case UInt8(ascii: "B"): y = min(height - 1, y + max(1, n))
        case UInt8(ascii: "C"): x = min(width - 1, x + max(1, n))
        case UInt8(ascii: "D"): x = max(0, x - max(1, n))
        case UInt8(ascii: "h"), UInt8(ascii: "l"):
            let on = d[j] == UInt8(ascii: "h")
            if params == "?1049" {
                if on {
                    saved = (x, y)
                    onAlternate = true
                    clear()
                } else {
                    onAlternate = false
                    (x, y) = saved
                }
            }
            if params == "?25" { cursorVisible = on }
        default: break
        }
        return j - i + 1
    }

    private mutating func clear() {
        let blank = Array(repeating: Array(repeating: Character(" "), count: width), count: height)
        if onAlternate { alternate = blank } else { main = blank }
    }
}
