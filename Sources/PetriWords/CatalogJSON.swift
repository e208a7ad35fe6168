/// Reads a catalog file: one JSON object whose values are strings, or objects of strings (the
/// plural forms). A small reader of exactly that shape, so this module needs nothing else.
enum CatalogJSON {
    /// A catalog file that is not of that shape; the message says where and what.
    struct Malformed: Error, Sendable, CustomStringConvertible {
        let offset: Int
        let expected: String
        var description: String { "expected \(expected) at byte \(offset)" }
    }

    /// One entry's value as written.
    enum Value: Sendable, Hashable {
        case text(String)
        case forms([String: String])
    }

    static func parse(_ bytes: [UInt8]) throws(Malformed) -> [String: Value] {
        var reader = Reader(bytes: bytes)
        let entries = try reader.object { reader throws(Malformed) -> Value in
            if reader.peek == UInt8(ascii: "{") {
                return .forms(try reader.object { reader throws(Malformed) in try reader.string() })
            }
            return .text(try reader.string())
        }
        reader.skipSpace()
        guard reader.offset == bytes.count else { throw Malformed(offset: reader.offset, expected: "the end") }
        return entries
    }

    private struct Reader {
        let bytes: [UInt8]
        var offset = 0

        var peek: UInt8? {
            mutating get {
                skipSpace()
                return offset < bytes.count ? bytes[offset] : nil
            }
        }

        mutating func skipSpace() {
            while offset < bytes.count, [0x20, 0x0A, 0x0D, 0x09].contains(bytes[offset]) { offset += 1 }
        }

        mutating func expect(_ byte: UInt8, _ what: String) throws(Malformed) {
            guard peek == byte else { throw Malformed(offset: offset, expected: what) }
            offset += 1
        }

        mutating func object<T>(_ value: (inout Reader) throws(Malformed) -> T) throws(Malformed) -> [String: T] {
            try expect(UInt8(ascii: "{"), "{")
            var result: [String: T] = [:]
            if peek == UInt8(ascii: "}") {
                offset += 1
                return result
            }
            while true {
                let key = try string()
                guard result[key] == nil else { throw Malformed(offset: offset, expected: "no second \"\(key)\"") }
                try expect(UInt8(ascii: ":"), ":")
                result[key] = try value(&self)
                if peek == UInt8(ascii: ",") {
                    offset += 1
                    continue
                }
                try expect(UInt8(ascii: "}"), ", or }")
                return result
            }
        }

        mutating func string() throws(Malformed) -> String {
            try expect(UInt8(ascii: "\""), "a string")
            var scalars = String.UnicodeScalarView()
            var run: [UInt8] = []
            func flush() {
                scalars.append(contentsOf: String(decoding: run, as: UTF8.self).unicodeScalars)
                run.removeAll()
            }
            while offset < bytes.count {
                let byte = bytes[offset]
                offset += 1
                switch byte {
                case UInt8(ascii: "\""):
                    flush()
                    return String(scalars)
                case UInt8(ascii: "\\"):
                    flush()
                    scalars.append(try escape())
                case 0..<0x20:
                    throw Malformed(offset: offset - 1, expected: "no control character in a string")
                default:
                    run.append(byte)
                }
            }
            throw Malformed(offset: offset, expected: "the string's closing quote")
        }

        private mutating func escape() throws(Malformed) -> Unicode.Scalar {
            guard offset < bytes.count else { throw Malformed(offset: offset, expected: "an escape") }
            let byte = bytes[offset]
            offset += 1
            switch byte {
            case UInt8(ascii: "n"): return "\n"
            case UInt8(ascii: "t"): return "\t"
            case UInt8(ascii: "r"): return "\r"
            case UInt8(ascii: "b"): return "\u{08}"
            case UInt8(ascii: "f"): return "\u{0C}"
            case UInt8(ascii: "u"):
                let high = try hex4()
                if (0xD800..<0xDC00).contains(high) {
                    guard offset + 1 < bytes.count, bytes[offset] == UInt8(ascii: "\\"),
                        bytes[offset + 1] == UInt8(ascii: "u")
                    else { throw Malformed(offset: offset, expected: "a low surrogate") }
                    offset += 2
                    let low = try hex4()
                    guard (0xDC00..<0xE000).contains(low),
                        let scalar = Unicode.Scalar(0x10000 + ((high - 0xD800) << 10) + (low - 0xDC00))
                    else { throw Malformed(offset: offset, expected: "a low surrogate") }
                    return scalar
                }
                guard let scalar = Unicode.Scalar(high) else { throw Malformed(offset: offset, expected: "a scalar") }
                return scalar
            case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): return Unicode.Scalar(byte)
            default: throw Malformed(offset: offset - 1, expected: "one of \\\" \\\\ \\/ \\b \\f \\n \\r \\t \\u")
            }
        }

        private mutating func hex4() throws(Malformed) -> UInt32 {
            guard offset + 4 <= bytes.count else { throw Malformed(offset: offset, expected: "four hex digits") }
            var value: UInt32 = 0
            for byte in bytes[offset..<offset + 4] {
                guard let digit = Character(Unicode.Scalar(byte)).hexDigitValue else {
                    throw Malformed(offset: offset, expected: "four hex digits")
                }
                value = value * 16 + UInt32(digit)
            }
            offset += 4
            return value
        }
    }
}
