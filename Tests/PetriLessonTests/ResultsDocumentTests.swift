import Foundation
import PetriProtocol
import PetriSimulation
import Testing

@testable import PetriLesson

@Suite("PROTOCOL.md's results example is what a lesson exports")
struct ResultsDocumentTests {
    static func document() throws -> String {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent()
        return try String(
            contentsOf: root.appendingPathComponent("Sources/PetriProtocol/PROTOCOL.md"), encoding: .utf8)
    }

    @Test func theResultsExampleIsTheCSVTheEncoderWritesForItsAnswer() throws {
        // Given the reference's `results` example, decoded as a client would
        let document = try Self.document()
        let line = try #require(
            document.split(separator: "\n").first { $0.hasPrefix("{\"csv\":") && $0.contains("\"type\":\"results\"") })
        let example = try ProtocolDecoder(limits: .lessonFile).decodeServerMessage(Array(line.utf8))

        // When a lesson has the answer it shows (-Bob predicts 102 for a population that is 102 at generation 1)
        var room = try Classroom(.init(drift: 2), options: LessonOptions(speedBonus: false, streakBonus: false))
        let bob = try room.join("-Bob").0
        let question = try room.ask(.population(in: 1, tolerance: 10))
        room.student(bob, .answer(question, .number(102)))
        room.step()
        let outcome = room.teacher(.exportResults)

        // Then the example is that export byte for byte: the header's columns, the row, the quoting
        #expect(outcome.replies == [example])
    }

    @Test func theResultsTableNamesTheColumnsTheEncoderWrites() throws {
        // Given the columns the reference's table lists for `results`
        let document = try Self.document()
        let row = try #require(document.split(separator: "\n").first { $0.hasPrefix("| `results` |") })
        let listed = try #require(row.firstMatch(of: /CSV text: `([^`]+)`/)).1

        // When a lesson exports its (empty) results
        var room = try Classroom(.init(drift: 2))
        guard case .results(let csv) = try #require(room.teacher(.exportResults).replies.first) else {
            Issue.record("exportResults did not answer with results")
            return
        }

        // Then the header line is exactly the listed columns
        #expect(csv == listed + "\r\n")
    }
}
