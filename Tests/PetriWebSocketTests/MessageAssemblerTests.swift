import PetriTransport
import Testing

@testable import PetriWebSocket

@Suite struct MessageAssemblerTests {
    @Test func theValidatorAgreesWithTheStandardLibraryOnEveryTwoByteAndLeadingThreeByteSequence() {
        // Every two-byte sequence, and every three-byte one starting E0, ED, EF or F0, F4 (the edges)
        var checked = 0
        var disagreements: [[UInt8]] = []
        for a in 0...255 {
            for b in 0...255 {
                for tail in [[], [0x80], [0xBF], [0x80, 0x80]] as [[UInt8]] {
                    let bytes = [UInt8(a), UInt8(b)] + tail
                    var validator = UTF8Validator()
                    let ours = bytes.withUnsafeBytes { validator.take($0) } && validator.isComplete
                    if ours != (String(validating: bytes, as: UTF8.self) != nil) { disagreements.append(bytes) }
                    checked += 1
                }
            }
        }
        #expect(checked == 4 * 65536)
        #expect(disagreements.isEmpty, "\(disagreements.prefix(10))")
    }

    @Test func aCharacterSplitAcrossChunksIsAccepted() {
        var assembler = MessageAssembler(maxMessageBytes: 100, validatesUTF8: true)
        let euro: [UInt8] = [0xE2, 0x82, 0xAC]
        #expect(assembler.take(Array(euro[0..<1]), isBinary: false, isFinal: false) == .partial)
        #expect(assembler.take(Array(euro[1..<3]), isBinary: false, isFinal: true) == .complete(.text))
        #expect(assembler.bytes == euro)
    }

    @Test func takingAMessageHandsOverItsBytesAndKeepsNoBufferForTheNext() {
        // Given a message completed from two chunks
        var assembler = MessageAssembler(maxMessageBytes: 100, validatesUTF8: true)
        _ = assembler.take(Array("hello ".utf8), isBinary: false, isFinal: false)
        #expect(assembler.take(Array("world".utf8), isBinary: false, isFinal: true) == .complete(.text))
        // When it is taken
        let message = assembler.takeMessage()
        // Then the bytes are the message, the assembler holds no storage, and the next message starts afresh
        #expect(message == Array("hello world".utf8))
        #expect(assembler.bytes.capacity == 0)
        #expect(assembler.take([0x62], isBinary: true, isFinal: true) == .complete(.binary))
        #expect(assembler.takeMessage() == [0x62])
    }

    @Test func badUTF8IsRefusedAtTheFirstBadChunkAndLaterChunksAreIgnored() {
        var assembler = MessageAssembler(maxMessageBytes: 100, validatesUTF8: true)
        #expect(
            assembler.take([0x61, 0xFF], isBinary: false, isFinal: false)
                == .refused(.invalidPayload, "text message is not valid UTF-8"))
        #expect(assembler.take([0x61], isBinary: false, isFinal: true) == .partial)
        #expect(assembler.bytes.isEmpty)
    }

    @Test func binaryIsNotCheckedAndTheLimitCountsEveryChunk() {
        var assembler = MessageAssembler(maxMessageBytes: 4, validatesUTF8: true)
        #expect(assembler.take([0xFF, 0xFE], isBinary: true, isFinal: false) == .partial)
        #expect(assembler.take([0xFF, 0xFE], isBinary: false, isFinal: false) == .partial)  // kind from the first chunk
        #expect(
            assembler.take([0], isBinary: true, isFinal: true)
                == .refused(.messageTooBig, "message larger than 4 bytes"))
    }
}
