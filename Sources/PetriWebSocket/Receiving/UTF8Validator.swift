/// Checks UTF-8 a chunk at a time, so a message can be judged while it is still arriving.
///
/// The well-formed byte sequences of Unicode's Table 3-7 as a tiny state machine: after a lead
/// byte it knows how many continuation bytes must follow and the range the next one must be
/// in (which rules out overlong forms, surrogates and code points above U+10FFFF). A sequence
/// may be cut anywhere between chunks; ``isComplete`` says whether the bytes so far end on a
/// character boundary.
struct UTF8Validator: Sendable, Hashable {
    /// Continuation bytes still expected.
    private var needed: UInt8 = 0
    /// The range the next continuation byte must fall in.
    private var lower: UInt8 = 0x80
    private var upper: UInt8 = 0xBF

    init() {}

    /// Whether everything taken so far ends between two characters.
    var isComplete: Bool { needed == 0 }

    /// Takes the next bytes; false as soon as they cannot be UTF-8 whatever follows.
    mutating func take(_ bytes: UnsafeRawBufferPointer) -> Bool {
        for byte in bytes where !take(byte) { return false }
        return true
    }

    /// Takes one byte; false when it breaks the encoding.
    mutating func take(_ byte: UInt8) -> Bool {
        if needed > 0 {
            guard byte >= lower, byte <= upper else { return false }
            needed -= 1
            lower = 0x80
            upper = 0xBF
            return true
        }
        switch byte {
        case 0x00...0x7F: return true
        case 0xC2...0xDF: expect(1, 0x80, 0xBF)
        case 0xE0: expect(2, 0xA0, 0xBF)  // no overlong three-byte forms
        case 0xE1...0xEC, 0xEE...0xEF: expect(2, 0x80, 0xBF)
        case 0xED: expect(2, 0x80, 0x9F)  // no UTF-16 surrogates
        case 0xF0: expect(3, 0x90, 0xBF)  // no overlong four-byte forms
        case 0xF1...0xF3: expect(3, 0x80, 0xBF)
        case 0xF4: expect(3, 0x80, 0x8F)  // nothing above U+10FFFF
        default: return false  // continuation bytes, C0, C1, F5-FF
        }
        return true
    }

    private mutating func expect(_ count: UInt8, _ low: UInt8, _ high: UInt8) {
        needed = count
        lower = low
        upper = high
    }
}
