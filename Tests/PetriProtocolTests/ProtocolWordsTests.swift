import Foundation
import PetriWords
import Testing

@testable import PetriProtocol

/// A message the server cannot read is refused with a code and a sentence from the protocol's catalogs
/// (Sources/PetriProtocol/Words), rendered in the reader's language; English stays the default, byte for byte.
@Suite("The protocol's refusals come from its catalogs, in the reader's language")
struct ProtocolWordsTests {
    static let sources = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Sources/PetriProtocol")

    private func refusal(_ text: String) -> ProtocolError? {
        do {
            _ = try ProtocolDecoder().decodeClientMessage(Array(text.utf8))
            return nil
        } catch {
            return error
        }
    }

    @Test func everyCatalogHasEveryKeyTheProtocolUsesAndNoOther() throws {
        var used: Set<String> = []
        let files = FileManager.default.enumerator(at: Self.sources, includingPropertiesForKeys: nil)
        while let file = files?.nextObject() as? URL {
            guard file.pathExtension == "swift" else { continue }
            used.formUnion(
                CatalogAudit.keys(inSource: try String(contentsOf: file, encoding: .utf8), caller: "ProtocolWords"))
        }
        #expect(used.count > 50)
        let problems = CatalogAudit.problems(
            of: ProtocolWords.book, used: used, languages: ["en", "cy", "es", "ar"].compactMap(Language.init))
        #expect(problems == [])
    }

    @Test func aWelshReaderIsToldWhatIsWrongWithAFieldInWelsh() throws {
        let cy = try #require(Language("cy"))
        let notWhole = try #require(refusal(#"{"type":"step","count":1.5}"#))
        #expect(notWhole.code == .invalidField)
        #expect(notWhole.message == #"The field "count" must be a whole number, not 1.5."#)
        #expect(notWhole.message(in: cy) == #"Rhaid i'r maes "count" fod yn rhif cyfan, nid 1.5."#)
        let missing = try #require(refusal(#"{"type":"step"}"#))
        #expect(missing.message(in: cy) == #"Mae angen y maes "count" ond mae ar goll."#)
        let wrongKind = try #require(refusal(#"{"type":"join","code":"K7QX2M","name":5}"#))
        #expect(wrongKind.message == #"The field "name" must be text."#)
        #expect(wrongKind.message(in: cy) == #"Rhaid i'r maes "name" fod yn destun."#)
        let unknown = try #require(refusal(#"{"type":"dance"}"#))
        #expect(unknown.code == .unknownType)
        #expect(unknown.message(in: cy) == #"Math anhysbys o neges "dance"; mae PROTOCOL.md yn rhestru'r mathau."#)
    }

    @Test func anArabicReaderGetsBadJSONAndSizesInArabicWithItsPluralForms() throws {
        let ar = try #require(Language("ar"))
        let malformed = try #require(refusal(#"{"type":"ping",}"#))
        #expect(malformed.code == .malformedJSON)
        #expect(malformed.message.hasPrefix("The message is not valid JSON: "))
        #expect(malformed.message(in: ar).hasPrefix("الرسالة ليست JSON صالحًا: "))
        let long = try #require(
            refusal(#"{"type":"join","code":"K7QX2M","name":"\#(String(repeating: "a", count: 300))"}"#))
        #expect(long.code == .tooLong)
        #expect(long.message(in: ar).contains("300 بايت؛"))
        #expect(
            ProtocolWords.book.text("protocol.field.tooLong", ["field": "x", "count": 5, "limit": 4], in: ar)
                == #"طول الحقل "x" 5 بايتات؛ والحد 4."#)
        #expect(
            ProtocolWords.book.text("protocol.field.tooLong", ["field": "x", "count": 12, "limit": 4], in: ar)
                == #"طول الحقل "x" 12 بايتًا؛ والحد 4."#)
        // The whole message, unnamed, is named in the reader's language too
        let notObject = try #require(refusal(#"[{"type":"ping"}]"#))
        #expect(
            notObject.message == #"A Petri message is one JSON object, such as {"type":"ping"}; send one per frame."#)
        #expect(notObject.message(in: ar).contains(#"{"type":"ping"}"#))
    }

    /// The files that read what clients send say nothing to a person in a string literal: a literal with two English
    /// words (or a capitalised word), or a word beside a value, fails, naming its line.
    @Test func theDecoderHoldsNoEnglishSentenceOutsideTheCatalogs() throws {
        let files = [
            "Core/WireCoding.swift", "Core/KeyedDecodingContainer+Limits.swift", "Core/JSONShapeCheck.swift",
            "Messages/ProtocolDecoder.swift", "Messages/ClientMessage+Coding.swift",
            "Messages/ClientMessage+AccountCoding.swift", "Questions/QuestionKind.swift", "Lesson/TimedAction.swift",
            "Lesson/LessonOptions.swift", "Lesson/LessonDefinition.swift", "Identity/JoinCode.swift",
            "Plans/LessonPlan.swift", "Plans/PlanPreview.swift", "Limits/TokenBucket.swift",
        ]
        var found: [String] = []
        for name in files {
            let lines = try String(contentsOf: Self.sources.appendingPathComponent(name), encoding: .utf8)
                .split(separator: "\n", omittingEmptySubsequences: false)
            for (number, line) in lines.enumerated() {
                for literal in Self.englishLiterals(in: String(line))
                where !Self.notSaid.contains("\(name): \(literal)") {
                    found.append("\(name):\(number + 1): \(literal)")
                }
            }
        }
        #expect(found == [])
    }

    @Test func theScanFindsAnEnglishRefusal() {
        #expect(
            Self.englishLiterals(in: #"throw ProtocolError(.invalidField, "The field \"x\" must be set.")"#)
                == [#"The field \"x\" must be set."#])
        #expect(Self.englishLiterals(in: #"    "A token is \(n) characters.")"#) == ["A token is  characters."])
        #expect(Self.englishLiterals(in: #"ProtocolWords.word("protocol.field.missing", ["field": .text(f)])"#) == [])
        #expect(Self.englishLiterals(in: #"positiveInfinity: "Infinity", nan: "NaN")"#) == [])
        #expect(Self.englishLiterals(in: #"    /// "A comment says things""#) == [])
    }

    /// Not said to anyone: a prediction's description (`option 2`), for logs and tests.
    private static let notSaid: Set<String> = ["Questions/QuestionKind.swift: option "]

    /// The wire's own words for numbers JSON cannot write, not sentences.
    private static let wireWords: Set<String> = ["Infinity", "-Infinity", "NaN"]

    /// The string literals on a line of Swift that read as English words (interpolations left out).
    static func englishLiterals(in line: String) -> [String] {
        guard !line.trimmingCharacters(in: .whitespaces).hasPrefix("//") else { return [] }
        let words = #/[A-Za-z]{2,}\s+[A-Za-z]{2,}|^[A-Z][a-z]{2,}/#
        let wordAndValue = #/[A-Za-z]{2,}\s+\x01|\x01\s+[A-Za-z]{2,}/#
        return line.matches(of: #/"((?:[^"\\]|\\.)*)"/#).compactMap { match in
            let text = String(match.1).replacing(#/\\\(.*?\)/#, with: "")
            let spelled = String(match.1).replacing(#/\\\(.*?\)/#, with: "\u{1}")
            guard !text.hasPrefix("protocol."), !wireWords.contains(text),
                text.contains(words) || spelled.contains(wordAndValue)
            else { return nil }
            return text
        }
    }
}
