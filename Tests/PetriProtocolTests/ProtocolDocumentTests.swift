import Foundation
import Testing

@testable import PetriProtocol

@Suite("PROTOCOL.md: the reference's examples are real messages")
struct ProtocolDocumentTests {
    /// The reference, in the scratch package's root or beside the PetriProtocol sources.
    static func document() throws -> String {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent()
        let candidates = [
            root.appendingPathComponent("PROTOCOL.md"),
            root.appendingPathComponent("Sources/PetriProtocol/PROTOCOL.md"),
        ]
        let found = try #require(candidates.first { FileManager.default.fileExists(atPath: $0.path) })
        return try String(contentsOf: found, encoding: .utf8)
    }

    /// The JSON documents in fenced blocks tagged `json client` or `json server`, split at blank lines.
    static func examples(tagged tag: String) throws -> [String] {
        var examples: [String] = []
        var current: [String]?
        var chunk: [String] = []
        for line in try document().split(separator: "\n", omittingEmptySubsequences: false).map(String.init) {
            if current == nil {
                if line == "```json \(tag)" { current = [] }
                continue
            }
            if line == "```" || line.isEmpty {
                if !chunk.isEmpty { examples.append(chunk.joined(separator: "\n")) }
                chunk = []
                if line == "```" { current = nil }
                continue
            }
            chunk.append(line)
        }
        return examples
    }

    @Test func everyClientExampleDecodesAndEveryClientTypeHasOne() throws {
        // Given the client examples of the reference
        let decoder = ProtocolDecoder(limits: .lessonFile)
        var types: Set<String> = []
        for example in try Self.examples(tagged: "client") {
            // When each is decoded, Then it is a valid client message
            do {
                types.insert(try decoder.decodeClientMessage(Array(example.utf8)).type)
            } catch {
                Issue.record("PROTOCOL.md example does not decode (\(error)): \(example)")
            }
        }
        // And every type is shown
        let all = Set(Fixtures.clientMessages.map(\.type))
        #expect(types == all, "missing from PROTOCOL.md: \(all.subtracting(types).sorted())")
    }

    @Test func everyServerExampleDecodesAndEveryServerTypeHasOne() throws {
        // Given the server examples of the reference, Then each decodes and every type is shown
        let decoder = ProtocolDecoder(limits: .lessonFile)
        var types: Set<String> = []
        for example in try Self.examples(tagged: "server") {
            do {
                types.insert(try decoder.decodeServerMessage(Array(example.utf8)).type)
            } catch {
                Issue.record("PROTOCOL.md example does not decode (\(error)): \(example)")
            }
        }
        let all = Set(Fixtures.serverMessages.map(\.type))
        #expect(types == all, "missing from PROTOCOL.md: \(all.subtracting(types).sorted())")
    }

    @Test func theHuntHorizonExamplesDecodeToAQuestionAboutThreeRoundsOfHunting() throws {
        // Given the examples of section 5.8 that ask, and show, a question about the class's hunting
        let decoder = ProtocolDecoder(limits: .lessonFile)
        let asks = try Self.examples(tagged: "client").filter { $0.contains("\"horizonIn\"") }
        let shown = try Self.examples(tagged: "server").filter {
            $0.contains("\"hunts\":") && $0.contains("\"type\":\"question\"")
        }
        #expect(asks.count == 1 && shown.count == 1)

        // Then the ask counts its horizon in hunts, and the question says how many rounds
        for example in asks {
            guard case .ask(let spec) = try decoder.decodeClientMessage(Array(example.utf8)) else {
                Issue.record("not an ask: \(example)")
                continue
            }
            #expect(spec.horizonIn == .hunts && spec.horizon == 3)
        }
        for example in shown {
            guard case .question(let info) = try decoder.decodeServerMessage(Array(example.utf8)) else {
                Issue.record("not a question: \(example)")
                continue
            }
            #expect(info.hunts == 3 && info.target == info.askedAt + 3)
        }
    }

    @Test func theReportExampleWithHuntsDecodesToEachRoundsRecordAndTheFormulasBesideIt() throws {
        // Given the report example of section 5.6 from a lesson that hunted
        let decoder = ProtocolDecoder(limits: .lessonFile)
        let examples = try Self.examples(tagged: "server").filter {
            $0.contains("\"hunts\":") && $0.contains("\"type\":\"report\"")
        }
        #expect(examples.count == 1)
        for example in examples {
            guard case .report(let csv, _, let data) = try decoder.decodeServerMessage(Array(example.utf8)),
                let round = data.hunts?.first
            else {
                Issue.record("not a report with hunts: \(example)")
                continue
            }
            // Then its round's bins, differential and students' catches agree with each other and the CSV
            #expect(round.caughtBins.reduce(0, +) == round.students.reduce(0) { $0 + $1.catches })
            #expect(abs((round.aliveMean ?? 0) - round.meanBefore - (round.differential ?? 0)) < 1e-9)
            #expect(round.formula?.deaths == 19)
            #expect(data.students.first?.catches == 2 && csv.hasSuffix(",2\r\n"))
        }
    }

    @Test func everyErrorCodeAndCloseCodeIsDocumented() throws {
        // Given the reference, Then it has a row for every error code and lesson close code, and names the subprotocol
        let document = try Self.document()
        for code in ProtocolError.Code.allCases {
            #expect(document.contains("| `\(code.rawValue)` |"), "error code \(code.rawValue) is not in PROTOCOL.md")
        }
        for close in LessonCloseCode.allCases {
            #expect(document.contains("| \(close.rawValue) |"), "close code \(close.rawValue) is not in PROTOCOL.md")
        }
        #expect(document.contains(ProtocolVersion.subprotocol))
    }
}
