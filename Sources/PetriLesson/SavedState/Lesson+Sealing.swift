import PetriSimulation

extension Lesson {
    /// Saved-state bytes without their trailing checksum, given a checksum again.
    ///
    /// For tools that build or alter a saved lesson: the fuzzer mutates a state's body and seals
    /// it, so that ``init(decodingState:teacherToken:configuration:source:)`` reads past the checksum
    /// and into the values.
    ///
    /// - Parameter body: Everything ``encodeState()`` writes before the 8-byte checksum.
    package static func sealingState(_ body: [UInt8]) -> [UInt8] {
        var w = StateWriter()
        w.append(contentsOf: body)
        w.append(StateChecksum.of(body[...]))
        return w.bytes
    }
}
