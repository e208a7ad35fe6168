import PetriProtocol
import PetriSimulation

/// A value with a byte layout inside a lesson's saved state (see `Lesson+SavedState.swift`).
///
/// Written by hand rather than derived from `Codable`: the layout is part of the saved-state
/// format, so renaming a property must not change it, and a class of a thousand students with
/// twenty answers each stays a few hundred kilobytes instead of megabytes of JSON. Each
/// conformance writes its fields in the order it documents and reads them back in that order;
/// reading checks what it can and throws ``SimulationError/Code/corruptState`` on anything a
/// lesson could not have held.
protocol StateCodable {
    func write(to writer: inout StateWriter)
    init(from reader: inout StateReader) throws(SimulationError)
}

extension StateWriter {
    /// Text: a compact byte count, then UTF-8.
    mutating func appendText(_ text: String) { appendBlock(Array(text.utf8)) }

    /// A presence byte (0 or 1), then the value if present.
    mutating func appendOptional<T>(_ value: T?, _ write: (inout StateWriter, T) -> Void) {
        append(value != nil)
        if let value { write(&self, value) }
    }

    mutating func append(_ value: some StateCodable) { value.write(to: &self) }

    /// A compact count, then each element.
    mutating func appendArray<T: StateCodable>(_ values: [T]) {
        appendCompact(values.count)
        for value in values { value.write(to: &self) }
    }

    /// A compact count, then each number compact.
    mutating func appendCompacts(_ values: [Int]) {
        appendCompact(values.count)
        for value in values { appendCompact(value) }
    }

    mutating func append(_ time: Timestamp) { appendCompact(Int(time.millisecondsSince1970)) }

    /// Enum cases are saved by their raw names, not their positions: reordering a Swift enum
    /// must not change what old saved states mean.
    mutating func appendName<T: RawRepresentable<String>>(_ value: T) { appendText(value.rawValue) }
}

extension StateReader {
    mutating func readText() throws(SimulationError) -> String {
        String(decoding: try readBlock(), as: UTF8.self)
    }

    mutating func readOptional<T>(_ read: (inout StateReader) throws(SimulationError) -> T) throws(SimulationError)
        -> T?
    {
        switch try readByte() {
        case 0: return nil
        case 1: return try read(&self)
        default: throw Self.corrupt("has a presence flag that is neither 0 nor 1")
        }
    }

    mutating func read<T: StateCodable>(_: T.Type = T.self) throws(SimulationError) -> T { try T(from: &self) }

    /// Reads a compact count (at most one element per remaining byte, so a forged count
    /// fails before it costs memory), then each element.
    mutating func readArray<T: StateCodable>(_: T.Type = T.self) throws(SimulationError) -> [T] {
        let count = try readCompactCount(limit: remaining)
        var values: [T] = []
        values.reserveCapacity(count)
        for _ in 0..<count { values.append(try T(from: &self)) }
        return values
    }

    /// A compact count (at most `limit`), then each number compact, in `range` when one is given (`what` names
    /// it in the message that refuses one outside).
    mutating func readCompacts(
        limit: Int, in range: ClosedRange<Int>? = nil, _ what: String = "a number"
    ) throws(SimulationError) -> [Int] {
        let count = try readCompactCount(limit: limit)
        var values: [Int] = []
        for _ in 0..<count {
            if let range { values.append(try readCompact(in: range, what)) } else { values.append(try readCompact()) }
        }
        return values
    }

    mutating func readTimestamp() throws(SimulationError) -> Timestamp {
        Timestamp(millisecondsSince1970: Int64(try readCompact()))
    }

    mutating func readName<T: RawRepresentable<String>>(_: T.Type = T.self) throws(SimulationError) -> T {
        let name = try readText()
        guard let value = T(rawValue: name) else { throw Self.corrupt("names an unknown \(T.self) \"\(name)\"") }
        return value
    }

    /// A compact number that must lie in `range`.
    mutating func readCompact(in range: ClosedRange<Int>, _ what: String) throws(SimulationError) -> Int {
        let value = try readCompact()
        guard range.contains(value) else { throw Self.corrupt("has \(what) \(value), outside \(range)") }
        return value
    }

    static func corrupt(_ problem: String) -> SimulationError {
        SimulationError(.corruptState, "The saved lesson \(problem); it cannot be restored.")
    }
}
