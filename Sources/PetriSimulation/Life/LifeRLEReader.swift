/// Reads the run-length encoded pattern format used across the Life community.
///
/// Accepted input, in order:
/// - blank lines and `#` lines: `#N name`, `#C`/`#c`/`#O` comments, `#r` an old-style rule;
///   other `#` lines (`#P`, `#R` positions, ...) are ignored;
/// - an optional header `x = width, y = height, rule = B3/S23` (rule optional, keys in any
///   letter case, spaces anywhere); without one the pattern is as large as its body;
/// - the body: `b` or `.` a dead cell, `o` or any other letter a live one, `$` the end of a row,
///   each optionally preceded by a run count (`3o2$`), whitespace and newlines anywhere, and `!`
///   the end (everything after it is ignored). A missing `!` is tolerated: the text's end ends
///   the pattern, as hand-typed patterns often forget it.
///
/// Limits keep hostile input cheap: sizes and run counts above ``LifeGrid/maxSide`` are errors
/// (checked digit by digit, so they cannot overflow), a body wider or taller than its header is
/// an error, and nothing is allocated before the size is known to lie within the caller's limits.
struct LifeRLEReader {
    private(set) var name: String?
    private(set) var comments: [String] = []
    private(set) var rule: LifeRule?
    /// The header's size, when there is a header.
    private(set) var declared: (width: Int, height: Int)?
    private var body: ArraySlice<UInt8> = []
    private let maxWidth: Int
    private let maxHeight: Int

    /// Reads the comment lines and the header, and finds the body.
    ///
    /// - Throws: ``SimulationError/Code/malformedInput`` for a bad header or a size beyond the limits.
    init(_ text: String, maxWidth: Int, maxHeight: Int) throws(SimulationError) {
        self.maxWidth = min(maxWidth, LifeGrid.maxSide)
        self.maxHeight = min(maxHeight, LifeGrid.maxSide)
        let bytes = Array(text.utf8)
        var start = 0
        var bodyStart = bytes.count
        while start < bytes.count {
            var end = start
            while end < bytes.count, bytes[end] != UInt8(ascii: "\n") { end += 1 }
            let line = String(decoding: bytes[start..<end], as: UTF8.self).trimmingSpaces
            if line.isEmpty {
                start = end + 1
                continue
            }
            if line.hasPrefix("#") {
                readComment(line)
                start = end + 1
                continue
            }
            if Self.isHeader(line) {
                try readHeader(line)
                bodyStart = min(end + 1, bytes.count)
            } else {
                bodyStart = start
            }
            break
        }
        body = bytes[bodyStart...]
    }

    /// Reads the body into a grid of the header's size (or of the body's extent).
    ///
    /// - Throws: ``SimulationError/Code/malformedInput`` for an unexpected character, a run count
    ///   that is too large, or cells beyond the header's size or the limits.
    func cells() throws(SimulationError) -> LifeGrid {
        if let declared {
            var grid = LifeGrid(validWidth: declared.width, height: declared.height, words: nil)
            _ = try scan { y, x0, x1 in grid.fillRow(y, from: x0, to: x1) }
            return grid
        }
        // No header: one pass to measure (and validate), then one to fill.
        let extent = try scan { _, _, _ in }
        guard extent.width > 0, extent.height > 0 else {
            throw SimulationError(
                .malformedInput,
                "The RLE text holds no pattern: give a header such as x = 3, y = 3 and a body such as bo$2bo$3o!."
            )
        }
        var grid = LifeGrid(validWidth: extent.width, height: extent.height, words: nil)
        _ = try scan { y, x0, x1 in grid.fillRow(y, from: x0, to: x1) }
        return grid
    }

