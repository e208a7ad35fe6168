import Foundation

@testable import PetriTerminal

/// Writes screens as text to a folder, for a person to look at (`PETRI_PREVIEW=/tmp/screens`).
enum Preview {
    static func write(_ name: String, _ canvas: Canvas, mode: ColorMode) {
        guard let folder = ProcessInfo.processInfo.environment["PETRI_PREVIEW"] else { return }
        try? FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        let plain = canvas.lines().joined(separator: "\n") + "\n"
        try? plain.write(toFile: "\(folder)/\(name).txt", atomically: true, encoding: .utf8)
        var shown = "\u{1B}[2J"
        for y in 0..<canvas.height { shown += "\u{1B}[\(y + 1);1H" + ANSIRenderer(mode: mode).row(canvas, y) }
        try? (shown + "\u{1B}[0m\n").write(toFile: "\(folder)/\(name).ans", atomically: true, encoding: .utf8)
        // One line per cell (character, foreground, background, reverse) for tools/screen2png.py.
        var cells = "\(canvas.width) \(canvas.height)\n"
        for y in 0..<canvas.height {
            for x in 0..<canvas.width {
                let cell = canvas[x, y]
                var style = cell.style
                if mode == .none { style.foreground = nil; style.background = nil }
                func hex(_ c: TerminalColor?) -> String {
                    guard let c else { return "-" }
                    return String(format: "%02x%02x%02x", c.red, c.green, c.blue)
                }
                let scalar = cell.character.unicodeScalars.first.map { String($0.value) } ?? "0"
                cells += "\(scalar) \(hex(style.foreground)) \(hex(style.background)) \(style.reverse ? 1 : 0)\n"
            }
        }
        try? cells.write(toFile: "\(folder)/\(name).cells", atomically: true, encoding: .utf8)
    }
}

extension Preview {
    /// Writes screen lines captured from a terminal.
    static func write(lines: [String], name: String) {
        guard let folder = ProcessInfo.processInfo.environment["PETRI_PREVIEW"] else { return }
        try? FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        try? (lines.joined(separator: "\n") + "\n").write(
            toFile: "\(folder)/\(name).txt", atomically: true, encoding: .utf8)
    }
}
