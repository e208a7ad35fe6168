import Foundation
import PetriSimulation
import Testing

@testable import PetriProtocol

@Suite("Messages: every type survives encoding and decoding")
struct MessageRoundTripTests {
    let encoder = ProtocolEncoder()
    let decoder = ProtocolDecoder(limits: .lessonFile)

    @Test func everyClientMessageTypeIsCovered() {
        // Given the fixtures, Then together they use all 80 client message types
        #expect(Set(Fixtures.clientMessages.map(\.type)).count == 80)
    }

    @Test func everyServerMessageTypeIsCovered() {
        // Given the fixtures, Then together they use all 69 server message types
        #expect(Set(Fixtures.serverMessages.map(\.type)).count == 69)
    }

    @Test(arguments: Fixtures.clientMessages)
    func clientMessagesRoundTrip(message: ClientMessage) throws {
        // Given a client message, When it is encoded and decoded, Then it is the same message
        let bytes = try encoder.encode(message)
        #expect(try decoder.decodeClientMessage(bytes) == message)
        // And the wire form is a flat object whose "type" names the message
        let object = try JSONSerialization.jsonObject(with: Data(bytes)) as? [String: Any]
        #expect(object?["type"] as? String == message.type)
    }

    @Test(arguments: Fixtures.serverMessages)
    func serverMessagesRoundTrip(message: ServerMessage) throws {
        // Given a server message, When it is encoded and decoded, Then it encodes to the same bytes again
        let bytes = try encoder.encode(message)
        let decoded = try decoder.decodeServerMessage(bytes)
        // NaN is not equal to itself, so compare the re-encoded bytes instead of the values
        #expect(try encoder.encode(decoded) == bytes)
    }

    @Test func messagesAreCompactWithSortedKeys() throws {
        // Given a few messages, Then their bytes are exactly these (documented in PROTOCOL.md)
        func text(_ message: ClientMessage) throws -> String {
            String(decoding: try encoder.encode(message), as: UTF8.self)
        }
        #expect(try text(.step(count: 5)) == #"{"count":5,"type":"step"}"#)
        #expect(
            try text(.answer(question: QuestionID(3), prediction: .probability(0.7)))
                == #"{"probability":0.7,"question":3,"type":"answer"}"#)
        #expect(
            try text(.setParameter(name: "environmentColour", value: .number(20)))
                == #"{"name":"environmentColour","type":"setParameter","value":20}"#)
        let error = String(decoding: try encoder.encode(.error(ProtocolError(.lateAnswer, "Too late."))), as: UTF8.self)
        #expect(error == #"{"code":"late-answer","message":"Too late.","type":"error"}"#)
    }

    @Test func aSnapshotIsEncodedOnceStraightFromTheModelsValue() throws {
        // Given a model's snapshot value
        struct Picture: Codable, Equatable { var cells: [Int]; var label: String }
        let header = SnapshotHeader(model: .life, timeline: 2, generation: 40)
        let picture = Picture(cells: [0, 1, 1], label: "glider")

        // When the fast path encodes it
        let fast = try encoder.encodeSnapshot(header, picture)

        // Then it is byte for byte the generic encoding, and decodes to the same snapshot
        let generic = try encoder.encode(.snapshot(header, try JSONValue(encoding: picture)))
        #expect(fast == generic)
        guard case .snapshot(let decodedHeader, let value) = try decoder.decodeServerMessage(fast) else {
            Issue.record("not a snapshot")
            return
        }
        #expect(decodedHeader == header)
        #expect(try value.decode(as: Picture.self) == picture)
    }

    @Test func aLessonFileKeepsAll64BitsOfTheSeedAndTheHashAsText() throws {
        // Given a definition with the largest seed
        let bytes = try encoder.encodeDocument(Fixtures.definition)
        let text = String(decoding: bytes, as: UTF8.self)

        // Then the seed and the hash travel as strings, and decode to the same values
        #expect(text.contains(#""seed":"18446744073709551615""#))
        #expect(text.contains(#""stateHash":"00abcdef01234567""#))
        #expect(text.contains(#""format":"petri.lesson.v1""#))
        #expect(try decoder.decode(LessonDefinition.self, from: bytes) == Fixtures.definition)
    }

    @Test func aLessonFileOfAnotherFormatIsRefused() throws {
        // Given a file of another format version, When decoded, Then it is refused with a sentence
        let bytes = Array(#"{"format":"petri.lesson.v0","model":"life","seed":"1"}"#.utf8)
        #expect(
            throws: ProtocolError(
                .invalidDefinition, "This is not a petri.lesson.v1 lesson file; export it again from this version.")
        ) {
            try decoder.decode(LessonDefinition.self, from: bytes)
        }
    }
}