    /// Walks the body, calling `live(y, x0, x1)` for each run of live cells, and returns the
    /// extent of every run (live or dead) seen.
    private func scan(_ live: (Int, Int, Int) -> Void) throws(SimulationError) -> (width: Int, height: Int) {
        let limitWidth = declared?.width ?? maxWidth
        let limitHeight = declared?.height ?? maxHeight
        var x = 0, y = 0
        var count = 0  // 0: no run count given
        var extentWidth = 0, extentHeight = 0
        for byte in body {
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"):
                count = count * 10 + Int(byte - UInt8(ascii: "0"))
                guard count <= LifeGrid.maxSide else {
                    throw SimulationError(
                        .malformedInput,
                        "The RLE body has a run count in row \(y + 1) larger than \(LifeGrid.maxSide),"
                            + " the largest allowed."
                    )
                }
                continue
            case UInt8(ascii: " "), UInt8(ascii: "\t"), UInt8(ascii: "\r"), UInt8(ascii: "\n"):
                continue
            case UInt8(ascii: "!"):
                return (extentWidth, extentHeight)
            case UInt8(ascii: "$"):
                y += max(count, 1)
                x = 0
            case UInt8(ascii: "b"), UInt8(ascii: "."), UInt8(ascii: "a")...UInt8(ascii: "z"),
                UInt8(ascii: "A")...UInt8(ascii: "Z"):
                let run = max(count, 1)
                guard y < limitHeight else {
                    throw SimulationError(
                        .malformedInput,
                        declared == nil
                            ? "The RLE pattern is taller than the \(limitHeight) rows that fit here."
                            : "The RLE pattern has more rows than the height \(limitHeight) given in its header."
                    )
                }
                guard run <= limitWidth - x else {
                    throw SimulationError(
                        .malformedInput,
                        declared == nil
                            ? "The RLE pattern is wider than the \(limitWidth) columns that fit here."
                            : "Row \(y + 1) of the RLE pattern is longer than the width \(limitWidth)"
                                + " given in its header."
                    )
                }
                if byte != UInt8(ascii: "b") && byte != UInt8(ascii: ".") { live(y, x, x + run) }
                x += run
                extentWidth = max(extentWidth, x)
                extentHeight = max(extentHeight, y + 1)
            default:
                let shown = byte < 0x80 ? "\"\(Character(Unicode.Scalar(byte)))\"" : "(not ASCII)"
                throw SimulationError(
                    .malformedInput,
                    "The RLE body has an unexpected character \(shown) in row \(y + 1): use b for dead cells,"
                        + " o for live ones, $ to end a row, ! to end the pattern, and run counts such as 3o."
                )
            }
            count = 0
        }
        return (extentWidth, extentHeight)
    }

    /// A header is `x`, optional spaces, then `=`; a body line may itself start with the letter x.
    private static func isHeader(_ line: String) -> Bool {
        guard line.first == "x" || line.first == "X" else { return false }
        return line.dropFirst().first { $0 != " " && $0 != "\t" } == "="
    }

    private mutating func readComment(_ line: String) {
        let kind = line.dropFirst().first
        let text = String(line.dropFirst(2)).trimmingSpaces
        switch kind {
        case "N": name = text
        case "C", "c", "O": comments.append(text)
        case "r": rule = try? LifeRule(parsing: text)
        default: break
        }
    }

    private mutating func readHeader(_ line: String) throws(SimulationError) {
        let malformed = SimulationError(
            .malformedInput,
            "The RLE header \"\(LifeText.clipped(line))\" is not of the form x = width, y = height, rule = B3/S23."
        )
        var width: Int?, height: Int?
        for part in line.split(separator: ",", omittingEmptySubsequences: false) {
            let pair = part.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            guard pair.count == 2 else { throw malformed }
            let key = String(pair[0]).trimmingSpaces.lowercased()
            let value = String(pair[1]).trimmingSpaces
            switch key {
            case "x", "y":
                // At most six digits: enough for 16384, and no overflow before the range check.
                guard !value.isEmpty, value.count <= 6, value.allSatisfy({ $0.isASCII && $0.isNumber }),
                    let n = Int(value)
                else { throw malformed }
                if key == "x" { width = n } else { height = n }
            case "rule":
                rule = try LifeRule(parsing: value)
            default:
                throw malformed
            }
        }
        guard let width, let height else { throw malformed }
        guard width >= 1, height >= 1 else {
            throw SimulationError(
                .malformedInput,
                "The RLE header gives a size of \(width)×\(height) cells; width and height must be at least 1."
            )
        }
        guard width <= maxWidth, height <= maxHeight else {
            throw SimulationError(
                .malformedInput,
                "The RLE pattern is \(width)×\(height) cells, larger than the \(maxWidth)×\(maxHeight)"
                    + " cells that fit here."
            )
        }
        declared = (width, height)
    }
}

extension String {
    /// The text without leading and trailing spaces, tabs and carriage returns.
    fileprivate var trimmingSpaces: String {
        let isSpace: (Character) -> Bool = { $0 == " " || $0 == "\t" || $0 == "\r" || $0 == "\r\n" }
        guard let first = firstIndex(where: { !isSpace($0) }), let last = lastIndex(where: { !isSpace($0) }) else {
            return ""
        }
        return String(self[first...last])
    }
}
