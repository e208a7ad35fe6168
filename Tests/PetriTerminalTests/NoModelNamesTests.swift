import Foundation
import PetriSimulation
import Testing

@testable import PetriTerminal

/// The terminal names no model: every model it draws, it draws from the presentation the server sends, so a server
/// that adds one needs no change here. The names come from the shipped descriptions (their ids, and the nouns of
/// those that carry a presentation), not from a list kept in this test.
@Suite struct NoModelNamesTests {
    /// A name to look for: its words, lowercased, and whether it counts only in text a person reads.
    struct Name: Hashable {
        var words: [String]
        /// Nouns (`species`, `live cells`) may be identifiers of a picture's wire format (a tile map's `species`
        /// key); in comments and string literals they name a model. Ids count everywhere.
        var textOnly: Bool
    }

    /// The shipped models' names: each description's id and its presentation's nouns (for a description that does
    /// not carry its presentation yet, the one the server sends in these tests, ``Presentations``).
    static func names(_ descriptions: [ModelDescription] = ModelKind.allDescriptions) -> [Name] {
        var names: Set<Name> = []
        for description in descriptions {
            names.insert(Name(words: words(description.model), textOnly: false))
            if let nouns = (description.presentation ?? Presentations.of(id: description.model))?.nouns {
                names.insert(Name(words: words(nouns.one), textOnly: true))
                names.insert(Name(words: words(nouns.many), textOnly: true))
            }
        }
        return names.filter { !$0.words.isEmpty }.sorted {
            $0.words.joined(separator: " ") < $1.words.joined(separator: " ")
        }
    }

    /// Words of a text or identifier, lowercased: split at anything but letters and at lower-to-upper case
    /// changes, so `IslandsView` is `islands view` and `liveCells` is `live cells`.
    static func words(_ text: String) -> [String] {
        var words: [String] = []
        var current = ""
        var previousLower = false
        for c in text {
            if c.isLetter {
                if c.isUppercase && previousLower && !current.isEmpty {
                    words.append(current)
                    current = ""
                }
                current.append(contentsOf: c.lowercased())
                previousLower = c.isLowercase
            } else {
                if !current.isEmpty { words.append(current) }
                current = ""
                previousLower = false
            }
        }
        if !current.isEmpty { words.append(current) }
        return words
    }

    /// The parts of a line a person reads: its comment and its string literals (all of it inside a `"""` block).
    static func text(of line: String, inBlock: inout Bool) -> String {
        if line.contains("\"\"\"") {
            inBlock.toggle()
            return line
        }
        if inBlock { return line }
        var read = ""
        var inString = false
        var escaped = false
        var previous: Character = " "
        for (index, c) in zip(line.indices, line) {
            if inString {
                if escaped {
                    escaped = false
                } else if c == "\\" {
                    escaped = true
                } else if c == "\"" {
                    inString = false
                    read.append(" ")
                    continue
                }
                read.append(c)
            } else if c == "\"" {
                inString = true
            } else if c == "/" && previous == "/" {
                read += " " + line[line.index(after: index)...]
                break
            }
            previous = c
        }
        return read
    }

    static func contains(_ words: [String], _ name: [String]) -> Bool {
        guard words.count >= name.count else { return false }
        return (0...(words.count - name.count)).contains { Array(words[$0..<$0 + name.count]) == name }
    }

    /// Every `file:line: name` of the terminal's sources that names a shipped model.
    static func findings(in directory: URL, names: [Name] = names()) throws -> [String] {
        var findings: [String] = []
        let files =
            FileManager.default.enumerator(at: directory, includingPropertiesForKeys: nil)?
            .compactMap { $0 as? URL }.filter { $0.pathExtension == "swift" }
            .sorted { $0.path < $1.path } ?? []
        for file in files {
            var inBlock = false
            let lines = try String(contentsOf: file, encoding: .utf8).split(
                separator: "\n", omittingEmptySubsequences: false)
            for (number, line) in lines.enumerated() {
                let all = words(String(line))
                let read = words(text(of: String(line), inBlock: &inBlock))
                for name in names where contains(name.textOnly ? read : all, name.words) {
                    let path = file.path.replacingOccurrences(of: directory.path + "/", with: "")
                    findings.append("Sources/PetriTerminal/\(path):\(number + 1): \(name.words.joined(separator: " "))")
                }
            }
        }
        return findings
    }

    static let sources = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Sources/PetriTerminal")

    @Test func noSourceFileOfTheTerminalNamesAShippedModel() throws {
        // Given the shipped models' ids and nouns
        #expect(Self.names().count >= ModelKind.allDescriptions.count)
        // When every Swift file of the terminal is read
        let findings = try Self.findings(in: Self.sources)
        // Then none names one (each finding says the file, the line and the name)
        #expect(findings.isEmpty, "The terminal names a model:\n\(findings.joined(separator: "\n"))")
    }

    @Test func theSearchFindsANameInCodeAndANounInText() throws {
        // Given a file that names a model in code and one of the nouns in a comment
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent(
            "petri-names-\(ProcessInfo.processInfo.processIdentifier)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let id = ModelKind.allDescriptions[0].model
        #expect(Self.names().contains(Name(words: ["species"], textOnly: true)))
        let typeName = id.prefix(1).uppercased() + id.dropFirst() + "View"
        try "enum \(typeName) {}\n// one \"species\" too\nlet species = 1\n".write(
            to: directory.appendingPathComponent("Named.swift"), atomically: true, encoding: .utf8)
        // When it is searched
        let findings = try Self.findings(in: directory)
        // Then the id is found on line 1 (inside an identifier) and the noun only where a person reads it
        #expect(
            findings == [
                "Sources/PetriTerminal/Named.swift:1: \(Self.words(id).joined(separator: " "))",
                "Sources/PetriTerminal/Named.swift:2: species",
            ])
    }
}
