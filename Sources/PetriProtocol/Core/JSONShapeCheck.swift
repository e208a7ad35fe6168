import PetriWords

/// Checks raw bytes before `JSONDecoder` sees them: size, nesting depth, JSON syntax, UTF-8.
///
/// `JSONDecoder` builds a whole tree before it decodes anything, and recurses once per
/// nesting level, so a hostile 1 MB `[[[[...` costs memory and stack before any schema check
/// runs. This scan allocates nothing, recurses at most `maxDepth` levels and stops at the
/// first problem, so by the time the decoder runs the input is known to be small, shallow and
/// well-formed, and any remaining decoding failure is a field problem, not a syntax one.
enum JSONShapeCheck {
    /// Validates `bytes` as one JSON document within `limits`.
    ///
    /// - Throws: `too-large`, `too-deep` or `malformed-json`.
    static func check(_ bytes: [UInt8], limits: ProtocolLimits) throws(ProtocolError) {
        guard bytes.count <= limits.maxMessageBytes else {
            throw ProtocolError(
                .tooLarge,
                ProtocolWords.word(
                    "protocol.message.tooLarge", ["count": .int(bytes.count), "limit": .int(limits.maxMessageBytes)]))
        }
        var scanner = Scanner(bytes: bytes, maxDepth: limits.maxDepth)
        try scanner.document()
        guard String(validating: bytes, as: UTF8.self) != nil else {
            throw ProtocolError(.malformedJSON, ProtocolWords.word("protocol.message.notUTF8"))
        }
    }

    private struct Scanner {
        let bytes: [UInt8]
        let maxDepth: Int
        var i = 0
        /// The bytes of the object key whose value is being scanned, so a bad value can be named.
        var key: Range<Int>?

        init(bytes: [UInt8], maxDepth: Int) {
            self.bytes = bytes
            self.maxDepth = maxDepth
        }

        mutating func document() throws(ProtocolError) {
            skipSpace()
            try value(depth: 0)
            skipSpace()
            guard i == bytes.count else { throw malformed(ProtocolWords.word("protocol.json.afterValue")) }
        }

        private var current: UInt8? { i < bytes.count ? bytes[i] : nil }

        private mutating func skipSpace() {
            while let b = current, b == 0x20 || b == 0x09 || b == 0x0A || b == 0x0D { i += 1 }
        }

        private mutating func value(depth: Int) throws(ProtocolError) {
            guard let b = current else { throw malformed(ProtocolWords.word("protocol.json.endsEarly")) }
            switch b {
            case UInt8(ascii: "{"): try container(close: UInt8(ascii: "}"), keyed: true, depth: depth + 1)
            case UInt8(ascii: "["): try container(close: UInt8(ascii: "]"), keyed: false, depth: depth + 1)
            case UInt8(ascii: "\""): try string()
            case UInt8(ascii: "t"): try literal("true")
            case UInt8(ascii: "f"): try literal("false")
            case UInt8(ascii: "n"): try literal("null")
            case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): try number()
            default: throw malformed(ProtocolWords.word("protocol.json.unexpectedCharacter", ["byte": .int(i)]))
            }
        }

        private mutating func container(close: UInt8, keyed: Bool, depth: Int) throws(ProtocolError) {
            guard depth <= maxDepth else {
                throw ProtocolError(.tooDeep, ProtocolWords.word("protocol.message.tooDeep", ["depth": .int(maxDepth)]))
            }
            i += 1
            skipSpace()
            if current == close {
                i += 1
                return
            }
            while true {
                if keyed {
                    guard current == UInt8(ascii: "\"") else {
                        throw malformed(ProtocolWords.word("protocol.json.keyNotString"))
                    }
                    let start = i + 1
                    try string()
                    key = start..<(i - 1)
                    skipSpace()
                    guard current == UInt8(ascii: ":") else {
                        throw malformed(ProtocolWords.word("protocol.json.colonExpected"))
                    }
                    i += 1
                    skipSpace()
                }
                try value(depth: depth)
                skipSpace()
                if current == UInt8(ascii: ",") {
                    i += 1
                    skipSpace()
                } else if current == close {
                    i += 1
                    return
                } else {
                    throw malformed(
                        ProtocolWords.word(
                            "protocol.json.separatorExpected",
                            ["close": .text(String(Character(Unicode.Scalar(close)))), "byte": .int(i)]))
                }
            }
        }

