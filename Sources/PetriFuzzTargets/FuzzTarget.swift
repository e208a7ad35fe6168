/// The fuzz targets: each a function from any bytes to "no trap, invariants hold".
///
/// The same bodies run under libFuzzer (`make fuzz`, the `Fuzz` package) and as seeded runs in
/// the test suite (`FuzzTargetTests`), so a crash either finds is the other's regression test.
public enum FuzzTarget: String, CaseIterable, Sendable {
    /// A client's message through `ProtocolDecoder.decodeClientMessage`; what decodes must
    /// encode and decode back to itself.
    case clientMessage
    /// A lesson driven by a script of commands from teacher, students and server.
    case lesson
    /// Bytes as a saved lesson (`Lesson(decodingState:)`), checksum made to match.
    case savedState
    /// Text as a Life pattern in RLE; what reads must write and read back to the same cells.
    case rle
    /// Chunks through the client's `MessageAssembler`, checked against a plain reassembly.
    case reassembly

    /// Runs the target on one input.
    ///
    /// - Throws: ``FuzzViolation`` when an invariant does not hold (a trap stops the process).
    public func run(_ input: [UInt8]) throws(FuzzViolation) {
        let problem: String?
        switch self {
        case .clientMessage: problem = ClientMessageTarget.run(input)
        case .lesson: problem = LessonTarget.run(input)
        case .savedState: problem = SavedStateTarget.run(input)
        case .rle: problem = RLETarget.run(input)
        case .reassembly: problem = ReassemblyTarget.run(input)
        }
        if let problem { throw FuzzViolation(target: self, message: problem, input: input) }
    }

    /// Valid inputs to start mutating from.
    public var seeds: [[UInt8]] {
        switch self {
        case .clientMessage: ClientMessageTarget.seeds
        case .lesson: LessonTarget.seeds
        case .savedState: SavedStateTarget.seeds
        case .rle: RLETarget.seeds
        case .reassembly: ReassemblyTarget.seeds
        }
    }
}
