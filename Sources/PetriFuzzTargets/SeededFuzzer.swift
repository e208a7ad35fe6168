import PetriSimulation

/// A deterministic mutation fuzzer: the same seed runs the same inputs, so a failure it finds
/// in the test suite fails the same way every time.
///
/// No coverage feedback (that is libFuzzer's job under `make fuzz`): it runs a target's seed
/// inputs, then mutations of them and of its own recent inputs (bit flips, interesting bytes,
/// dictionary tokens, insertions, deletions, duplications and splices).
public struct SeededFuzzer {
    public let target: FuzzTarget
    /// Inputs run so far.
    public private(set) var executions = 0
    private var random: PetriRandom
    private var corpus: [[UInt8]]
    private let maxLength: Int
    private let seedCount: Int

    /// - Parameters:
    ///   - target: What to fuzz.
    ///   - seed: The generator's seed.
    ///   - maxLength: The longest input tried.
    public init(target: FuzzTarget, seed: UInt64, maxLength: Int = 4096) {
        self.target = target
        self.random = PetriRandom(seed: seed)
        self.corpus = target.seeds
        self.seedCount = corpus.count
        self.maxLength = maxLength
    }

    /// Runs the next input.
    ///
    /// - Throws: ``FuzzViolation`` from the target.
    public mutating func runOne() throws(FuzzViolation) {
        let input: [UInt8]
        if executions < seedCount {
            input = corpus[executions]
        } else {
            input = corpus.isEmpty ? [] : mutate(corpus[random.nextInt(in: 0...(corpus.count - 1))])
            if corpus.count < 256 { corpus.append(input) } else { corpus[random.nextInt(in: 0...255)] = input }
        }
        executions += 1
        try target.run(input)
    }

    /// Runs `count` inputs.
    public mutating func run(_ count: Int) throws(FuzzViolation) {
        for _ in 0..<count { try runOne() }
    }

    private mutating func mutate(_ original: [UInt8]) -> [UInt8] {
        var bytes = original
        for _ in 0..<random.nextInt(in: 1...4) {
            let position = bytes.isEmpty ? 0 : random.nextInt(in: 0...(bytes.count - 1))
            switch random.nextInt(in: 0...7) {
            case 0 where !bytes.isEmpty:
                bytes[position] ^= 1 << UInt8(random.nextInt(in: 0...7))
            case 1 where !bytes.isEmpty:
                bytes[position] = Self.interesting[random.nextInt(in: 0...(Self.interesting.count - 1))]
            case 2:
                let words = target.dictionary
                let token = words.isEmpty ? [] : words[random.nextInt(in: 0...(words.count - 1))]
                bytes.insert(contentsOf: token, at: min(position, bytes.count))
            case 3:
                let run = (0..<random.nextInt(in: 1...16)).map { _ in UInt8(truncatingIfNeeded: random.next()) }
                bytes.insert(contentsOf: run, at: min(position, bytes.count))
            case 4 where !bytes.isEmpty:
                let end = min(bytes.count, position + random.nextInt(in: 1...32))
                bytes.removeSubrange(position..<end)
            case 5 where !bytes.isEmpty:
                let end = min(bytes.count, position + random.nextInt(in: 1...64))
                bytes.insert(contentsOf: bytes[position..<end], at: random.nextInt(in: 0...bytes.count))
            case 6:
                let other = corpus[random.nextInt(in: 0...(corpus.count - 1))]
                let cut = other.isEmpty ? 0 : random.nextInt(in: 0...other.count)
                bytes = Array(bytes.prefix(position)) + other.suffix(other.count - cut)
            default:
                if !bytes.isEmpty { bytes[position] = UInt8(truncatingIfNeeded: random.next()) }
            }
        }
        return Array(bytes.prefix(maxLength))
    }

    private static let interesting: [UInt8] = [
        0, 1, 0x7F, 0x80, 0xBF, 0xC0, 0xC2, 0xE0, 0xED, 0xF0, 0xF4, 0xFF, 0x22, 0x5C, 0x2D, 0x30, 0x39, 0x65,
    ]
}

extension FuzzTarget {
    /// Tokens worth inserting whole: the format's syntax and its troublesome values.
    var dictionary: [[UInt8]] {
        let words: [String]
        switch self {
        case .clientMessage:
            words = [
                "\"type\":", "\"answer\"", "\"number\":", "1e400", "-0", "1.7976931348623157e308", "null", "[]",
                "{}", "\"\\ud800\"", "\"\\u0000\"", "9007199254740993", "-9223372036854775809", "\"question\":",
                "\"count\":", "\"rate\":", "1.5", "true", ",", ":", "\"options\":[", "\"when\":{\"op\":\"between\"",
            ]
        case .rle:
            words = ["$", "!", "b", "o", "x = ", ", y = ", "rule = ", "B3/S23", "#N ", "#C ", "\n", "999999999", "0"]
        case .lesson, .savedState, .reassembly:
            words = []
        }
        return words.map { Array($0.utf8) }
    }
}
