/// Reads structured choices from a fuzzer's bytes, never running out: past the end every read
/// gives zero, so any byte string is a valid (if short) script.
public struct FuzzInput {
    private let bytes: [UInt8]
    private var offset = 0

    public init(_ bytes: [UInt8]) { self.bytes = bytes }

    /// Whether every byte has been read.
    public var isExhausted: Bool { offset >= bytes.count }

    public mutating func byte() -> UInt8 {
        defer { offset += 1 }
        return offset < bytes.count ? bytes[offset] : 0
    }

    public mutating func bool() -> Bool { byte() & 1 == 1 }

    /// A number in `range` (both ends included), from two bytes.
    public mutating func int(in range: ClosedRange<Int>) -> Int {
        let raw = Int(byte()) << 8 | Int(byte())
        let span = range.upperBound - range.lowerBound + 1
        return range.lowerBound + raw % max(1, span)
    }

    /// A finite double of any sign and magnitude up to `magnitude`, with the awkward values
    /// (zero, negative zero, tiny, huge, just under the limit) more likely than chance.
    public mutating func double(magnitude: Double) -> Double {
        switch byte() % 8 {
        case 0: return 0
        case 1: return -0.0
        case 2: return Double(int(in: -1000...1000))
        case 3: return (bool() ? 1 : -1) * magnitude
        case 4: return (bool() ? 1 : -1) * Double.leastNonzeroMagnitude
        case 5: return Double(int(in: 0...10000)) / 10000
        default:
            var raw: UInt64 = 0
            for _ in 0..<8 { raw = raw << 8 | UInt64(byte()) }
            let value = Double(bitPattern: raw)
            guard value.isFinite else { return magnitude }
            return abs(value) <= magnitude ? value : value.truncatingRemainder(dividingBy: magnitude)
        }
    }

    /// Up to `maxCount` bytes.
    public mutating func bytes(upTo maxCount: Int) -> [UInt8] {
        let count = int(in: 0...maxCount)
        return (0..<count).map { _ in byte() }
    }

    /// One of `choices`.
    public mutating func pick<T>(_ choices: [T]) -> T { choices[int(in: 0...(choices.count - 1))] }
}
