import Foundation
import PetriSimulation
import Testing

@testable import PetriWeb

/// The pages draw every model from its description's presentation, so none of their scripts or styles names a
/// model: a server that adds one needs no page change.
@Suite struct PagesNameNoModelTests {
    /// The shipped model files, served or not yet (`Sources/PetriSimulation/Models/*.yaml`).
    static func modelFiles() throws -> [TraitModelFile] {
        let directory = URL(fileURLWithPath: #filePath)
            .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Sources/PetriSimulation/Models")
        let names = try FileManager.default.contentsOfDirectory(atPath: directory.path).filter { $0.hasSuffix(".yaml") }
        return try names.sorted().map {
            try TraitModelFile.parse(String(contentsOf: directory.appendingPathComponent($0), encoding: .utf8))
        }
    }

    /// Every model's id and nouns: what the served descriptions and the shipped files say.
    static func modelWords() throws -> (ids: Set<String>, nouns: Set<String>) {
        var ids: Set<String> = []
        var nouns: Set<String> = []
        for description in ModelKind.allDescriptions {
            ids.insert(description.model)
            let presentation = try #require(description.presentation, "\(description.model) has no presentation")
            nouns.formUnion([presentation.nouns.one, presentation.nouns.many])
        }
        for file in try modelFiles() {
            ids.insert(file.model)
            nouns.formUnion([file.modelPresentation.nouns.one, file.modelPresentation.nouns.many])
        }
        return (ids, nouns)
    }

    /// Where `text` names a model: an id anywhere (any case, inside a longer name too, as `bestCamouflaged`), a
    /// noun as a word (any case) unless it is a property read (`s.species`: the snapshot's key, the protocol's name).
    static func namings(in text: String, ids: Set<String>, nouns: Set<String>) -> [(line: Int, word: String)] {
        var found: [(Int, String)] = []
        for (index, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let lower = line.lowercased()
            for id in ids.sorted() where lower.contains(id.lowercased()) { found.append((index + 1, id)) }
            for noun in nouns.sorted() {
                var rest = lower[...]
                while let range = rest.range(of: noun.lowercased()) {
                    let before =
                        range.lowerBound > lower.startIndex ? lower[lower.index(before: range.lowerBound)] : " "
                    let after = range.upperBound < lower.endIndex ? lower[range.upperBound] : " "
                    let isWordChar = { (c: Character) in c.isLetter || c.isNumber || c == "_" }
                    if !isWordChar(before) && before != "." && !isWordChar(after) {
                        found.append((index + 1, noun))
                        break
                    }
                    rest = lower[range.upperBound...]
                }
            }
        }
        return found
    }

    @Test func theFinderCatchesAnIdInANameAndANounInWordsButNotASnapshotKey() {
        let ids: Set = ["camouflage"]
        let nouns: Set = ["moths", "species"]
        let text = "a\nif (s.bestCamouflaged) x();\nsay('20 Moths');\nconst all = s.species;\nconst speciesColour = 1;"
        #expect(Self.namings(in: text, ids: ids, nouns: nouns).map(\.line) == [2, 3])
    }

    @Test func noPageScriptOrStyleNamesAModel() throws {
        // Given every model's id and nouns, read from the shipped descriptions and model files
        let (ids, nouns) = try Self.modelWords()
        #expect(ids.isSuperset(of: ["camouflage", "life"]) && nouns.contains("moth"), "the words were not read")
        // When the pages' static files that ship are searched
        let assets = WebAssets.bundled()
        let files = assets.files.keys.filter { $0.hasPrefix("static/") }.sorted()
        #expect(!files.isEmpty)
        var problems: [String] = []
        for path in files {
            guard let bytes = assets[path]?.bytes, let text = String(validating: bytes, as: UTF8.self) else { continue }
            for (line, word) in Self.namings(in: text, ids: ids, nouns: nouns) {
                problems.append("Sources/PetriWeb/Pages/\(path):\(line) names the model word \"\(word)\"")
            }
        }
        // Then none names one: what depends on the model comes from its presentation
        #expect(problems.isEmpty, "\(problems.joined(separator: "\n"))")
    }
}
