/// A little-endian byte writer for a model's exact saved state.
///
/// Saved state is bytes, not JSON: a 4096×4096 Life board is 2 MiB packed and would be
/// tens of megabytes as a JSON array. The same bytes feed ``StableHash``, so the state hash
/// is the same on every machine and in every process (unlike Swift's seeded `Hasher`).
package struct StateWriter: Sendable {
    package private(set) var bytes: [UInt8] = []

    package init(model: ModelKind, version: UInt8) {
        append(model.tag)
        append(version)
    }

    /// Starts an empty writer with no model header: for a container that holds states (a lesson's).
    package init() {}

    package mutating func append(_ byte: UInt8) { bytes.append(byte) }

    /// Appends bytes as they are, with no count (the reader must know where they end).
    package mutating func append(contentsOf other: [UInt8]) { bytes.append(contentsOf: other) }

    package mutating func append(_ value: UInt64) {
        withUnsafeBytes(of: value.littleEndian) { bytes.append(contentsOf: $0) }
    }

    package mutating func append(_ value: Int) { append(UInt64(bitPattern: Int64(value))) }

    package mutating func append(_ value: Double) { append(value.bitPattern) }

    package mutating func append(_ value: Bool) { append(value ? 1 as UInt8 : 0) }

    package mutating func append(_ value: String) {
        let utf8 = Array(value.utf8)
        append(utf8.count)
        bytes.append(contentsOf: utf8)
    }

    /// Appends a whole number in 1 to 10 bytes (zigzag LEB128): small counts and ids stay small.
    package mutating func appendCompact(_ value: Int) {
        var rest = UInt64(bitPattern: Int64(value) << 1 ^ Int64(value) >> 63)
        while rest >= 0x80 {
            bytes.append(UInt8(truncatingIfNeeded: rest) | 0x80)
            rest >>= 7
        }
        bytes.append(UInt8(rest))
    }

    /// Appends a byte count, then the bytes (e.g. a model's saved state inside a lesson's).
    package mutating func appendBlock(_ block: [UInt8]) {
        appendCompact(block.count)
        bytes.append(contentsOf: block)
    }

    package mutating func append(_ random: PetriRandom) {
        append(random.state.0)
        append(random.state.1)
        append(random.state.2)
        append(random.state.3)
    }
}

/// Reads what a ``StateWriter`` wrote; every read is bounds-checked and throws on short input.
package struct StateReader: Sendable {
    private let bytes: [UInt8]
    private var offset = 0

    /// Starts reading and checks the model tag and format version.
    ///
    /// - Throws: ``SimulationError/Code/corruptState`` when the bytes belong to another model
    ///   or another format version.
    package init(_ bytes: [UInt8], model: ModelKind, version: UInt8) throws(SimulationError) {
        self.bytes = bytes
        let tag: UInt8 = try readByte()
        guard tag == model.tag else {
            throw SimulationError(.corruptState, "The saved state is not a \(model.rawValue) model's state.")
        }
        let v: UInt8 = try readByte()
        guard v == version else {
            throw SimulationError(
                .corruptState,
                "The saved \(model.rawValue) state has format version \(v); this build reads version \(version).")
        }
    }

    /// Starts reading bytes that have no model header (see ``StateWriter/init()``).
    package init(bytes: [UInt8]) {
        self.bytes = bytes
    }

    var isAtEnd: Bool { offset == bytes.count }

    /// The bytes not read yet.
    package var remaining: Int { bytes.count - offset }

    package mutating func readByte() throws(SimulationError) -> UInt8 {
        guard offset < bytes.count else { throw Self.truncated }
        defer { offset += 1 }
        return bytes[offset]
    }

    package mutating func readUInt64() throws(SimulationError) -> UInt64 {
        guard bytes.count - offset >= 8 else { throw Self.truncated }
        var value: UInt64 = 0
        for i in 0..<8 { value |= UInt64(bytes[offset + i]) << (8 * UInt64(i)) }
        offset += 8
        return value
    }

    package mutating func readInt() throws(SimulationError) -> Int { Int(Int64(bitPattern: try readUInt64())) }

    package mutating func readDouble() throws(SimulationError) -> Double { Double(bitPattern: try readUInt64()) }

    package mutating func readBool() throws(SimulationError) -> Bool { try readByte() != 0 }

    /// Reads what ``StateWriter/appendCompact(_:)`` wrote.
    package mutating func readCompact() throws(SimulationError) -> Int {
        var value: UInt64 = 0
        var shift: UInt64 = 0
        while true {
            let byte = try readByte()
            guard shift < 64, shift < 63 || byte <= 1 else {
                throw SimulationError(.corruptState, "The saved state holds a number longer than 64 bits.")
            }
            value |= UInt64(byte & 0x7F) << shift
            if byte < 0x80 { break }
            shift += 7
        }
        return Int(Int64(bitPattern: value >> 1) ^ -Int64(bitPattern: value & 1))
    }

    /// Reads a compact count and checks it against `limit` before anything is allocated for it.
    package mutating func readCompactCount(limit: Int) throws(SimulationError) -> Int {
        let n = try readCompact()
        guard (0...limit).contains(n) else {
            throw SimulationError(.corruptState, "The saved state holds a count of \(n), outside 0...\(limit).")
        }
        return n
    }

    /// Reads what ``StateWriter/appendBlock(_:)`` wrote.
    package mutating func readBlock() throws(SimulationError) -> [UInt8] {
        // The length first, then the limit: `readCompactCount(limit: remaining)` measured what
        // remained before the length's own bytes were read, so a forged length could reach up to
        // ten bytes past the end and trap the slice (found by the saved-state fuzzer).
        let n = try readCompact()
        guard (0...remaining).contains(n) else { throw Self.truncated }
        defer { offset += n }
        return Array(bytes[offset..<offset + n])
    }

    /// Reads a count and checks it against `limit` before anything is allocated for it.
    mutating func readCount(limit: Int) throws(SimulationError) -> Int {
        let n = try readInt()
        guard (0...limit).contains(n) else {
            throw SimulationError(.corruptState, "The saved state holds a count of \(n), outside 0...\(limit).")
        }
        return n
    }

    mutating func readString() throws(SimulationError) -> String {
        let n = try readInt()  // then the limit, as in `readBlock`: the length's 8 bytes are read by now
        guard (0...remaining).contains(n) else { throw Self.truncated }
        defer { offset += n }
        return String(decoding: bytes[offset..<offset + n], as: UTF8.self)
    }

    package mutating func readRandom() throws(SimulationError) -> PetriRandom {
        try PetriRandom(state: (try readUInt64(), try readUInt64(), try readUInt64(), try readUInt64()))
    }

    /// Fails unless every byte was consumed (trailing garbage means a corrupt file).
    package func finish() throws(SimulationError) {
        guard isAtEnd else {
            throw SimulationError(
                .corruptState, "The saved state has \(bytes.count - offset) unexpected bytes at its end.")
        }
    }

    private static let truncated = SimulationError(.corruptState, "The saved state ends too early; it is truncated.")
}

/// FNV-1a over 64 bits: a stable hash of saved state, identical across runs and machines.
package enum StableHash {
    package static func fnv1a(_ bytes: [UInt8]) -> UInt64 {
        var h: UInt64 = 0xCBF2_9CE4_8422_2325
        for b in bytes {
            h ^= UInt64(b)
            h &*= 0x0000_0100_0000_01B3
        }
        return h
    }
}
