import Foundation
import PetriLesson
import PetriProtocol
import PetriSimulation
import Testing

@testable import PetriStorage

/// The log's one stored form: explicit keys, and the logs written before them still read.
@Suite struct LogEncodingTests {
    /// Lines as the store wrote them before explicit keys (Swift's synthesized coding of the lesson's
    /// enums), one per command kind a lesson logs, each sender, hostile text, every prediction kind.
    static func linesBeforeExplicitKeys() throws -> [String] {
        let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .appendingPathComponent("Fixtures/log-before-explicit-keys.jsonl")
        return try String(contentsOf: url, encoding: .utf8).split(separator: "\n").map(String.init)
    }

    @Test func logLinesWrittenBeforeExplicitKeysDecodeToTheSameEntries() throws {
        // Given today's log lines, in the synthesized form
        let lines = try Self.linesBeforeExplicitKeys()
        #expect(lines.count == 24)
        for line in lines {
            // When the store decodes one
            let decoded = try LogEncoding.decode(line)
            // Then it is the entry the synthesized coding reads from it
            let synthesized = try JSONDecoder().decode(LessonLogEntry.self, from: Data(line.utf8))
            #expect(decoded == synthesized, "\(line)")
        }
    }

    @Test func everyLoggedEntryIsWrittenWithExplicitKeysAndReadsBack() throws {
        // Given the entries of the old lines
        for line in try Self.linesBeforeExplicitKeys() {
            let entry = try LogEncoding.decode(line)
            // When it is stored now
            let stored = try LogEncoding.encode(entry)
            // Then no value is named by its position, and it reads back as the same entry
            #expect(!stored.payload.contains(#""_0""#) && !stored.payload.contains(#""_1""#), "\(stored.payload)")
            #expect(try LogEncoding.decode(stored.payload) == entry)
        }
    }

    @Test func anAnswerIsWrittenWithNamedValuesAndItsPredictionIsTheSliceTheRowTakes() throws {
        // Given a student's answer with a reason
        let entry = LessonLogEntry(
            sequence: 5, time: Timestamp(millisecondsSince1970: 1_741_080_001_250), actor: .student(StudentID(3)),
            command: .answer(QuestionID(1), .number(70.5), reason: "a/b"))
        // When it is stored
        let stored = try LogEncoding.encode(entry)
        // Then its payload names every value, and the prediction handed to the answers table is the payload's
        #expect(
            stored.payload
                == #"{"actor":{"student":{"id":3}},"command":{"answer":{"prediction":{"number":70.5},"question":1,"#
                + #""reason":"a\/b"}},"sequence":5,"time":1741080001250}"#)
        #expect(stored.prediction == #"{"number":70.5}"#)
    }

    @Test func entriesOtherThanAnswersCarryNoPrediction() throws {
        let time = Timestamp(millisecondsSince1970: 0)
        let join = LessonLogEntry(
            sequence: 1, time: time, actor: .guest,
            command: .join(name: "Ada", token: try AccessToken(String(repeating: "ab12", count: 8))))
        let step = LessonLogEntry(sequence: 2, time: time, actor: .teacher, command: .step(count: 1))
        #expect(try LogEncoding.encode(join).prediction == nil)
        #expect(try LogEncoding.encode(step).prediction == nil)
    }

    @Test func aPayloadOfNoKnownCommandIsRefused() {
        #expect(throws: DecodingError.self) {
            try LogEncoding.decode(#"{"actor":{"teacher":{}},"command":{"dance":{}},"sequence":1,"time":0}"#)
        }
    }
}
