/// Large block letters for the join code, readable from the back of a classroom.
///
/// Covers the join-code alphabet (`A`–`Z` without `I` and `O`, `2`–`9`); each glyph is 5 pixels
/// wide and 5 high, each pixel two columns of `█`, so a six-character code is 70 columns wide.
enum BigText {
    static let font: [Character: [String]] = [
        "A": [" ### ", "#   #", "#####", "#   #", "#   #"],
        "B": ["#### ", "#   #", "#### ", "#   #", "#### "],
        "C": [" ####", "#    ", "#    ", "#    ", " ####"],
        "D": ["#### ", "#   #", "#   #", "#   #", "#### "],
        "E": ["#####", "#    ", "#### ", "#    ", "#####"],
        "F": ["#####", "#    ", "#### ", "#    ", "#    "],
        "G": [" ####", "#    ", "#  ##", "#   #", " ####"],
        "H": ["#   #", "#   #", "#####", "#   #", "#   #"],
        "J": ["  ###", "    #", "    #", "#   #", " ### "],
        "K": ["#   #", "#  # ", "###  ", "#  # ", "#   #"],
        "L": ["#    ", "#    ", "#    ", "#    ", "#####"],
        "M": ["#   #", "## ##", "# # #", "#   #", "#   #"],
        "N": ["#   #", "##  #", "# # #", "#  ##", "#   #"],
        "P": ["#### ", "#   #", "#### ", "#    ", "#    "],
        "Q": [" ### ", "#   #", "# # #", "#  # ", " ## #"],
        "R": ["#### ", "#   #", "#### ", "#  # ", "#   #"],
        "S": [" ####", "#    ", " ### ", "    #", "#### "],
        "T": ["#####", "  #  ", "  #  ", "  #  ", "  #  "],
        "U": ["#   #", "#   #", "#   #", "#   #", " ### "],
        "V": ["#   #", "#   #", "#   #", " # # ", "  #  "],
        "W": ["#   #", "#   #", "# # #", "## ##", "#   #"],
        "X": ["#   #", " # # ", "  #  ", " # # ", "#   #"],
        "Y": ["#   #", " # # ", "  #  ", "  #  ", "  #  "],
        "Z": ["#####", "   # ", "  #  ", " #   ", "#####"],
        "2": [" ### ", "#   #", "  ## ", " #   ", "#####"],
        "3": ["#### ", "    #", " ### ", "    #", "#### "],
        "4": ["#  # ", "#  # ", "#####", "   # ", "   # "],
        "5": ["#####", "#    ", "#### ", "    #", "#### "],
        "6": [" ### ", "#    ", "#### ", "#   #", " ### "],
        "7": ["#####", "    #", "   # ", "  #  ", "  #  "],
        "8": [" ### ", "#   #", " ### ", "#   #", " ### "],
        "9": [" ### ", "#   #", " ####", "    #", " ### "],
    ]

    /// Glyph rows.
    static let height = 5

    /// The five lines of `text` in block letters, `pixel` standing for one lit pixel (two columns).
    static func lines(_ text: String, pixel: String = "██") -> [String] {
        let blank = String(repeating: " ", count: pixel.count)
        return (0..<height).map { row in
            text.map { c -> String in
                let glyph = font[Character(c.uppercased())] ?? Array(repeating: "     ", count: height)
                return glyph[row].map { $0 == "#" ? pixel : blank }.joined()
            }.joined(separator: "  ")
        }
    }

    /// Columns `text` takes.
    static func width(_ text: String, pixel: String = "██") -> Int {
        lines(text, pixel: pixel).first.map { TerminalText.width(of: $0) } ?? 0
    }

    /// Draws the code large and centred in `rect`, falling back to spaced letters when it does not fit.
    static func draw(into canvas: inout Canvas, rect: Rect, code: String, style: CellStyle) {
        var rows = lines(code)
        if TerminalText.width(of: rows.first ?? "") > rect.width { rows = lines(code, pixel: "█") }
        if TerminalText.width(of: rows.first ?? "") > rect.width || rect.height < height {
            let spaced = code.map(String.init).joined(separator: " ")
            canvas.put(
                spaced, x: rect.x + max(0, (rect.width - spaced.count) / 2), y: rect.y + rect.height / 2, style: style)
            return
        }
        let x = rect.x + (rect.width - TerminalText.width(of: rows[0])) / 2
        let y = rect.y + (rect.height - height) / 2
        for (i, row) in rows.enumerated() { canvas.put(row, x: x, y: y + i, style: style) }
    }
}