        private mutating func string() throws(ProtocolError) {
            i += 1
            while let b = current {
                i += 1
                switch b {
                case UInt8(ascii: "\""): return
                case UInt8(ascii: "\\"):
                    guard let e = current else { break }
                    i += 1
                    if e == UInt8(ascii: "u") {
                        let unit = try hexUnit()
                        if (0xDC00...0xDFFF).contains(unit) { throw loneSurrogate(unit) }
                        if (0xD800...0xDBFF).contains(unit) {
                            // A high surrogate must be followed at once by an escaped low one.
                            guard current == UInt8(ascii: "\\"), i + 1 < bytes.count, bytes[i + 1] == UInt8(ascii: "u")
                            else { throw loneSurrogate(unit) }
                            i += 2
                            let low = try hexUnit()
                            guard (0xDC00...0xDFFF).contains(low) else { throw loneSurrogate(unit) }
                        }
                    } else if !"\"\\/bfnrt".utf8.contains(e) {
                        throw malformed(ProtocolWords.word("protocol.json.badEscape"))
                    }
                case 0..<0x20: throw malformed(ProtocolWords.word("protocol.json.controlCharacter"))
                default: continue
                }
            }
            throw malformed(ProtocolWords.word("protocol.json.unclosedString"))
        }

        /// Four hex digits of a `\\u` escape, as a UTF-16 code unit.
        private mutating func hexUnit() throws(ProtocolError) -> UInt16 {
            var unit: UInt16 = 0
            for _ in 0..<4 {
                guard let h = current, isHexDigit(h) else {
                    throw malformed(ProtocolWords.word("protocol.json.badUnicodeEscape"))
                }
                unit = unit << 4 | UInt16(hexValue(h))
                i += 1
            }
            return unit
        }

        private func hexValue(_ b: UInt8) -> UInt8 {
            switch b {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): b - UInt8(ascii: "0")
            case UInt8(ascii: "a")...UInt8(ascii: "f"): b - UInt8(ascii: "a") + 10
            default: b - UInt8(ascii: "A") + 10
            }
        }

        /// The name of the field being scanned, for a sentence.
        private var fieldName: WordArgument {
            ProtocolWords.field(key.map { String(decoding: bytes[$0], as: UTF8.self) } ?? "")
        }

        private func loneSurrogate(_ unit: UInt16) -> ProtocolError {
            let hex = String(unit, radix: 16, uppercase: true)
            return ProtocolError(
                .invalidField,
                ProtocolWords.word("protocol.field.loneSurrogate", ["field": fieldName, "hex": .text(hex)]))
        }

        private mutating func number() throws(ProtocolError) {
            let start = i
            try numberSyntax()
            // Every number must fit a double: 1e400 would reach the decoder as a failure with no field.
            let text = String(decoding: bytes[start..<i], as: UTF8.self)
            if let x = Double(text), !x.isFinite {
                throw ProtocolError(
                    .invalidField,
                    ProtocolWords.word("protocol.field.numberTooLarge", ["field": fieldName, "number": .text(text)]))
            }
        }

        private mutating func numberSyntax() throws(ProtocolError) {
            if current == UInt8(ascii: "-") { i += 1 }
            guard let first = current, isDigit(first) else {
                throw malformed(ProtocolWords.word("protocol.json.badNumber"))
            }
            i += 1
            if first != UInt8(ascii: "0") { skipDigits() }
            if current == UInt8(ascii: ".") {
                i += 1
                guard let d = current, isDigit(d) else {
                    throw malformed(ProtocolWords.word("protocol.json.badNumber"))
                }
                skipDigits()
            }
            if current == UInt8(ascii: "e") || current == UInt8(ascii: "E") {
                i += 1
                if current == UInt8(ascii: "+") || current == UInt8(ascii: "-") { i += 1 }
                guard let d = current, isDigit(d) else {
                    throw malformed(ProtocolWords.word("protocol.json.badNumber"))
                }
                skipDigits()
            }
        }

        private mutating func literal(_ word: StaticString) throws(ProtocolError) {
            let count = word.utf8CodeUnitCount
            guard bytes.count - i >= count else { throw malformed(ProtocolWords.word("protocol.json.unknownWord")) }
            for k in 0..<count where bytes[i + k] != word.utf8Start[k] {
                throw malformed(ProtocolWords.word("protocol.json.unknownWord"))
            }
            i += count
        }

        private mutating func skipDigits() {
            while let d = current, isDigit(d) { i += 1 }
        }

        private func isDigit(_ b: UInt8) -> Bool { (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(b) }

        private func isHexDigit(_ b: UInt8) -> Bool {
            isDigit(b) || (UInt8(ascii: "a")...UInt8(ascii: "f")).contains(b)
                || (UInt8(ascii: "A")...UInt8(ascii: "F")).contains(b)
        }

        private func malformed(_ what: Word) -> ProtocolError {
            ProtocolError(.malformedJSON, ProtocolWords.word("protocol.json.malformed", ["what": .word(what)]))
        }
    }
}
