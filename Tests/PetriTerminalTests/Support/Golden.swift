import Foundation
import Testing

/// Golden files under Tests/PetriTerminalTests/Golden, found through this file's path.
enum Golden {
    static var folder: URL {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Golden")
    }

    /// Compares `text` with the golden file `name.txt`, or writes it when `PETRI_UPDATE_GOLDEN` is set.
    static func check(_ text: String, name: String, sourceLocation: SourceLocation = #_sourceLocation) throws {
        let url = folder.appendingPathComponent(name + ".txt")
        if ProcessInfo.processInfo.environment["PETRI_UPDATE_GOLDEN"] != nil {
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            try (text + "\n").write(to: url, atomically: true, encoding: .utf8)
            return
        }
        let expected = try String(contentsOf: url, encoding: .utf8)
        let expectedLines = expected.split(separator: "\n", omittingEmptySubsequences: false).dropLast().map(
            String.init)
        let actualLines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        if expectedLines != actualLines {
            let first = zip(expectedLines, actualLines).enumerated().first { $0.element.0 != $0.element.1 }
            let location =
                first.map { "line \($0.offset + 1):\n  expected: \($0.element.0)\n  actual:   \($0.element.1)" }
                ?? "line counts differ (\(expectedLines.count) vs \(actualLines.count))"
            Issue.record("\(name) differs from its golden file at \(location)", sourceLocation: sourceLocation)
        }
    }
}
