import Testing

@testable import PetriSimulation

/// Found by the saved-state fuzzer: a length that fits what remained before the length itself
/// was read reached past the end and trapped the slice.
@Suite struct StateReaderTests {
    @Test func aBlockLengthThatCountsItsOwnBytesIsRefusedNotTrapped() {
        // Given a block whose compact length (2 bytes) claims exactly the bytes left before it was read
        var w = StateWriter()
        w.appendCompact(100)
        let bytes = w.bytes + [UInt8](repeating: 7, count: 100 - w.bytes.count)
        var r = StateReader(bytes: bytes)
        // Then reading it throws "truncated" instead of trapping
        #expect(throws: SimulationError.self) { _ = try r.readBlock() }
    }

    @Test func aStringLengthThatCountsItsOwnBytesIsRefusedNotTrapped() {
        var w = StateWriter()
        w.append(16)
        let bytes = w.bytes + [UInt8](repeating: 0x61, count: 8)
        var r = StateReader(bytes: bytes)
        #expect(throws: SimulationError.self) { _ = try r.readString() }
    }

    @Test func aBlockAndAStringThatFitStillRead() throws {
        var w = StateWriter()
        w.appendBlock([1, 2, 3])
        w.append("héllo")
        var r = StateReader(bytes: w.bytes)
        #expect(try r.readBlock() == [1, 2, 3])
        #expect(try r.readString() == "héllo")
        #expect(r.isAtEnd)
    }
}
